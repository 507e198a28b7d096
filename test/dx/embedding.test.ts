import { startServer, type EmbeddedServer } from '../../src/index.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { runReadmeExample } from '../support/readme-example.js';

async function token(cp: EmbeddedServer): Promise<Response> {
  const { clientId, clientSecret, authUrl } = cp.credentials;
  return fetch(`${authUrl}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
}

async function bearer(cp: EmbeddedServer): Promise<Record<string, string>> {
  const res = await token(cp);
  expect(res.status).toBe(200);
  return { Authorization: `Bearer ${((await res.json()) as { access_token: string }).access_token}`, 'Content-Type': 'application/json' };
}

describe('the embedded server (startServer from the package entry)', () => {
  let database: FreshDatabase;
  let cp: EmbeddedServer;
  beforeAll(async () => {
    database = await freshDatabase();
    cp = await startServer({ databaseUrl: database.url, port: 0, projectKey: 'shop', tokenRateLimitPerMinute: 3 });
  });
  afterAll(async () => {
    await cp.close();
    await database.drop();
  });

  it('listens on a free port and hands out working credentials for its project', async () => {
    expect(cp.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(cp.credentials).toMatchObject({ projectKey: 'shop', scope: 'manage_project:shop', authUrl: cp.url, apiUrl: cp.url });
    const res = await fetch(`${cp.url}/shop`, { headers: await bearer(cp) });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { key: string }).key).toBe('shop');
  });

  it('reset() removes what the tests wrote and the tokens issued, keeps the project and the credentials', async () => {
    const headers = await bearer(cp);
    const created = await fetch(`${cp.url}/shop/stores`, { method: 'POST', headers, body: JSON.stringify({ key: 'berlin' }) });
    expect(created.status).toBe(201);
    await cp.reset();
    expect((await fetch(`${cp.url}/shop/stores/key=berlin`, { headers })).status).toBe(401);
    const fresh = await bearer(cp);
    expect((await fetch(`${cp.url}/shop/stores/key=berlin`, { headers: fresh })).status).toBe(404);
    const project = await fetch(`${cp.url}/shop`, { headers: fresh });
    expect(((await project.json()) as { version: number }).version).toBe(1);
  });

  it('reset() forgets the token rate-limit counts (a suite asks for a token per test)', async () => {
    for (let i = 0; i < 3; i++) await token(cp);
    expect((await token(cp)).status).toBe(429);
    await cp.reset();
    expect((await token(cp)).status).toBe(200);
  });

  // Called before every test of a suite, so it runs again and again: each time the data written since is
  // gone and the credentials still work. (Its duration is printed, not asserted: timings belong to the
  // benchmark, and a loaded CI machine is no measure of them.)
  it('reset() can be called before every test: each time the data written since is gone', async () => {
    const times: number[] = [];
    for (let i = 0; i < 15; i++) {
      const headers = await bearer(cp);
      for (const key of ['a', 'b', 'c']) {
        const created = await fetch(`${cp.url}/shop/stores`, { method: 'POST', headers, body: JSON.stringify({ key: `${key}${i}` }) });
        expect(created.status).toBe(201);
      }
      const start = performance.now();
      await cp.reset();
      times.push(performance.now() - start);
      const after = await fetch(`${cp.url}/shop/stores?withTotal=true`, { headers: await bearer(cp) });
      expect(((await after.json()) as { total: number }).total).toBe(0);
    }
    times.sort((x, y) => x - y);
    process.stdout.write(
      `reset() on ${database.url.startsWith('file:') ? 'SQLite in memory' : 'PostgreSQL'}: median ${times[Math.floor(times.length / 2)].toFixed(2)} ms, max ${times[times.length - 1].toFixed(2)} ms\n`,
    );
  });
});

describe('the README embedding example', () => {
  it('runs as written and prints 401 (a token issued before reset() is gone)', async () => {
    const { stdout, stderr } = await runReadmeExample('embedding');
    expect(stdout.trim()).toBe('401');
    expect(stderr).not.toMatch(/Error|at /);
  });
});
