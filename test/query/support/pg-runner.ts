import pg from 'pg';
import type { TestRunner } from './sqlite-runner.js';

/**
 * A SqlRunner on node-postgres inside a fresh, uniquely named schema, dropped again on close.
 * Used when TEST_DATABASE_URL points at a PostgreSQL server.
 */
export async function openPostgresRunner(url: string): Promise<TestRunner> {
  const schema = `query_test_${process.pid}_${Date.now().toString(36)}_${Math.floor(Math.random() * 1e6)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE SCHEMA "${schema}"`);
  await admin.end();
  const pool = new pg.Pool({ connectionString: url, max: 2, options: `-c search_path="${schema}"` });
  return {
    dialect: 'postgresql',
    async queryRaw<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const result = await pool.query(sql, [...params]);
      return result.rows as T[];
    },
    async executeRaw(sql: string, params: readonly unknown[] = []): Promise<number> {
      const result = await pool.query(sql, [...params]);
      return result.rowCount ?? 0;
    },
    async close() {
      await pool.query(`DROP SCHEMA "${schema}" CASCADE`);
      await pool.end();
    },
  };
}

export const postgresUrl = process.env.TEST_DATABASE_URL;
