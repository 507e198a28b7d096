import { jest } from '@jest/globals';
import pg from 'pg';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/shared/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { twoInstances, type Instances } from '../support/instances.js';
import { systemContext } from '../../src/context.js';

jest.setTimeout(60_000);

const POSTGRES = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');
/** "Within tens of milliseconds", with slack for a CPU shared with other work. */
const PROPAGATION_BUDGET_MS = 250;
/** Far longer than any wait below: a change seen in time was announced, not timed out. */
const TTL = 60_000;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(url: string, id: string, secret: string, path = '/oauth/token', form = 'grant_type=client_credentials'): Promise<string> {
  const res = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Authorization: basic(id, secret), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: form,
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const call = (url: string, bearer: string, path: string, init: { method?: string; body?: unknown } = {}) =>
  fetch(`${url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });

/** Polls until `check` holds; resolves with how long it took (ms), or fails past `budget`. */
async function within(budget: number, check: () => Promise<boolean>): Promise<number> {
  const start = performance.now();
  for (;;) {
    if (await check()) return performance.now() - start;
    if (performance.now() - start > budget) throw new Error(`not seen within ${budget} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

(POSTGRES ? describe : describe.skip)('two instances on one PostgreSQL: caches invalidated through LISTEN/NOTIFY', () => {
  let instances: Instances;
  let database: FreshDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let client: { id: string; secret?: string };
  const timings: Record<string, number> = {};

  beforeAll(async () => {
    instances = await twoInstances(TTL, 'manage_project:test manage_my_profile:test');
    ({ database, a, b, client } = instances);
  });
  afterAll(async () => {
    console.log(`propagation (ms): ${JSON.stringify(timings)}`);
    await instances?.close();
  });

  it('a token revoked on one instance is refused by the other within tens of milliseconds (not after TOKEN_CACHE_TTL_MS)', async () => {
    const bearer = await token(a.url, client.id, client.secret!);
    expect((await call(b.url, bearer, '/test')).status).toBe(200); // now cached on b
    const revoked = await fetch(`${a.url}/oauth/token/revoke`, {
      method: 'POST',
      headers: { Authorization: basic(client.id, client.secret!), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${bearer}`,
    });
    expect(revoked.status).toBe(200);
    timings.revocation = await within(PROPAGATION_BUDGET_MS, async () => (await call(b.url, bearer, '/test')).status === 401);
  });

  it('a project changed on one instance is read changed on the other', async () => {
    const bearer = await token(a.url, client.id, client.secret!);
    const before = (await (await call(b.url, bearer, '/test')).json()) as { version: number };
    const updated = await call(a.url, bearer, '/test', { body: { version: before.version, actions: [{ action: 'changeName', name: 'Renamed' }] } });
    expect(updated.status).toBe(200);
    timings.project = await within(
      PROPAGATION_BUDGET_MS,
      async () => ((await (await call(b.url, bearer, '/test')).json()) as { name?: string }).name === 'Renamed',
    );
  });

  it('the tokens of a deleted customer are refused by the other instance', async () => {
    const admin = await token(a.url, client.id, client.secret!);
    const created = await call(a.url, admin, '/test/customers', { body: { email: 'gone@example.com', password: 'secret-pw' } });
    expect(created.status).toBe(201);
    const { customer } = (await created.json()) as { customer: { id: string; version: number } };
    const customerBearer = await token(
      a.url,
      client.id,
      client.secret!,
      '/oauth/test/customers/token',
      'grant_type=password&username=gone%40example.com&password=secret-pw&scope=manage_my_profile%3Atest',
    );
    const me = () => call(b.url, customerBearer, '/test/graphql', { body: { query: '{ me { customer { id } } }' } });
    const before = await me();
    expect(before.status).toBe(200);
    expect(((await before.json()) as { data: { me: { customer: { id: string } } } }).data.me.customer.id).toBe(customer.id);
    expect((await call(a.url, admin, `/test/customers/${customer.id}?version=${customer.version}`, { method: 'DELETE' })).status).toBe(200);
    timings.customerDeletion = await within(PROPAGATION_BUDGET_MS, async () => (await me()).status === 401);
  });

  it('the tokens of an API client deleted on one instance are refused by the other', async () => {
    const other = await a.app.services.apiClients.create(systemContext(a.services, 'test'), { name: 'doomed', scope: 'manage_project:test' });
    const bearer = await token(a.url, other.id, other.secret!);
    expect((await call(b.url, bearer, '/test')).status).toBe(200);
    await a.app.services.apiClients.delete(systemContext(a.services, 'test'), other.id);
    timings.clientDeletion = await within(PROPAGATION_BUDGET_MS, async () => (await call(b.url, bearer, '/test')).status === 401);
  });

  it('when the notification connection drops, the instance listens again and forgets what it may have missed', async () => {
    const bearer = await token(a.url, client.id, client.secret!);
    expect((await call(b.url, bearer, '/test')).status).toBe(200);
    // Every listener on this schema's channel loses its connection, as in a database failover.
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const schema = new URL(database.url).searchParams.get('schema');
    const killed = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1`, [`cpa-listen ${schema}`]);
    await admin.end();
    expect(killed.rowCount).toBe(2);
    // Revoked while nobody listens: the notification is lost; b must not keep the token for the TTL.
    await fetch(`${a.url}/oauth/token/revoke`, {
      method: 'POST',
      headers: { Authorization: basic(client.id, client.secret!), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${bearer}`,
    });
    timings.afterReconnect = await within(5000, async () => (await call(b.url, bearer, '/test')).status === 401);
    // And notifications flow again.
    const next = await token(a.url, client.id, client.secret!);
    expect((await call(b.url, next, '/test')).status).toBe(200);
    await fetch(`${a.url}/oauth/token/revoke`, {
      method: 'POST',
      headers: { Authorization: basic(client.id, client.secret!), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${next}`,
    });
    await within(PROPAGATION_BUDGET_MS, async () => (await call(b.url, next, '/test')).status === 401);
  });

  it('the expired-token sweep runs on one instance only; another takes over when that one stops', async () => {
    const ran = [await a.app.oauth.sweepExpired(), await b.app.oauth.sweepExpired(), await a.app.oauth.sweepExpired(), await b.app.oauth.sweepExpired()];
    expect(ran.filter(Boolean)).toHaveLength(2);
    expect(ran[0]).toBe(ran[2]);
    expect(ran[0]).not.toBe(ran[1]);
    const [leader, follower] = ran[0] ? [a, b] : [b, a];
    await leader.close();
    expect(await follower.app.oauth.sweepExpired()).toBe(true);
  });
});

/**
 * On an SQLite file the processes announce revocations, deletions and project changes through a file
 * beside the database, which each instance reads (~1 µs) before it uses a cached token or project. So
 * what another instance in this process or another process on the file revoked, deleted or changed
 * is refused or read changed by the very next request, with a cache TTL far longer than the test.
 */
(POSTGRES ? describe.skip : describe)('instances and processes on one SQLite file: revocations and changes announced through a file', () => {
  let instances: Instances;
  let a: RunningServer;
  let b: RunningServer;
  let child: ChildServer;
  let client: { id: string; secret?: string };

  beforeAll(async () => {
    instances = await twoInstances(TTL, 'manage_project:test manage_my_profile:test');
    ({ a, b, client } = instances);
    child = await startChildServer(instances.database.url, { TOKEN_CACHE_TTL_MS: String(TTL) });
  });
  afterAll(async () => {
    await child?.kill('SIGTERM');
    await instances?.close();
  });

  const others: Array<[string, () => string]> = [
    ['another instance in this process', () => b.url],
    ['another process', () => child.url],
  ];

  it.each(others)('a token revoked by %s is refused at once', async (_name, otherUrl) => {
    const bearer = await token(a.url, client.id, client.secret!);
    expect((await call(a.url, bearer, '/test')).status).toBe(200);
    expect((await call(a.url, bearer, '/test')).status).toBe(200); // from the cache
    const revoked = await fetch(`${otherUrl()}/oauth/token/revoke`, {
      method: 'POST',
      headers: { Authorization: basic(client.id, client.secret!), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `token=${bearer}`,
    });
    expect(revoked.status).toBe(200);
    expect((await call(a.url, bearer, '/test')).status).toBe(401);
  });

  it.each(others)('a token stays accepted while %s writes other things (a commit alone revokes nothing)', async (_name, otherUrl) => {
    const bearer = await token(a.url, client.id, client.secret!);
    const other = await token(otherUrl(), client.id, client.secret!);
    expect((await call(a.url, bearer, '/test')).status).toBe(200);
    const created = await call(otherUrl(), other, '/test/stores', { body: { key: `s-${Math.random().toString(36).slice(2, 10)}` } });
    expect(created.status).toBe(201);
    expect((await call(a.url, bearer, '/test')).status).toBe(200);
  });

  it.each(others)('the tokens of an API client deleted by %s are refused at once', async (_name, otherUrl) => {
    const admin = await token(a.url, client.id, client.secret!);
    const doomed = await a.app.services.apiClients.create(systemContext(a.services, 'test'), { name: 'doomed', scope: 'view_project_settings:test' });
    const bearer = await token(a.url, doomed.id, doomed.secret!);
    expect((await call(a.url, bearer, '/test')).status).toBe(200);
    const deleted = await call(otherUrl(), await token(otherUrl(), client.id, client.secret!), `/test/api-clients/${doomed.id}`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
    expect((await call(a.url, bearer, '/test')).status).toBe(401);
    expect((await call(a.url, admin, '/test')).status).toBe(200);
    // a held the client's row since its token request: its credentials get nothing more either.
    const refused = await fetch(`${a.url}/oauth/token`, {
      method: 'POST',
      headers: { Authorization: basic(doomed.id, doomed.secret!), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(refused.status).toBe(401);
  });

  it.each(others)('the tokens of a customer deleted by %s are refused at once', async (_name, otherUrl) => {
    const email = `gone-${Math.random().toString(36).slice(2, 10)}@example.com`;
    const other = await token(otherUrl(), client.id, client.secret!);
    const created = await call(otherUrl(), other, '/test/customers', { body: { email, password: 'secret-pw' } });
    expect(created.status).toBe(201);
    const { customer } = (await created.json()) as { customer: { id: string; version: number } };
    const customerBearer = await token(
      a.url,
      client.id,
      client.secret!,
      '/oauth/test/customers/token',
      `grant_type=password&username=${encodeURIComponent(email)}&password=secret-pw&scope=manage_my_profile%3Atest`,
    );
    const me = () => call(a.url, customerBearer, '/test/graphql', { body: { query: '{ me { customer { id } } }' } });
    expect((await me()).status).toBe(200);
    expect((await call(otherUrl(), other, `/test/customers/${customer.id}?version=${customer.version}`, { method: 'DELETE' })).status).toBe(200);
    expect((await me()).status).toBe(401);
  });

  it.each(others)('a project changed by %s is read changed at once', async (_name, otherUrl) => {
    const bearer = await token(a.url, client.id, client.secret!);
    const other = await token(otherUrl(), client.id, client.secret!);
    const before = (await (await call(a.url, bearer, '/test')).json()) as { version: number };
    const name = `Renamed ${Math.random().toString(36).slice(2, 8)}`;
    const updated = await call(otherUrl(), other, '/test', { body: { version: before.version, actions: [{ action: 'changeName', name }] } });
    expect(updated.status).toBe(200);
    expect(((await (await call(a.url, bearer, '/test')).json()) as { name?: string }).name).toBe(name);
  });
});

describe('one instance on its own database', () => {
  it('runs the expired-token sweep itself', async () => {
    const database = await freshDatabase();
    const server = await startServer(
      { ...loadConfig({}), host: '127.0.0.1', port: 0, plainHttp: true, databaseUrl: database.url, logLevel: 'silent' },
      { logger: createLogger('silent') },
    );
    try {
      expect(await server.app.oauth.sweepExpired()).toBe(true);
    } finally {
      await server.close();
      await database.drop();
    }
  });
});
