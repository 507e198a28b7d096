import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { systemContext, withTransaction } from '../../src/context.js';

interface ClientBody {
  id: string;
  name: string;
  scope: string;
  lastUsedAt?: string;
  secret?: string;
}
interface Page {
  count: number;
  total?: number;
  results: ClientBody[];
}

// GET /{projectKey}/api-clients runs on the query engine: where, sort and paging in the database.
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_api_clients:test');
  for (const name of ['alpha', 'beta', 'gamma'])
    await server.app.services.apiClients.create(systemContext(server.services, 'test'), { name, scope: 'view_stores:test' });
  await server.app.services.apiClients.create(systemContext(server.services, 'test'), { name: 'orders reader', scope: 'view_orders:test' });
});
afterAll(async () => {
  await server.close();
});

async function page(search: string): Promise<Page> {
  const res = await api(server, admin, `/test/api-clients?${search}`);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

it('filters with where and answers the total', async () => {
  const p = await page(`where=${encodeURIComponent('scope = "view_orders:test"')}`);
  expect(p.results.map((c) => c.name)).toEqual(['orders reader']);
  expect(p.total).toBe(1);
});

it('sorts and pages', async () => {
  const all = await page('sort=name%20asc&limit=500');
  const names = all.results.map((c) => c.name);
  expect(names).toEqual([...names].sort());
  const second = await page('sort=name%20asc&limit=1&offset=1&withTotal=false');
  expect(second.results.map((c) => c.name)).toEqual([names[1]]);
  expect('total' in second).toBe(false);
});

it('reports lastUsedAt (kept in its own column) and never a secret', async () => {
  const p = await page(`where=${encodeURIComponent('scope = "manage_api_clients:test"')}`);
  expect(p.results).toHaveLength(1);
  // The admin client requested a token and made calls, so it has been used today.
  expect(p.results[0].lastUsedAt).toMatch(/^\d{4}-\d\d-\d\d$/);
  const all = await page('limit=500');
  expect(all.results.every((c) => c.secret === undefined)).toBe(true);
});

it('an unknown field in where is 400 InvalidInput', async () => {
  const res = await api(server, admin, `/test/api-clients?where=${encodeURIComponent('secretHash = "x"')}`);
  expect(res.status).toBe(400);
  expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('InvalidInput');
});

it("creates and deletes a client inside the caller's transaction: a rolled-back create leaves no client", async () => {
  const outside = systemContext(server.services, 'test');
  const refused = new Error('the caller gives up after the create');
  await expect(
    withTransaction(outside, async (tx) => {
      await server.app.services.apiClients.create(tx, { name: 'rolled back', scope: 'view_stores:test' });
      throw refused;
    }),
  ).rejects.toBe(refused);
  expect((await server.app.services.apiClients.list(outside)).map((c) => c.name)).not.toContain('rolled back');
});
