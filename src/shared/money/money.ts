import { InvalidFieldError, InvalidInputError } from '../../errors/api-error.js';
import { MoneyOverflowError } from '../../errors/commerce-errors.js';

/**
 * Money as the platform keeps it (spec "Money"): integer amounts in the currency's smallest unit
 * (`centPrecision`) or in 1/10^fractionDigits of it (`highPrecision`), never floating point.
 * Arithmetic runs on BigInt and is bounded to 64-bit integers (400 MoneyOverflow beyond).
 *
 * JSON numbers in JavaScript carry integers exactly only up to 2^53 - 1, so an amount beyond that
 * is refused as input (it was already altered by parsing) and a result beyond it is a
 * MoneyOverflow too: the server never answers an amount it cannot write exactly.
 */
export interface CentPrecisionMoney {
  type: 'centPrecision';
  currencyCode: string;
  centAmount: number;
  fractionDigits: number;
}

export interface HighPrecisionMoney {
  type: 'highPrecision';
  currencyCode: string;
  centAmount: number;
  preciseAmount: number;
  fractionDigits: number;
}

export type TypedMoney = CentPrecisionMoney | HighPrecisionMoney;

/** Money (draft) or HighPrecisionMoneyDraft; `type: centPrecision` is accepted on a plain Money draft. */
export interface MoneyDraft {
  type?: 'centPrecision' | 'highPrecision';
  currencyCode: string;
  centAmount?: number;
  preciseAmount?: number;
  fractionDigits?: number;
}

const INT64_MAX = 2n ** 63n - 1n;
const INT64_MIN = -(2n ** 63n);
const EXACT_MAX = BigInt(Number.MAX_SAFE_INTEGER);
export const MAX_FRACTION_DIGITS = 20;

// ISO 4217 minor units of the currencies whose default is not 2.
const MINOR_UNITS: Readonly<Record<string, number>> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};
const CURRENCY = /^[A-Z]{3}$/;

/** The currency's default fraction digits (ISO 4217 minor units; 2 unless listed). */
export function currencyFractionDigits(currencyCode: string): number {
  return MINOR_UNITS[currencyCode] ?? 2;
}

/** The amount as a 64-bit integer, or MoneyOverflow. Results beyond exact JSON integers overflow too (see above). */
export function checked(amount: bigint): number {
  if (amount > INT64_MAX || amount < INT64_MIN || amount > EXACT_MAX || amount < -EXACT_MAX) throw new MoneyOverflowError();
  return Number(amount);
}

/** Divides by 10^digits rounding half to even (the platform's default rounding mode). */
export function roundHalfEven(amount: bigint, digits: number): bigint {
  if (digits <= 0) return amount * 10n ** BigInt(-digits);
  return divideRounded(amount, 10n ** BigInt(digits), 'HalfEven');
}

/** The platform's rounding modes (a cart's taxRoundingMode and priceRoundingMode). */
export type RoundingMode = 'HalfEven' | 'HalfUp' | 'HalfDown';

/**
 * `numerator / denominator` rounded to an integer by `mode` (ties away from zero for HalfUp,
 * towards zero for HalfDown), exactly: the only division money arithmetic needs.
 */
export function divideRounded(numerator: bigint, denominator: bigint, mode: RoundingMode = 'HalfEven'): bigint {
  if (denominator === 0n) throw new RangeError('division by zero');
  if (denominator < 0n) return divideRounded(-numerator, -denominator, mode);
  const quotient = numerator / denominator; // truncates toward zero
  const remainder = numerator % denominator;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  const away = numerator < 0n ? quotient - 1n : quotient + 1n;
  if (twice < denominator) return quotient;
  if (twice > denominator) return away;
  if (mode === 'HalfUp') return away;
  if (mode === 'HalfDown') return quotient;
  return quotient % 2n === 0n ? quotient : away;
}

function inputAmount(value: number, field: string): bigint {
  if (!Number.isSafeInteger(value)) {
    throw new InvalidFieldError(
      field,
      value,
      undefined,
      `The value ${value} is not valid for field ${field}: amounts are integers of at most 2^53 - 1 in JSON.`,
    );
  }
  return BigInt(value);
}

export function centMoney(currencyCode: string, centAmount: bigint): CentPrecisionMoney {
  return { type: 'centPrecision', currencyCode, centAmount: checked(centAmount), fractionDigits: currencyFractionDigits(currencyCode) };
}

/**
 * The read shape of a money draft, validated per the spec: a known currency code; high precision
 * only with more fraction digits than the currency's default (at most 20); a given `centAmount`
 * must be the preciseAmount correctly rounded (half even).
 */
export function moneyFromDraft(draft: MoneyDraft, field = 'value'): TypedMoney {
  if (!CURRENCY.test(draft.currencyCode)) throw new InvalidFieldError(`${field}.currencyCode`, draft.currencyCode);
  const defaultDigits = currencyFractionDigits(draft.currencyCode);
  if (draft.type !== 'highPrecision') {
    if (draft.centAmount === undefined)
      throw new InvalidFieldError(`${field}.centAmount`, draft.centAmount, undefined, `A value is required for field ${field}.centAmount.`);
    return centMoney(draft.currencyCode, inputAmount(draft.centAmount, `${field}.centAmount`));
  }
  const { preciseAmount, fractionDigits } = draft;
  if (preciseAmount === undefined)
    throw new InvalidFieldError(`${field}.preciseAmount`, preciseAmount, undefined, `A value is required for field ${field}.preciseAmount.`);
  if (fractionDigits === undefined || !Number.isInteger(fractionDigits) || fractionDigits <= defaultDigits || fractionDigits > MAX_FRACTION_DIGITS) {
    throw new InvalidFieldError(
      `${field}.fractionDigits`,
      fractionDigits,
      undefined,
      `The value ${fractionDigits} is not valid for field ${field}.fractionDigits: high precision money of ${draft.currencyCode} needs more than ${defaultDigits} and at most ${MAX_FRACTION_DIGITS} fraction digits.`,
    );
  }
  const precise = inputAmount(preciseAmount, `${field}.preciseAmount`);
  const rounded = roundHalfEven(precise, fractionDigits - defaultDigits);
  if (draft.centAmount !== undefined && BigInt(draft.centAmount) !== rounded) {
    throw new InvalidInputError(
      `centAmount must be rounded correctly: ${draft.centAmount} given, ${rounded} is ${preciseAmount} with ${fractionDigits} fraction digits rounded half even.`,
    );
  }
  return { type: 'highPrecision', currencyCode: draft.currencyCode, centAmount: checked(rounded), preciseAmount: checked(precise), fractionDigits };
}

/**
 * `money` times `quantity` in cents of the currency: a high precision amount is multiplied exactly
 * and rounded once (half even), so 3 × 0.3333 EUR is 1.00 EUR, not 3 × 0.33.
 */
export function multiply(money: TypedMoney, quantity: number): CentPrecisionMoney {
  const q = BigInt(quantity);
  if (money.type === 'centPrecision') return centMoney(money.currencyCode, BigInt(money.centAmount) * q);
  const digits = money.fractionDigits - currencyFractionDigits(money.currencyCode);
  return centMoney(money.currencyCode, roundHalfEven(BigInt(money.preciseAmount) * q, digits));
}

/** The sum of cent amounts of one currency (64-bit checked). */
export function sum(currencyCode: string, amounts: readonly CentPrecisionMoney[]): CentPrecisionMoney {
  let total = 0n;
  for (const amount of amounts) {
    total += BigInt(amount.centAmount);
    checked(total);
  }
  return centMoney(currencyCode, total);
}
