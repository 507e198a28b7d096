import type { Db } from './sql-runner.js';

// Transaction-scoped: held until the transaction commits or rolls back.
const LOCK = 'SELECT pg_advisory_xact_lock(hashtext($1)) AS "locked"';

/**
 * Serializes the transactions that name the same lock, from here to their end, where a rule spans
 * rows no unique index covers (one default per owner, sort orders unique across two tables): the
 * second writer's check then reads the first's committed rows. SQLite runs one writer at a time, so
 * there it takes nothing.
 */
export async function lockUntilCommit(db: Db, name: string): Promise<void> {
  // Outside a transaction the lock would end with its own statement: a caller's bug, not a request's.
  if (!db.inTransaction) throw new Error(`lockUntilCommit(${name}) outside a transaction`);
  if (db.dialect === 'postgresql') await db.rows(LOCK, [name]);
}
