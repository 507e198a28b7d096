import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { gql } from '../graphql/support.js';
import { createCustomer, createStore, managerToken, type CustomerBody, type ErrorBody } from './support.js';

/**
 * A client scoped to one store writes only that store's customers: an in-store sign-up or update can
 * neither leave the customer outside the path's store nor name a store the client holds no scope for
 * (from where that store's password flow would sign the customer in). Refused writes change nothing.
 */
let server: TestServer;
let admin: string;
let berlinOnly: string;
let berlinAndParis: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await managerToken(server);
  await createStore(server, admin, 'berlin');
  await createStore(server, admin, 'paris');
  berlinOnly = await clientToken(server, 'manage_customers:test:berlin');
  berlinAndParis = await clientToken(server, 'manage_customers:test:berlin manage_customers:test:paris');
});
afterAll(async () => server.close());

let n = 0;
const email = () => `store-writes${++n}@example.com`;
const store = (key: string) => ({ typeId: 'store', key });

async function customerOfBerlin(): Promise<CustomerBody> {
  return createCustomer(server, admin, { email: email(), password: 'secret', stores: [store('berlin')] });
}

async function storesOf(id: string): Promise<string[]> {
  const res = await api(server, admin, `/test/customers/${id}`);
  return ((await res.json()) as CustomerBody).stores.map((s) => s.key).sort();
}

async function countWithEmail(address: string): Promise<number> {
  const res = await api(server, admin, `/test/customers?where=${encodeURIComponent(`email = "${address}"`)}`);
  return ((await res.json()) as { count: number }).count;
}

describe('in-store sign-up', () => {
  it('puts the customer into the path store when the draft names none', async () => {
    const res = await api(server, berlinOnly, '/test/in-store/key=berlin/customers', { body: { email: email(), password: 'secret' } });
    expect(res.status).toBe(201);
    expect(((await res.json()) as { customer: CustomerBody }).customer.stores).toEqual([store('berlin')]);
  });

  it('refuses a store the client holds no scope for, and writes nothing', async () => {
    const address = email();
    const res = await api(server, berlinOnly, '/test/in-store/key=berlin/customers', {
      body: { email: address, password: 'secret', stores: [store('berlin'), store('paris')] },
    });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'insufficient_scope' });
    expect(await countWithEmail(address)).toBe(0);
    // The customer cannot sign in through the other store's password flow either.
    const signIn = await api(server, admin, '/test/in-store/key=paris/login', { body: { email: address, password: 'secret' } });
    expect(signIn.status).toBe(400);
  });

  it('refuses a draft whose stores leave out the path store, even when the client holds them', async () => {
    const address = email();
    const res = await api(server, berlinAndParis, '/test/in-store/key=berlin/customers', {
      body: { email: address, password: 'secret', stores: [store('paris')] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect(await countWithEmail(address)).toBe(0);
  });

  it('takes several stores from a client that holds each of them', async () => {
    const res = await api(server, berlinAndParis, '/test/in-store/key=berlin/customers', {
      body: { email: email(), password: 'secret', stores: [store('berlin'), store('paris')] },
    });
    expect(res.status).toBe(201);
  });

  it('lets a project-wide client sign up a customer of any store in any store path that includes it', async () => {
    const res = await api(server, admin, '/test/in-store/key=berlin/customers', {
      body: { email: email(), password: 'secret', stores: [store('berlin'), store('paris')] },
    });
    expect(res.status).toBe(201);
  });
});

describe('in-store updates of the stores', () => {
  it.each([
    ['setStores', { action: 'setStores', stores: [store('berlin'), store('paris')] }],
    ['addStore', { action: 'addStore', store: store('paris') }],
  ])('%s into a store the client does not hold is 403, the customer unchanged', async (_name, action) => {
    const customer = await customerOfBerlin();
    const res = await api(server, berlinOnly, `/test/in-store/key=berlin/customers/${customer.id}`, { body: { version: customer.version, actions: [action] } });
    expect(res.status).toBe(403);
    expect(await storesOf(customer.id)).toEqual(['berlin']);
  });

  it.each([
    ['setStores', { action: 'setStores', stores: [store('paris')] }],
    ['removeStore', { action: 'removeStore', store: store('berlin') }],
    ['setStores to none', { action: 'setStores', stores: [] }],
  ])('%s out of the path store is 400 InvalidOperation, the customer unchanged', async (_name, action) => {
    const customer = await customerOfBerlin();
    const res = await api(server, berlinAndParis, `/test/in-store/key=berlin/customers/${customer.id}`, {
      body: { version: customer.version, actions: [action] },
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'InvalidOperation' });
    expect(await storesOf(customer.id)).toEqual(['berlin']);
  });

  it("refuses taking a customer out of another store the client does not hold (setStores dropping 'paris')", async () => {
    const both = await createCustomer(server, admin, { email: email(), password: 'secret', stores: [store('berlin'), store('paris')] });
    const res = await api(server, berlinOnly, `/test/in-store/key=berlin/customers/${both.id}`, {
      body: { version: both.version, actions: [{ action: 'setStores', stores: [store('berlin')] }] },
    });
    expect(res.status).toBe(403);
    expect(await storesOf(both.id)).toEqual(['berlin', 'paris']);
  });

  it('lets a client that holds both stores add the other one', async () => {
    const customer = await customerOfBerlin();
    const res = await api(server, berlinAndParis, `/test/in-store/key=berlin/customers/${customer.id}`, {
      body: { version: customer.version, actions: [{ action: 'addStore', store: store('paris') }] },
    });
    expect(res.status).toBe(200);
    expect(await storesOf(customer.id)).toEqual(['berlin', 'paris']);
  });

  it('GraphQL updateCustomer(storeKey) follows the same rules', async () => {
    const customer = await customerOfBerlin();
    const mutation = `mutation($id: String!, $version: Long!, $actions: [CustomerUpdateAction!]!) {
      updateCustomer(id: $id, version: $version, actions: $actions, storeKey: "berlin") { version stores { key } }
    }`;
    const into = await gql(server, berlinOnly, mutation, { id: customer.id, version: customer.version, actions: [{ addStore: { store: { key: 'paris' } } }] });
    expect(into.body.errors?.[0].extensions.code).toBe('insufficient_scope');
    const out = await gql(server, berlinAndParis, mutation, {
      id: customer.id,
      version: customer.version,
      actions: [{ setStores: { stores: [{ key: 'paris' }] } }],
    });
    expect(out.body.errors?.[0].extensions.code).toBe('InvalidOperation');
    expect(await storesOf(customer.id)).toEqual(['berlin']);
  });

  it('GraphQL customerSignUp(storeKey) refuses a store the client does not hold', async () => {
    const address = email();
    const res = await gql(
      server,
      berlinOnly,
      `mutation($draft: CustomerSignUpDraft!) { customerSignUp(draft: $draft, storeKey: "berlin") { customer { id } } }`,
      {
        draft: { email: address, password: 'secret', stores: [{ key: 'paris' }, { key: 'berlin' }] },
      },
    );
    expect(res.body.errors?.[0].extensions.code).toBe('insufficient_scope');
    expect(await countWithEmail(address)).toBe(0);
  });
});
