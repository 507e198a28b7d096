import { api, clientToken, createApiClient, customerToken } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { gql, gqlData, gqlError, SIGN_UP } from './support.js';

/** customer(id | key | emailToken | passwordToken), customers(where, sort, limit, offset), me, inStore, and the query limits. */
let server: TestServer;
let admin: string;
const ids: Record<string, string> = {};
beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_customers:test manage_stores:test');
  for (const key of ['berlin', 'paris']) await api(server, admin, '/test/stores', { body: { key, name: { en: key } } });
  const people = [
    { email: 'anna@example.com', firstName: 'Anna', key: 'anna' },
    { email: 'bert@example.com', firstName: 'Bert', key: 'bert' },
    { email: 'carl@example.com', firstName: 'Carl', key: 'carl', stores: [{ key: 'berlin' }] },
    { email: 'dora@example.com', firstName: 'Dora', key: 'dora', stores: [{ key: 'paris' }] },
  ];
  for (const person of people) {
    const data = await gqlData(server, admin, SIGN_UP, { draft: { ...person, password: 'pw-123' } });
    ids[person.key] = data.customerSignUp.customer.id;
  }
});
afterAll(async () => server.close());

describe('customer(…)', () => {
  it('by id and by key; null when nothing matches', async () => {
    const data = await gqlData(server, admin, `{ a: customer(id: "${ids.anna}") { key } b: customer(key: "bert") { id } c: customer(key: "nobody") { id } }`);
    expect(data).toEqual({ a: { key: 'anna' }, b: { id: ids.bert }, c: null });
  });

  it('needs exactly one of id, key, emailToken, passwordToken', async () => {
    expect((await gqlError(server, admin, '{ customer { id } }')).extensions.code).toBe('InvalidInput');
    expect((await gqlError(server, admin, `{ customer(id: "${ids.anna}", key: "anna") { id } }`)).extensions.code).toBe('InvalidInput');
  });

  it('a customer token without view_customers is refused with insufficient_scope', async () => {
    const token = await customerToken(server, 'anna@example.com', 'pw-123');
    const error = await gqlError(server, token, `{ customer(id: "${ids.anna}") { id } }`);
    expect(error.extensions.code).toBe('insufficient_scope');
    expect(error.data).toEqual({ customer: null });
  });
});

describe('customers(where, sort, limit, offset)', () => {
  it('filters, sorts and pages on the query engine', async () => {
    const data = await gqlData(
      server,
      admin,
      `{
      customers(where: "firstName in (\\"Anna\\", \\"Bert\\", \\"Carl\\")", sort: ["firstName desc"], limit: 2, offset: 0) { offset count total exists results { firstName } }
    }`,
    );
    expect(data.customers).toEqual({ offset: 0, count: 2, total: 3, exists: true, results: [{ firstName: 'Carl' }, { firstName: 'Bert' }] });
    const next = await gqlData(
      server,
      admin,
      '{ customers(where: "firstName in (\\"Anna\\", \\"Bert\\", \\"Carl\\")", sort: ["firstName desc"], limit: 2, offset: 2) { count results { firstName } } }',
    );
    expect(next.customers).toEqual({ count: 1, results: [{ firstName: 'Anna' }] });
  });

  it('a malformed predicate is an error in extensions.code, not a 500', async () => {
    const error = await gqlError(server, admin, '{ customers(where: "firstName = ") { total } }');
    expect(error.extensions.code).toBe('InvalidInput');
  });

  it('a limit above 500 is refused', async () => {
    const error = await gqlError(server, admin, '{ customers(limit: 501) { total } }');
    expect(error.extensions.code).toBe('InvalidInput');
  });
});

describe('me', () => {
  it('with a password-flow token: the signed-in customer', async () => {
    const token = await customerToken(server, 'anna@example.com', 'pw-123');
    const data = await gqlData(server, token, '{ me { customer { id email firstName } } }');
    expect(data.me.customer).toEqual({ id: ids.anna, email: 'anna@example.com', firstName: 'Anna' });
  });

  it('with an anonymous-session token: no customer', async () => {
    const creds = await createApiClient(server, 'test', 'create_anonymous_token:test manage_my_profile:test');
    const { body } = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials' });
    const data = await gqlData(server, body.access_token, '{ me { customer { id } } }');
    expect(data.me).toEqual({ customer: null });
  });

  it('with a client-credentials token: a clear error', async () => {
    const token = await clientToken(server, 'manage_my_profile:test');
    const error = await gqlError(server, token, '{ me { customer { id } } }');
    expect(error.extensions.code).toBe('InvalidOperation');
    expect(error.message).toContain('customer');
  });
});

