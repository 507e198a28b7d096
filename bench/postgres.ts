/** A throw-away PostgreSQL schema for the benchmark's PostgreSQL pass (BENCH_POSTGRES=1). */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface Schema {
  databaseUrl: string;
  drop(): Promise<void>;
}

/** Creates `bench_<random>` in the database at `serverUrl` and returns a URL that points into it. */
export async function createSchema(serverUrl: string): Promise<Schema> {
  const name = `bench_${randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE SCHEMA "${name}"`));
  const url = new URL(serverUrl);
  url.searchParams.set('schema', name);
  return {
    databaseUrl: url.toString(),
    drop: () => withClient(serverUrl, (client) => client.query(`DROP SCHEMA IF EXISTS "${name}" CASCADE`)).then(() => undefined),
  };
}

async function withClient<T>(url: string, fn: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}
