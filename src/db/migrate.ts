import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlRunner } from './sql-runner.js';

const MIGRATIONS_ROOT = fileURLToPath(new URL('../../prisma/migrations/', import.meta.url));

interface Transactional extends SqlRunner {
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
}

/**
 * Applies the committed migrations of the database's dialect (prisma/migrations/<dialect>/<name>/migration.sql)
 * in name order, each in its own transaction, recording them in `_app_migrations`. Idempotent, so every
 * process start runs it; a concurrent starter on PostgreSQL waits on an advisory lock.
 */
export async function applyMigrations(db: Transactional): Promise<string[]> {
  const dir = join(MIGRATIONS_ROOT, db.dialect);
  if (!existsSync(dir)) return [];
  const names = readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  // Under the lock too: two concurrent CREATE TABLE IF NOT EXISTS can both miss the table on
  // PostgreSQL, and the second then fails on the catalog's unique index.
  await db.transaction(async (tx) => {
    await lock(tx);
    await tx.executeRaw('CREATE TABLE IF NOT EXISTS "_app_migrations" ("name" TEXT PRIMARY KEY, "appliedAt" TEXT NOT NULL)');
  });
  const applied: string[] = [];
  for (const name of names) {
    const done = await db.transaction(async (tx) => {
      await lock(tx);
      const rows = await tx.queryRaw(`SELECT "name" FROM "_app_migrations" WHERE "name" = ${tx.dialect === 'sqlite' ? '?' : '$1'}`, [name]);
      if (rows.length > 0) return false;
      for (const statement of splitStatements(readFileSync(join(dir, name, 'migration.sql'), 'utf8'))) {
        await tx.executeRaw(statement);
      }
      await tx.executeRaw(`INSERT INTO "_app_migrations" ("name", "appliedAt") VALUES (${tx.dialect === 'sqlite' ? '?, ?' : '$1, $2'})`, [
        name,
        new Date().toISOString(),
      ]);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}

/** Serializes concurrent starters on PostgreSQL until the transaction ends (SQLite has one writer anyway). */
async function lock(tx: SqlRunner): Promise<void> {
  // The lock function returns void, a column type the pg driver adapter cannot read back: cast it.
  if (tx.dialect === 'postgresql') await tx.queryRaw('SELECT pg_advisory_xact_lock(727274)::text AS locked');
}

/** Prisma's migration scripts are plain DDL: one statement per `;` at a line end, `--` comments. */
export function splitStatements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
