/**
 * How the oracle orders and equates single JSON values, from the spec's rules: strings compare
 * case-sensitively, by Unicode code point; numbers numerically; booleans only for (in)equality
 * (false before true where an order is needed); dates and date-times as the instants they name.
 * A value of another JSON type than the one compared with is not comparable (no match).
 */
export type Literal = string | number | boolean;

/** Code-point order (what SQLite BINARY and PostgreSQL COLLATE "C" give), not UTF-16 order. */
export function compareCodePoints(a: string, b: string): number {
  const x = Array.from(a, (c) => c.codePointAt(0) ?? 0);
  const y = Array.from(b, (c) => c.codePointAt(0) ?? 0);
  for (let i = 0; i < x.length && i < y.length; i++) {
    if (x[i] !== y[i]) return x[i] - y[i];
  }
  return x.length - y.length;
}

/**
 * Milliseconds since the epoch of an ISO 8601 date or date-time (a date alone is midnight UTC, as
 * ECMAScript reads it). Comparing a date with a date-time at midnight of the same day is left
 * open by the spec; the generator's value pools never hold that pair.
 */
export function instant(text: string): number {
  const t = Date.parse(text);
  if (Number.isNaN(t)) throw new Error(`oracle: '${text}' is not an ISO 8601 date`);
  return t;
}

/**
 * Sign of `value` against `literal`, or undefined when `value` is not of the literal's JSON type.
 * `temporal` says the field holds dates or date-times.
 */
export function compareValues(value: unknown, literal: Literal, temporal: boolean): number | undefined {
  if (typeof value !== typeof literal) return undefined;
  if (typeof literal === 'string') {
    return temporal ? Math.sign(instant(value as string) - instant(literal)) : Math.sign(compareCodePoints(value as string, literal));
  }
  if (typeof literal === 'number') return Math.sign((value as number) - literal);
  return Number(value) - Number(literal);
}

export const isPlainObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
