import { jest } from '@jest/globals';
import type { RunningServer } from '../../src/server.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { twoInstances, type Instances } from '../support/instances.js';

jest.setTimeout(90_000);

function basic(id: string, secret: string): string {
  return `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;
}

async function clientToken(url: string, id: string, secret: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: basic(id, secret), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

describe('two instances on one database', () => {
  const TTL = 300;
  let instances: Instances;
  let a: RunningServer;
  let b: RunningServer;
  let client: { id: string; secret?: string };
  beforeAll(async () => {
    instances = await twoInstances(TTL, 'manage_project:test');
    ({ a, b, client } = instances);
  });
  afterAll(async () => {
    await instances?.close();
  });

  it('a token issued by one works on the other; a revocation on one takes effect on the other within TOKEN_CACHE_TTL_MS', async () => {
    const token = await clientToken(a.url, client.id, client.secret!);
    expect((await fetch(`${b.url}/test`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    const revoked = await fetch(`${a.url}/oauth/token/revoke`, {
      method: 'POST',
      headers: { Authorization: basic(client.id, client.secret!), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${token}`,
    });
    expect(revoked.status).toBe(200);
    expect((await fetch(`${a.url}/test`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
    await new Promise((resolve) => setTimeout(resolve, TTL + 50));
    expect((await fetch(`${b.url}/test`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(401);
  });

  it('writes through one are read through the other at once (no stale read of a resource)', async () => {
    const token = await clientToken(a.url, client.id, client.secret!);
    const auth = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${a.url}/test/stores`, { method: 'POST', headers: auth, body: JSON.stringify({ key: 'shared' }) });
    expect(created.status).toBe(201);
    const viaB = await fetch(`${b.url}/test/stores/key=shared`, { headers: auth });
    expect(viaB.status).toBe(200);
    const updated = await fetch(`${b.url}/test/stores/key=shared`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ version: 1, actions: [{ action: 'setName', name: { en: 'B' } }] }),
    });
    expect(updated.status).toBe(200);
    const stale = await fetch(`${a.url}/test/stores/key=shared`, {
      method: 'POST',
      headers: auth,
      body: JSON.stringify({ version: 1, actions: [{ action: 'setName', name: { en: 'A' } }] }),
    });
    expect(stale.status).toBe(409);
    expect(((await (await fetch(`${a.url}/test/stores/key=shared`, { headers: auth })).json()) as { name: { en: string } }).name.en).toBe('B');
  });
});

describe('several instances started at the same moment on an empty database', () => {
  let database: FreshDatabase;
  const servers: ChildServer[] = [];
  beforeAll(async () => {
    database = await freshDatabase('file');
  });
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    await database.drop();
  });

  it('all come up; exactly one bootstraps, and its credentials work on every instance', async () => {
    servers.push(...(await Promise.all([1, 2, 3].map(() => startChildServer(database.url)))));
    const bootstrapped = servers.filter((s) => s.bootstrap);
    expect(bootstrapped).toHaveLength(1);
    const { clientId, clientSecret } = bootstrapped[0].bootstrap!;
    for (const s of servers) {
      const token = await clientToken(s.url, clientId, clientSecret);
      expect((await fetch(`${s.url}/demo`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
    }
  });
});
