import { JsonText } from './json-text.js';
import type { Row } from './sql-runner.js';

/**
 * A value as the drivers bind it: better-sqlite3 takes no booleans, undefined or objects, and the pg
 * driver would turn a JS array into a PostgreSQL array literal; JSON columns are bound as text
 * (a JsonText is a document already serialized).
 */
export function bindValue(value: unknown): unknown {
  if (value === undefined) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (value instanceof JsonText) return value.text;
  if (value !== null && typeof value === 'object' && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

/** Both dialects look the same to callers of queryRaw: JSON `data` parsed, integers as numbers. */
export function normalizeRow(row: Row): Row {
  const out: Row = {};
  for (const key in row) {
    const v = row[key];
    if (typeof v === 'bigint') out[key] = Number(v);
    else if (key === 'data' && typeof v === 'string') out[key] = JSON.parse(v);
    else out[key] = v;
  }
  return out;
}
