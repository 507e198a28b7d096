import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { startServer } from '../../src/index.js';

const ROOT = join(import.meta.dirname, '..', '..');
const POSTGRES = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? process.env.TEST_DATABASE_URL : undefined;

interface Exit {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `command` in the project until it exits (or `timeoutMs`, then it is killed). */
function run(command: string, args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<Exit> {
  const child = spawn(command, args, { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '', LOG_LEVEL: 'silent', PLAIN_HTTP: 'true', ...env } });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (c) => (stdout += c));
  child.stderr.on('data', (c) => (stderr += c));
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  return once(child, 'exit').then(([code]) => {
    clearTimeout(timer);
    return { code: code as number | null, stdout, stderr };
  });
}

const startMain = (env: Record<string, string>) => run(process.execPath, ['--import', 'tsx', 'src/main.ts'], env);

async function freePort(): Promise<number> {
  const s = createServer().listen(0, '127.0.0.1');
  await once(s, 'listening');
  const { port } = s.address() as { port: number };
  s.close();
  await once(s, 'close');
  return port;
}

async function schemaExists(schema: string): Promise<boolean> {
  const c = new pg.Client({ connectionString: POSTGRES });
  await c.connect();
  try {
    return (await c.query('SELECT 1 FROM pg_namespace WHERE nspname = $1', [schema])).rowCount === 1;
  } finally {
    await c.end();
  }
}

async function tableCount(schema: string): Promise<number> {
  const c = new pg.Client({ connectionString: POSTGRES });
  await c.connect();
  try {
    return Number((await c.query('SELECT COUNT(*) AS n FROM information_schema.tables WHERE table_schema = $1', [schema])).rows[0].n);
  } finally {
    await c.end();
  }
}

async function dropSchema(schema: string): Promise<void> {
  const c = new pg.Client({ connectionString: POSTGRES });
  await c.connect();
  await c.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
  await c.end();
}

function withSchema(schema: string): string {
  const url = new URL(POSTGRES!);
  url.searchParams.set('schema', schema);
  return url.toString();
}

const onPostgres = POSTGRES ? it : it.skip;

describe('a PostgreSQL ?schema= that does not exist yet', () => {
  onPostgres('is created on start, with the tables in it (PostgreSQL only: TEST_DATABASE_URL)', async () => {
    const schema = `new_${randomBytes(5).toString('hex')}`;
    expect(await schemaExists(schema)).toBe(false);
    try {
      const cp = await startServer({ databaseUrl: withSchema(schema) });
      const health = await fetch(`${cp.url}/ready`);
      await cp.close();
      expect(health.status).toBe(200);
      expect(await schemaExists(schema)).toBe(true);
      expect(await tableCount(schema)).toBeGreaterThan(3);
    } finally {
      await dropSchema(schema);
    }
  });

  onPostgres('is created by the admin command line too (PostgreSQL only: TEST_DATABASE_URL)', async () => {
    const schema = `new_${randomBytes(5).toString('hex')}`;
    try {
      const result = await run(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', 'project', 'list', '--json'], { DATABASE_URL: withSchema(schema) });
      expect(result.stderr).toBe('');
      expect(JSON.parse(result.stdout)).toEqual({ region: 'europe-west1.gcp', results: [] });
      expect(result.code).toBe(0);
      expect(await schemaExists(schema)).toBe(true);
    } finally {
      await dropSchema(schema);
    }
  });
});

describe('startup failures print one clear line and exit non-zero', () => {
  let blocker: Server;
  let busyPort: number;
  beforeAll(async () => {
    blocker = createServer().listen(0, '127.0.0.1');
    await once(blocker, 'listening');
    busyPort = (blocker.address() as { port: number }).port;
  });
  afterAll(() => blocker.close());

  it.each([
    [
      'the port is in use',
      () => ({ PORT: String(busyPort), DATABASE_URL: 'file::memory:' }),
      (port: number) => `cannot start: port ${port} on 127.0.0.1 is already in use: stop the other process or set PORT`,
    ],
    [
      'the database is unreachable',
      () => ({ PORT: '0', DATABASE_URL: 'postgresql://postgres:secret@127.0.0.1:1/db' }),
      () => 'cannot start: cannot reach the database at postgresql://***@127.0.0.1:1/db: connect ECONNREFUSED 127.0.0.1:1',
    ],
    [
      'DATABASE_URL names no supported database',
      () => ({ PORT: '0', DATABASE_URL: 'mysql://localhost/db' }),
      () => 'cannot start: Unsupported DATABASE_URL "mysql://localhost/db": use file:<path> or postgresql://...',
    ],
    [
      'DATABASE_URL is not a URL',
      () => ({ PORT: '0', DATABASE_URL: 'postgresql://[oops' }),
      () => 'cannot start: DATABASE_URL is not a valid URL (postgresql://[oops)',
    ],
  ])('when %s', async (_, env, expected) => {
    const result = await startMain(env());
    expect(result.code).toBe(1);
    expect(result.stderr.trim().split('\n')).toEqual([expected(busyPort)]);
    expect(result.stderr).not.toContain('secret');
  });
});

describe('npm start', () => {
  it('stops the server on SIGTERM sent to npm (the port is released)', async () => {
    const port = await freePort();
    const child = spawn('npm', ['start', '--silent'], {
      cwd: ROOT,
      env: { ...process.env, NODE_OPTIONS: '', PORT: String(port), DATABASE_URL: 'file::memory:', LOG_LEVEL: 'silent', PLAIN_HTTP: 'true' },
    });
    const exited = once(child, 'exit');
    let up = false;
    for (let i = 0; i < 100 && !up; i++) {
      up = await fetch(`http://127.0.0.1:${port}/health`).then(
        (r) => r.ok,
        () => false,
      );
      if (!up) await new Promise((r) => setTimeout(r, 200));
    }
    expect(up).toBe(true);
    child.kill('SIGTERM');
    await exited;
    // Nothing may still hold the port: it can be bound again.
    const again = createServer().listen(port, '127.0.0.1');
    await once(again, 'listening');
    again.close();
  }, 60_000);
});
