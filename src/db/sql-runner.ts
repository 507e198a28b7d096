import type { KnownVersions } from './known-versions.js';

/** The SQL dialects the service runs on: the embedded default and the production database. */
export type Dialect = 'sqlite' | 'postgresql';

export type Row = Record<string, unknown>;

/**
 * Minimal raw-SQL surface used by the query engine. Placeholders are `?` on SQLite and `$1, $2, ...`
 * on PostgreSQL; values are always bound. Rows come back with JSON columns already parsed and
 * integers as JS numbers on both dialects.
 */
export interface SqlRunner {
  readonly dialect: Dialect;
  queryRaw<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  executeRaw(sql: string, params?: readonly unknown[]): Promise<number>;
}

/**
 * The database as a request sees it (`ctx.db`): the database itself, or the transaction the request
 * is in. `rows`/`first` return rows as the driver gives them (no JSON parsing), for reads that hand
 * stored JSON text straight to the response.
 */
export interface Db extends SqlRunner {
  readonly inTransaction: boolean;
  /** Committed document text by version, of the database this handle belongs to (shared by its transactions). */
  readonly knownVersions?: KnownVersions;
  rows<T = Row>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  first<T = Row>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /** The first column of the first row, as the driver gives it (the hot single-value read). */
  value<T = unknown>(sql: string, params?: readonly unknown[]): Promise<T | undefined>;
  /**
   * `value` for a stored document's text that may come from memory (see committed-read-cache.ts);
   * `key` names the row uniquely. Only the embedded database has it, never a transaction.
   */
  cachedText?(key: string, sql: string, params: readonly unknown[]): Promise<string | undefined>;
}
