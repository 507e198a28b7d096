import { divideRounded, type RoundingMode } from './money.js';

/**
 * A rate such as a tax rate (0.19) as an exact decimal: `units / 10^scale`. JSON numbers arrive as
 * binary floating point, but the shortest text that reads back to the same number is the decimal a
 * client wrote, so the rate is taken from that text and never multiplied as a float: money times a
 * rate is integer arithmetic on the rate's decimal digits.
 */
export interface DecimalRate {
  units: bigint;
  scale: number;
}

/** The exact decimal a JSON number stands for (its shortest round-trip text, exponent form included). */
export function decimalRate(value: number): DecimalRate {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite number: ${value}`);
  const [mantissa, exponentText] = String(value).toLowerCase().split('e');
  const exponent = exponentText === undefined ? 0 : Number(exponentText);
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = `${whole}${fraction}`;
  let scale = fraction.length - exponent;
  let units = BigInt(digits);
  if (scale < 0) {
    units *= 10n ** BigInt(-scale);
    scale = 0;
  }
  return normalize({ units, scale });
}

/** Trailing zeros dropped, so equal rates have equal representations. */
function normalize(rate: DecimalRate): DecimalRate {
  let { units, scale } = rate;
  while (scale > 0 && units % 10n === 0n) {
    units /= 10n;
    scale--;
  }
  return { units, scale };
}

function atScale(rate: DecimalRate, scale: number): bigint {
  return rate.units * 10n ** BigInt(scale - rate.scale);
}

export function addRates(a: DecimalRate, b: DecimalRate): DecimalRate {
  const scale = Math.max(a.scale, b.scale);
  return normalize({ units: atScale(a, scale) + atScale(b, scale), scale });
}

export function sameRate(a: DecimalRate, b: DecimalRate): boolean {
  const x = normalize(a);
  const y = normalize(b);
  return x.units === y.units && x.scale === y.scale;
}

/** The rate as the JSON number it is written as. */
export function rateNumber(rate: DecimalRate): number {
  const text = rate.units.toString().padStart(rate.scale + 1, '0');
  return Number(rate.scale === 0 ? text : `${text.slice(0, -rate.scale)}.${text.slice(-rate.scale)}`);
}

/** `amount × rate`, rounded to a whole amount (cents). */
export function applyRate(amount: bigint, rate: DecimalRate, mode: RoundingMode): bigint {
  return divideRounded(amount * rate.units, 10n ** BigInt(rate.scale), mode);
}

/** `amount / (1 + rate)`, rounded: the net part of a gross amount that includes the rate. */
export function removeRate(amount: bigint, rate: DecimalRate, mode: RoundingMode): bigint {
  const one = 10n ** BigInt(rate.scale);
  return divideRounded(amount * one, one + rate.units, mode);
}
