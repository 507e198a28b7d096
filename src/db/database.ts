import { PostgresDatabase } from './postgres-driver.js';
import { SqliteDatabase } from './sqlite-driver.js';
import type { Db, Dialect } from './sql-runner.js';
import { applyMigrations } from './migrate.js';

/**
 * The database of the process. Requests reach it through `ctx.db` (this, or the transaction they
 * are in); `transaction` gives all-or-nothing writes across rows and tables.
 *
 * Requests run on the drivers directly (better-sqlite3, pg): Prisma's schema stays the one model
 * definition and its migrations are applied at start, but its per-query cost (hundreds of µs) is
 * kept off the request path. `test/db/driver-equivalence.test.ts` runs the same operations through
 * this module and through the Prisma client and compares what they see.
 */
export interface Database extends Db {
  readonly url: string;
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

export function dialectOf(url: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgresql';
  if (url.startsWith('file:')) return 'sqlite';
  throw new Error(`Unsupported DATABASE_URL ${JSON.stringify(url.replace(/\/\/[^@]*@/, '//***@'))}: use file:<path> or postgresql://...`);
}

/** Opens the database named by `url`, applies pending migrations and returns the handle. */
export async function openDatabase(url: string): Promise<Database> {
  const driver = dialectOf(url) === 'sqlite' ? new SqliteDatabase(url.replace(/^file:/, '')) : new PostgresDatabase(url);
  const db: Database = Object.assign(driver, { url });
  try {
    if (driver instanceof PostgresDatabase) await driver.ensureSchema();
    await applyMigrations(db);
  } catch (err) {
    await db.close().catch(() => undefined);
    throw err;
  }
  return db;
}
