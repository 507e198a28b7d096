/**
 * Date-time literals in predicates. Stored DateTime values are all written by the server in one
 * form (`toISOString()`: UTC, milliseconds, `Z`), so they compare as instants by plain string order.
 * A client may name the same instant differently (`2021-01-01T00:00:00Z`, `...T01:00:00+01:00`):
 * such a literal is rewritten to the stored form before it is compared, otherwise string order
 * would misplace it (`"...00.001Z" < "...00Z"`). Dates and times without a zone are left as written;
 * digits beyond milliseconds are dropped (stored values have none).
 */
const ZONED_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d+))?)?(Z|[+-]\d{2}:\d{2})$/;

export type DateTimeLiteral = { kind: 'instant'; value: string } | { kind: 'invalid' } | { kind: 'other' };

export function readDateTimeLiteral(text: string): DateTimeLiteral {
  const m = ZONED_DATE_TIME.exec(text);
  if (!m) return { kind: 'other' };
  const [year, month, day, hour, minute, second] = [1, 2, 3, 4, 5, 6].map((i) => Number(m[i] ?? '0'));
  const millis = Number(((m[7] ?? '') + '000').slice(0, 3));
  // Date.UTC reads years 0-99 as 1900-1999; setUTCFullYear does not.
  const d = new Date(Date.UTC(2000, month - 1, day, hour, minute, second, millis));
  d.setUTCFullYear(year, month - 1, day);
  const local = d.getTime();
  // Date.UTC rolls over (Feb 30 becomes Mar 2): a component out of range is an invalid literal.
  const exact =
    d.getUTCFullYear() === year && d.getUTCMonth() === month - 1 && d.getUTCDate() === day && d.getUTCHours() === hour && d.getUTCMinutes() === minute;
  const offset = m[8] === 'Z' ? 0 : Number(m[8].slice(0, 1) + '1') * (Number(m[8].slice(1, 3)) * 60 + Number(m[8].slice(4, 6)));
  if (!exact || second > 59 || Number(m[8].slice(1, 3)) > 23 || Number(m[8].slice(4, 6)) > 59) return { kind: 'invalid' };
  return { kind: 'instant', value: new Date(local - offset * 60_000).toISOString() };
}
