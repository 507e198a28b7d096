import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

export interface FreshDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A database of its own for one test file: a fresh PostgreSQL schema when TEST_DATABASE_URL points
 * to PostgreSQL, else `fallback`: an SQLite file by default, as `npm start` uses (WAL, the read
 * connection beside the writer, the committed-read cache), or in-memory SQLite with 'memory'.
 */
export async function freshDatabase(fallback: 'memory' | 'file' = 'file'): Promise<FreshDatabase> {
  const base = process.env.TEST_DATABASE_URL;
  if (base && /^postgres/.test(base)) {
    const schema = `t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: base });
    await admin.connect();
    await admin.query(`CREATE SCHEMA "${schema}"`);
    await admin.end();
    const url = new URL(base);
    url.searchParams.set('schema', schema);
    return {
      url: url.toString(),
      drop: async () => {
        const c = new pg.Client({ connectionString: base });
        await c.connect();
        await c.query(`DROP SCHEMA "${schema}" CASCADE`);
        await c.end();
      },
    };
  }
  if (fallback === 'memory') return { url: 'file::memory:', drop: async () => undefined };
  const dir = mkdtempSync(join(tmpdir(), 'cpa-test-'));
  return { url: `file:${join(dir, 'db.sqlite')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}
