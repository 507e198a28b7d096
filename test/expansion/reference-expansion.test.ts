import { api, clientToken, customerToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

// Reference expansion over HTTP on real data: a store created with a customer's (password-flow)
// token records `createdBy.customer`, a Reference to that customer.
let server: TestServer;
let admin: string;
let customerId: string;
let storeIds: string[];

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  const signUp = await api(server, admin, '/test/customers', { body: { email: 'ada@example.com', password: 'secret-123', firstName: 'Ada' } });
  expect(signUp.status).toBe(201);
  customerId = (await signUp.json()).customer.id;
  const asCustomer = await customerToken(server, 'ada@example.com', 'secret-123', undefined, 'manage_stores:test');
  storeIds = [];
  for (const key of ['exp-a', 'exp-b', 'exp-c']) {
    const res = await api(server, asCustomer, '/test/stores', { body: { key, name: { en: key } } });
    expect(res.status).toBe(201);
    storeIds.push((await res.json()).id);
  }
});
afterAll(async () => {
  await server.close();
});

describe('expand', () => {
  it('records the customer reference and leaves it unexpanded by default', async () => {
    const store = await (await api(server, admin, `/test/stores/${storeIds[0]}`)).json();
    expect(store.createdBy.customer).toEqual({ typeId: 'customer', id: customerId });
  });

  it('adds obj next to typeId and id on a single resource', async () => {
    const store = await (await api(server, admin, `/test/stores/${storeIds[0]}?expand=createdBy.customer`)).json();
    expect(store.createdBy.customer.obj).toMatchObject({ id: customerId, email: 'ada@example.com', firstName: 'Ada' });
    // Expanded customers show the masked password only.
    expect(store.createdBy.customer.obj.password).toMatch(/^\*\*\*\*/);
  });

  it('expands every result of a query page', async () => {
    const page = await (
      await api(server, admin, `/test/stores?where=${encodeURIComponent('key in ("exp-a", "exp-b", "exp-c")')}&expand=createdBy.customer`)
    ).json();
    expect(page.count).toBe(3);
    for (const store of page.results) expect(store.createdBy.customer.obj.id).toBe(customerId);
  });

  it('expands nothing beyond what was asked', async () => {
    const store = await (await api(server, admin, `/test/stores/${storeIds[0]}?expand=createdBy.customer`)).json();
    expect(store.lastModifiedBy.customer.obj).toBeUndefined();
  });

  it('never fails the request on a path that cannot be expanded', async () => {
    const res = await api(server, admin, `/test/stores/${storeIds[0]}?expand=${encodeURIComponent('no.such[*].path')}`);
    expect(res.status).toBe(200);
  });

  it('does not reveal resources the caller may not read', async () => {
    const storesOnly = await clientToken(server, 'view_stores:test');
    const store = await (await api(server, storesOnly, `/test/stores/${storeIds[0]}?expand=createdBy.customer`)).json();
    expect(store.createdBy.customer).toEqual({ typeId: 'customer', id: customerId });
  });
});
