/** The SQL dialects the service runs on: the embedded default and the production database. */
export type Dialect = 'sqlite' | 'postgresql';

/**
 * Minimal raw-SQL surface used by the query engine. Implemented in `database.ts` on top of the Prisma
 * client (`$queryRawUnsafe` / `$executeRawUnsafe`), so raw queries share Prisma's connection and
 * transactions. Placeholders are `?` on SQLite and `$1, $2, ...` on PostgreSQL; values are always bound.
 * Rows come back with JSON columns already parsed and integers as JS numbers on both dialects.
 */
export interface SqlRunner {
  readonly dialect: Dialect;
  queryRaw<T = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<T[]>;
  executeRaw(sql: string, params?: readonly unknown[]): Promise<number>;
}
