import { addRates, applyRate, decimalRate, rateNumber, removeRate, sameRate } from './decimal-rate.js';
import { divideRounded } from './money.js';

describe('decimal rates', () => {
  test.each([
    [0.19, 19n, 2],
    [0.075, 75n, 3],
    [1, 1n, 0],
    [0, 0n, 0],
    [1e-7, 1n, 7],
    [0.1 + 0.2, 30000000000000004n, 17],
  ])('%s is read from its shortest decimal text', (value, units, scale) => {
    expect(decimalRate(value)).toEqual({ units, scale });
  });

  test('a rate written back is the number it was read from', () => {
    for (const value of [0.19, 0.075, 0.2, 1, 0, 1e-7, 0.123456789]) expect(rateNumber(decimalRate(value))).toBe(value);
  });

  test('sums are exact where floating point is not (0.1 + 0.2 is 0.3)', () => {
    expect(sameRate(addRates(decimalRate(0.1), decimalRate(0.2)), decimalRate(0.3))).toBe(true);
    expect(0.1 + 0.2 === 0.3).toBe(false);
  });

  test('19% of 3.24 EUR is 0.6156, rounded half even to 0.62', () => {
    expect(applyRate(324n, decimalRate(0.19), 'HalfEven')).toBe(62n);
  });

  test('the net part of 1.23 gross at an included 20% is 1.025, rounded half even to 1.02 (platform example)', () => {
    expect(removeRate(123n, decimalRate(0.2), 'HalfEven')).toBe(102n);
    expect(removeRate(123n, decimalRate(0.2), 'HalfUp')).toBe(103n);
  });

  test('rounding modes differ only on ties', () => {
    expect([divideRounded(25n, 10n, 'HalfEven'), divideRounded(25n, 10n, 'HalfUp'), divideRounded(25n, 10n, 'HalfDown')]).toEqual([2n, 3n, 2n]);
    expect([divideRounded(-25n, 10n, 'HalfEven'), divideRounded(-25n, 10n, 'HalfUp'), divideRounded(-25n, 10n, 'HalfDown')]).toEqual([-2n, -3n, -2n]);
    expect([divideRounded(26n, 10n, 'HalfDown'), divideRounded(24n, 10n, 'HalfUp')]).toEqual([3n, 2n]);
  });
});