describe('inStore(key)', () => {
  it('sees only the customers of that store', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ inStore(key: "berlin") { customers(sort: ["email asc"]) { total results { key } } c: customer(id: "${ids.dora}") { id } k: customer(key: "carl") { id } } }`,
    );
    expect(data.inStore).toEqual({ customers: { total: 1, results: [{ key: 'carl' }] }, c: null, k: { id: ids.carl } });
  });

  it('a store-scoped token reads its store only', async () => {
    const token = await clientToken(server, 'view_customers:test:berlin');
    const ok = await gqlData(server, token, '{ inStore(key: "berlin") { customers { total } } }');
    expect(ok.inStore.customers.total).toBe(1);
    const { body } = await gql(server, token, '{ inStore(key: "paris") { customers { total } } }');
    expect(body.errors![0].extensions.code).toBe('insufficient_scope');
    expect(body.errors![0].message).toContain('view_customers:test:paris');
    const project = await gqlError(server, token, '{ customers { total } }');
    expect(project.extensions.code).toBe('insufficient_scope');
  });

  it('inStore(key).me is the signed-in customer of that store; another store answers 404 for it', async () => {
    const token = await customerToken(server, 'carl@example.com', 'pw-123', 'berlin');
    const data = await gqlData(server, token, '{ inStore(key: "berlin") { me { customer { id } } } }');
    expect(data.inStore.me.customer).toEqual({ id: ids.carl });
    const other = await gqlError(server, token, '{ inStore(key: "paris") { me { customer { id } } } }');
    expect(other.extensions.code).toBe('ResourceNotFound');
  });

  it('signs up and signs in store customers through storeKey', async () => {
    const token = await clientToken(server, 'manage_customers:test:paris');
    const up = await gqlData(server, token, SIGN_UP, { draft: { email: 'eve@example.com', password: 'pw-1' }, storeKey: 'paris' });
    expect(up.customerSignUp.customer.storesRef).toEqual([{ key: 'paris' }]);
    const signIn = 'mutation($s: KeyReferenceInput) { customerSignIn(draft: {email: "eve@example.com", password: "pw-1"}, storeKey: $s) { customer { id } } }';
    expect((await gqlData(server, token, signIn, { s: 'paris' })).customerSignIn.customer.id).toBe(up.customerSignUp.customer.id);
    // A store customer does not sign in globally, nor in another store.
    expect((await gqlError(server, admin, signIn, {})).extensions.code).toBe('InvalidCredentials');
    expect((await gqlError(server, admin, signIn, { s: 'berlin' })).extensions.code).toBe('InvalidCredentials');
    // The token of paris cannot act in berlin.
    expect((await gqlError(server, token, SIGN_UP, { draft: { email: 'x@example.com', password: 'p' }, storeKey: 'berlin' })).extensions.code).toBe(
      'insufficient_scope',
    );
  });
});

describe('query limits', () => {
  it('refuses a document nested deeper than the limit', async () => {
    let selection = 'id';
    for (let i = 0; i < 20; i++) selection = `customer { ${selection} }`;
    const { status, body } = await gql(server, admin, `{ me { ${selection} } }`);
    expect(status).toBe(400);
    expect(body.errors![0].extensions.code).toBe('QueryComplexityLimitExceeded');
  });

  it('refuses too many aliases', async () => {
    const fields = Array.from({ length: 60 }, (_, i) => `a${i}: customers { total }`).join(' ');
    const { status, body } = await gql(server, admin, `{ ${fields} }`);
    expect(status).toBe(400);
    expect(body.errors![0].message).toContain('aliases');
  });

  it('counts fragments per use without re-walking them (a fan-out of fragments is refused quickly)', async () => {
    const fragments = ['fragment F0 on Customer { id email }'];
    for (let i = 1; i <= 12; i++) fragments.push(`fragment F${i} on Customer { ...F${i - 1} x: addresses { id } ...F${i - 1} }`);
    const started = Date.now();
    const { status, body } = await gql(server, admin, `{ customers { results { ...F12 } } } ${fragments.join(' ')}`);
    expect(status).toBe(400);
    expect(body.errors!.some((e) => e.extensions.code === 'QueryComplexityLimitExceeded')).toBe(true);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('a document refused once is refused again (parsed and validated documents are cached by text)', async () => {
    for (let i = 0; i < 2; i++) {
      const { status, body } = await gql(server, admin, '{ customers { nope } }');
      expect(status).toBe(400);
      expect(body.errors![0].message).toContain('nope');
    }
  });

  it('the introspection query GraphiQL sends is within the limits', async () => {
    const { getIntrospectionQuery } = await import('graphql');
    const { status, body } = await gql(server, admin, getIntrospectionQuery());
    expect(status).toBe(200);
    expect(body.errors).toBeUndefined();
  });
});
