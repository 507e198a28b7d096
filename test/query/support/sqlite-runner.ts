import Database from 'better-sqlite3';
import type { SqlRunner } from '../../../src/db/sql-runner.js';

/** A SqlRunner straight on better-sqlite3, for tests that own their tables. */
export interface TestRunner extends SqlRunner {
  close(): Promise<void>;
}

export function openSqliteRunner(path = ':memory:'): TestRunner {
  const db = new Database(path);
  const normalize = (row: Record<string, unknown>) => {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(row)) out[k] = typeof v === 'bigint' ? Number(v) : v;
    return out;
  };
  return {
    dialect: 'sqlite',
    async queryRaw<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      return (db.prepare(sql).all(...params) as Record<string, unknown>[]).map(normalize) as T[];
    },
    async executeRaw(sql: string, params: readonly unknown[] = []): Promise<number> {
      if (params.length === 0 && !sql.trim().toUpperCase().startsWith('INSERT')) {
        db.exec(sql);
        return 0;
      }
      return db.prepare(sql).run(...params).changes;
    },
    async close() {
      db.close();
    },
  };
}
