import { currencyFractionDigits, moneyFromDraft, multiply, roundHalfEven, sum } from './money.js';

// A seeded generator, so a failing case can be replayed (MONEY_SEED=n).
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}
const SEED = Number(process.env.MONEY_SEED ?? 20261123);

/** The reference rounding: on the decimal string, as a person would do it. */
function referenceHalfEven(amount: bigint, digits: number): bigint {
  const negative = amount < 0n;
  const text = (negative ? -amount : amount).toString().padStart(digits + 1, '0');
  const kept = BigInt(text.slice(0, text.length - digits));
  const dropped = text.slice(text.length - digits);
  const half = '5'.padEnd(digits, '0');
  let result = kept;
  if (dropped > half || (dropped === half && kept % 2n === 1n)) result = kept + 1n;
  return negative ? -result : result;
}

describe('money', () => {
  test('fraction digits follow ISO 4217', () => {
    expect([currencyFractionDigits('EUR'), currencyFractionDigits('JPY'), currencyFractionDigits('KWD'), currencyFractionDigits('CLF')]).toEqual([2, 0, 3, 4]);
  });

  test('property: rounding half even agrees with decimal rounding for random amounts and digits', () => {
    const next = random(SEED);
    for (let i = 0; i < 5000; i++) {
      const amount = BigInt(Math.floor((next() - 0.5) * Number.MAX_SAFE_INTEGER));
      const digits = 1 + Math.floor(next() * 18);
      expect([amount, digits, roundHalfEven(amount, digits)]).toEqual([amount, digits, referenceHalfEven(amount, digits)]);
    }
  });

  test('property: a high precision draft accepts exactly the correctly rounded centAmount', () => {
    const next = random(SEED + 1);
    for (let i = 0; i < 2000; i++) {
      const fractionDigits = 3 + Math.floor(next() * 10);
      const preciseAmount = Math.floor(next() * 10 ** 12);
      const money = moneyFromDraft({ type: 'highPrecision', currencyCode: 'EUR', preciseAmount, fractionDigits });
      const expected = Number(referenceHalfEven(BigInt(preciseAmount), fractionDigits - 2));
      expect(money.centAmount).toBe(expected);
      expect(() => moneyFromDraft({ type: 'highPrecision', currencyCode: 'EUR', preciseAmount, fractionDigits, centAmount: expected })).not.toThrow();
      expect(() => moneyFromDraft({ type: 'highPrecision', currencyCode: 'EUR', preciseAmount, fractionDigits, centAmount: expected + 1 })).toThrow(
        /rounded correctly/,
      );
    }
  });

  test('property: products and sums overflow exactly when the true result leaves the exact integer range', () => {
    const next = random(SEED + 2);
    const limit = BigInt(Number.MAX_SAFE_INTEGER);
    for (let i = 0; i < 2000; i++) {
      const centAmount = Math.floor(next() * 2 ** (10 + Math.floor(next() * 43)));
      const quantity = 1 + Math.floor(next() * 2 ** Math.floor(next() * 30));
      const exact = BigInt(centAmount) * BigInt(quantity);
      const run = () => multiply({ type: 'centPrecision', currencyCode: 'EUR', centAmount, fractionDigits: 2 }, quantity).centAmount;
      if (exact > limit) expect(run).toThrow('A Money operation resulted in an overflow.');
      else expect(run()).toBe(Number(exact));
    }
  });

  test('high precision is multiplied exactly and rounded once', () => {
    const third = moneyFromDraft({ type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 3333, fractionDigits: 4 });
    expect(multiply(third, 3).centAmount).toBe(100);
    expect(sum('EUR', [multiply(third, 1), multiply(third, 1), multiply(third, 1)]).centAmount).toBe(99);
  });

  test('high precision with no more fraction digits than the currency default is refused', () => {
    expect(() => moneyFromDraft({ type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 100, fractionDigits: 2 })).toThrow(/fractionDigits/);
    expect(() => moneyFromDraft({ type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 100, fractionDigits: 21 })).toThrow(/fractionDigits/);
    expect(moneyFromDraft({ type: 'highPrecision', currencyCode: 'JPY', preciseAmount: 15, fractionDigits: 1 }).centAmount).toBe(2);
  });
});
