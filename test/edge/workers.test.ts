import { jest } from '@jest/globals';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';

jest.setTimeout(90_000);

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

/** pids of the processes that logged "listening" so far. */
function listeningPids(output: string): number[] {
  return [...output.matchAll(/^\{[^\n]*"msg":"listening"[^\n]*$/gm)].map((m) => (JSON.parse(m[0]) as { pid: number }).pid);
}

async function until<T>(what: string, check: () => T | undefined, ms = 30_000): Promise<T> {
  const start = Date.now();
  for (;;) {
    const value = check();
    if (value !== undefined) return value;
    if (Date.now() - start > ms) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe('WORKERS=2: two processes share the port on one database', () => {
  let database: FreshDatabase;
  let server: ChildServer;
  beforeAll(async () => {
    // A database file on SQLite (each worker opens it: WAL, busy timeout), or a PostgreSQL schema.
    database = await freshDatabase('file');
    server = await startChildServer(database.url, { WORKERS: '2' });
  });
  afterAll(async () => {
    await server?.kill('SIGTERM');
    await database?.drop();
  });

  it('both workers listen on one port; exactly one bootstraps; its credentials work on every connection', async () => {
    const pids = await until('two workers', () => {
      const seen = listeningPids(server.output());
      return seen.length >= 2 ? seen : undefined;
    });
    expect(new Set(pids).size).toBe(2);
    expect(pids).not.toContain(server.process.pid);
    const creds = await until('the bootstrap credentials', () => {
      const id = /client_id:\s+(\S+)/.exec(server.output());
      const secret = /client_secret:\s+(\S+)/.exec(server.output());
      return id && secret ? { id: id[1], secret: secret[1] } : undefined;
    });
    expect(server.output().match(/client_id:/g)).toHaveLength(1);
    // Fresh connections are handed to the workers in turn: tokens issued by one are accepted by the other, and writes are seen by both.
    const tokenRes = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: { Authorization: basic(creds.id, creds.secret), 'Content-Type': 'application/x-www-form-urlencoded', Connection: 'close' },
      body: 'grant_type=client_credentials',
    });
    expect(tokenRes.status).toBe(200);
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', Connection: 'close' };
    for (let i = 0; i < 10; i++) {
      const created = await fetch(`${server.url}/demo/stores`, { method: 'POST', headers: auth, body: JSON.stringify({ key: `s${i}` }) });
      expect(created.status).toBe(201);
    }
    for (let i = 0; i < 10; i++) {
      const list = await fetch(`${server.url}/demo/stores?limit=0`, { headers: auth });
      expect(((await list.json()) as { total: number }).total).toBe(10);
    }
  });

  it('a worker that dies is replaced, and the port keeps answering meanwhile', async () => {
    const [victim] = listeningPids(server.output());
    process.kill(victim, 'SIGKILL');
    await until('the victim gone', () => (alive(victim) ? undefined : true));
    expect((await fetch(`${server.url}/health`, { headers: { Connection: 'close' } })).status).toBe(200);
    const replaced = await until('a replacement worker', () => {
      const seen = listeningPids(server.output());
      return seen.length >= 3 ? seen : undefined;
    });
    expect(alive(replaced[2])).toBe(true);
  });

  it('SIGTERM to the primary stops every worker', async () => {
    const pids = listeningPids(server.output()).filter(alive);
    expect(pids.length).toBe(2);
    await server.kill('SIGTERM');
    expect(server.process.exitCode).toBe(0);
    await until('the workers gone', () => (pids.some(alive) ? undefined : true), 15_000);
  });
});

describe('WORKERS=2 over HTTPS', () => {
  it('the primary creates the certificate once; every worker serves TLS with it, and plain HTTP gets the 404 page', async () => {
    const data = mkdtempSync(join(tmpdir(), 'cpa-workers-tls-'));
    const database = await freshDatabase('file');
    const server = await startChildServer(database.url, { WORKERS: '2', PLAIN_HTTP: 'false', DATA_DIR: data });
    try {
      await until('two workers', () => (listeningPids(server.output()).length >= 2 ? true : undefined));
      expect(server.url).toMatch(/^https:/);
      expect(server.output().match(/self-signed certificate created/g)).toHaveLength(1);
      const ca = readFileSync(join(data, 'tls', 'localhost.crt'));
      for (let i = 0; i < 4; i++) {
        const status = await new Promise<number>((resolve, reject) =>
          httpsRequest(`${server.url}/health`, { ca, agent: false }, (res) => (res.resume(), resolve(res.statusCode!)))
            .on('error', reject)
            .end(),
        );
        expect(status).toBe(200);
      }
      const plain = await fetch(server.url.replace('https:', 'http:') + '/health');
      expect(plain.status).toBe(404);
      expect(plain.headers.get('content-type')).toBe('text/html');
    } finally {
      await server.kill('SIGTERM');
      await database.drop();
      rmSync(data, { recursive: true, force: true });
    }
  });
});

describe('WORKERS=2 on an in-memory database', () => {
  it('is refused at start: each worker would have a database of its own', async () => {
    await expect(startChildServer('file::memory:', { WORKERS: '2' })).rejects.toThrow(/WORKERS above 1 needs a database file or PostgreSQL/);
  });
});
