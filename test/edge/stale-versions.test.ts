import { api, clientToken } from '../support/auth.js';
import { gql } from '../graphql/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Any version that is not the current one is a conflict: 409 ConcurrentModification with
 * currentVersion, the answer the platform's SDK middleware retries on; negative and zero included.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(() => server.close());

interface ErrorBody {
  statusCode: number;
  errors: { code: string; currentVersion?: number }[];
}

async function store(key: string): Promise<{ id: string; version: number }> {
  const res = await api(server, admin, '/test/stores', { body: { key } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: string; version: number };
}

describe.each([-1, 0, -9007199254740991])('version %d', (version) => {
  it('on an update is 409 ConcurrentModification with currentVersion, nothing changed', async () => {
    const created = await store(`update${String(version).replace('-', 'm')}`);
    const res = await api(server, admin, `/test/stores/${created.id}`, { body: { version, actions: [{ action: 'setName', name: { en: 'x' } }] } });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    const now = (await (await api(server, admin, `/test/stores/${created.id}`)).json()) as { version: number; name?: unknown };
    expect(now).toMatchObject({ version: 1 });
    expect(now.name).toBeUndefined();
  });

  it('on a delete is 409 ConcurrentModification, the resource kept', async () => {
    const created = await store(`delete${String(version).replace('-', 'm')}`);
    const res = await api(server, admin, `/test/stores/${created.id}?version=${version}`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
    expect((await api(server, admin, `/test/stores/${created.id}`)).status).toBe(200);
  });
});

it('GraphQL updateCustomer with a negative version is ConcurrentModification too', async () => {
  const signUp = await api(server, admin, '/test/customers', { body: { email: 'stale@example.com', password: 'secret' } });
  const { customer } = (await signUp.json()) as { customer: { id: string } };
  const res = await gql(
    server,
    admin,
    `mutation { updateCustomer(id: "${customer.id}", version: -1, actions: [{ setFirstName: { firstName: "X" } }]) { version } }`,
  );
  expect(res.body.errors?.[0].extensions).toMatchObject({ code: 'ConcurrentModification', currentVersion: 1 });
});

it('a version that is not an integer is still a 400', async () => {
  const created = await store('not-an-integer');
  const res = await api(server, admin, `/test/stores/${created.id}`, { body: { version: 1.5, actions: [] } });
  expect(res.status).toBe(400);
});
