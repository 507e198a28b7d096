import { jest } from '@jest/globals';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';

// kill -9 of the server process under concurrent write load: every write that was acknowledged is
// there after a restart, and no multi-action update is half applied. Runs on the embedded database
// (a SQLite file) and, with TEST_DATABASE_URL, on PostgreSQL.
jest.setTimeout(90_000);

let database: FreshDatabase;
let server: ChildServer | undefined;
beforeAll(async () => {
  database = await freshDatabase('file');
});
afterAll(async () => {
  await server?.kill();
  await database.drop();
});

async function token(url: string, clientId: string, clientSecret: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

function call(url: string, bearer: string, path: string, body?: unknown): Promise<Response> {
  return fetch(url + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${bearer}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

it('keeps every acknowledged write across kill -9, with no partial update', async () => {
  server = await startChildServer(database.url);
  expect(server.bootstrap).toBeDefined();
  const { clientId, clientSecret } = server.bootstrap!;
  const bearer = await token(server.url, clientId, clientSecret);
  const url = server.url;

  const updated = ['u-0', 'u-1', 'u-2', 'u-3'];
  for (const key of updated) expect((await call(url, bearer, '/demo/stores', { key, name: { en: 'v0' }, languages: ['en'] })).status).toBe(201);

  const ackedCreates: string[] = [];
  const ackedVersions = new Map<string, number>();
  let stop = false;

  async function creator(loop: number): Promise<void> {
    for (let n = 0; !stop; n++) {
      const key = `c-${loop}-${n}`;
      try {
        const res = await call(url, bearer, '/demo/stores', { key, name: { en: key }, languages: ['de'] });
        if (res.status === 201) ackedCreates.push(key);
      } catch {
        return; // the connection died with the process
      }
    }
  }

  async function updater(key: string): Promise<void> {
    let version = 1;
    for (let n = 1; !stop; n++) {
      try {
        // Two actions whose results must be seen together: name v{n} goes with languages by n's parity.
        const res = await call(url, bearer, `/demo/stores/key=${key}`, {
          version,
          actions: [
            { action: 'setName', name: { en: `v${n}` } },
            { action: 'setLanguages', languages: n % 2 === 0 ? ['en'] : ['de'] },
          ],
        });
        if (res.status !== 200) return;
        version = ((await res.json()) as { version: number }).version;
        ackedVersions.set(key, version);
      } catch {
        return;
      }
    }
  }

  const load = [...Array.from({ length: 8 }, (_, i) => creator(i)), ...updated.map(updater)];
  // Killed mid-load once enough writes were acknowledged to prove something (at most 20 s: a loaded
  // machine, or a server still compiling its validators in the background, acknowledges fewer per second).
  const deadline = Date.now() + 20_000;
  await new Promise((resolve) => setTimeout(resolve, 1500));
  while ((ackedCreates.length <= 20 || ackedVersions.size < updated.length) && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.kill('SIGKILL');
  stop = true;
  await Promise.all(load);
  expect(ackedCreates.length).toBeGreaterThan(20);
  expect(ackedVersions.size).toBe(updated.length);

  server = await startChildServer(database.url);
  const after = await token(server.url, clientId, clientSecret);
  for (const key of ackedCreates) {
    const res = await call(server.url, after, `/demo/stores/key=${key}`);
    expect({ key, status: res.status }).toEqual({ key, status: 200 });
    expect(await res.json()).toMatchObject({ key, name: { en: key }, languages: ['de'] });
  }
  for (const key of updated) {
    const store = (await (await call(server.url, after, `/demo/stores/key=${key}`)).json()) as { version: number; name: { en: string }; languages: string[] };
    // A write may have committed without its answer arriving, never the other way round.
    expect(store.version).toBeGreaterThanOrEqual(ackedVersions.get(key)!);
    const n = Number(store.name.en.slice(1));
    expect(store.languages).toEqual(n % 2 === 0 ? ['en'] : ['de']);
    expect(store.version).toBe(n + 1);
  }
});
