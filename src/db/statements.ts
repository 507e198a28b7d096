import type { Dialect } from './sql-runner.js';

/** `"name"`; names come from the code (schema-checked identifiers), never from a request. */
export const q = (name: string): string => `"${name}"`;

/** One statement's text for each dialect. */
export type DialectSql = Readonly<Record<Dialect, string>>;

/** `?, ?, ?` for a list of `count` values (never empty: `NULL` matches nothing in an `IN`). */
export function list(count: number): string {
  return count === 0 ? 'NULL' : Array.from({ length: count }, () => '?').join(', ');
}

/**
 * Renders a statement written once with `?` placeholders for both dialects: `$1..$n` on PostgreSQL,
 * `$DATA` for the stored JSON document read as text and `$JSON` for a JSON document parameter
 * (`jsonb` on PostgreSQL). Hand-written statements contain no other `?` or `$`.
 */
export function sql(text: string): DialectSql {
  const sqlite = text.replace(/\$DATA\b/g, '"data"').replace(/\$JSON\b/g, '?');
  let n = 0;
  const postgresql = text
    .replace(/\$DATA\b/g, '"data"::text')
    .replace(/\$JSON\b/g, 'CAST(? AS jsonb)')
    .replace(/\?/g, () => `$${++n}`);
  return { sqlite, postgresql };
}
