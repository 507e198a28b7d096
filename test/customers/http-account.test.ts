import { api, clientToken, createApiClient, customerToken } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createCustomer, createStore, managerToken, type CustomerBody, type ErrorBody } from './support.js';

/** The customer endpoints of the HTTP API beyond sign-up/get/delete, global and in-store. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await managerToken(server);
  await createStore(server, admin, 'berlin');
  await createStore(server, admin, 'paris');
});
afterAll(async () => server.close());

let n = 0;
const email = () => `http${++n}@example.com`;

async function json<T>(res: Response, status: number): Promise<T> {
  const text = await res.text();
  if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

describe('GET /{projectKey}/customers and updates by id or key', () => {
  it('queries with where, sort and paging', async () => {
    await createCustomer(server, admin, { email: email(), password: 'p', firstName: 'Queried', lastName: 'B' });
    await createCustomer(server, admin, { email: email(), password: 'p', firstName: 'Queried', lastName: 'A' });
    const res = await api(server, admin, `/test/customers?where=${encodeURIComponent('firstName = "Queried"')}&sort=lastName%20asc&limit=1`);
    const page = await json<{ total: number; count: number; results: CustomerBody[] }>(res, 200);
    expect(page).toMatchObject({ total: 2, count: 1, results: [{ lastName: 'A' }] });
    expect(page.results[0].password).toMatch(/^\*{4}/);
  });

  it('updates by id and by key, with 409 ConcurrentModification for an old version', async () => {
    const customer = await createCustomer(server, admin, { email: email(), password: 'p', key: 'http-key' });
    const byId = await json<CustomerBody>(
      await api(server, admin, `/test/customers/${customer.id}`, { body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'Ida' }] } }),
      200,
    );
    expect(byId).toMatchObject({ version: 2, firstName: 'Ida' });
    const byKey = await json<CustomerBody>(
      await api(server, admin, '/test/customers/key=http-key', {
        body: {
          version: 2,
          actions: [
            { action: 'addAddress', address: { country: 'DE', key: 'a1' } },
            { action: 'setDefaultBillingAddress', addressKey: 'a1' },
          ],
        },
      }),
      200,
    );
    expect(byKey.billingAddressIds).toEqual([byKey.defaultBillingAddressId]);
    const stale = await json<ErrorBody>(
      await api(server, admin, `/test/customers/${customer.id}`, { body: { version: 1, actions: [{ action: 'setFirstName', firstName: 'X' }] } }),
      409,
    );
    expect(stale.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 3 });
    const unknown = await json<ErrorBody>(
      await api(server, admin, `/test/customers/${customer.id}`, { body: { version: 3, actions: [{ action: 'setNothing' }] } }),
      400,
    );
    expect(unknown.errors[0].code).toBe('InvalidInput');
  });
});

describe('POST /{projectKey}/login', () => {
  it('signs in; a wrong password and an unknown e-mail are the same 400 InvalidCredentials', async () => {
    const address = email();
    const customer = await createCustomer(server, admin, { email: address, password: 'right' });
    const ok = await json<{ customer: CustomerBody }>(
      await api(server, admin, '/test/login', { body: { email: address.toUpperCase(), password: 'right' } }),
      200,
    );
    expect(ok.customer.id).toBe(customer.id);
    const wrong = await json<ErrorBody>(await api(server, admin, '/test/login', { body: { email: address, password: 'wrong' } }), 400);
    const unknown = await json<ErrorBody>(await api(server, admin, '/test/login', { body: { email: 'nobody@example.com', password: 'wrong' } }), 400);
    expect(wrong).toEqual({
      statusCode: 400,
      message: 'Account with the given credentials not found.',
      errors: [{ code: 'InvalidCredentials', message: 'Account with the given credentials not found.' }],
    });
    expect(unknown).toEqual(wrong);
  });
});

describe('password and e-mail tokens over HTTP', () => {
  it('password-token (valid 1440 minutes by default) → GET password-token= → password/reset', async () => {
    const address = email();
    const customer = await createCustomer(server, admin, { email: address, password: 'old' });
    const token = await json<{ value: string; customerId: string; createdAt: string; expiresAt: string }>(
      await api(server, admin, '/test/customers/password-token', { body: { email: address } }),
      200,
    );
    expect(token.customerId).toBe(customer.id);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(1440 * 60_000);
    const found = await json<CustomerBody>(await api(server, admin, `/test/customers/password-token=${token.value}`), 200);
    expect(found.id).toBe(customer.id);
    const reset = await json<CustomerBody>(
      await api(server, admin, '/test/customers/password/reset', { body: { tokenValue: token.value, newPassword: 'new', version: 1 } }),
      200,
    );
    expect(reset.version).toBe(2);
    await json(await api(server, admin, '/test/login', { body: { email: address, password: 'new' } }), 200);
    await json(await api(server, admin, `/test/customers/password-token=${token.value}`), 404);
  });

  it('email-token → GET email-token= → email/confirm; /customers/password', async () => {
    const address = email();
    const customer = await createCustomer(server, admin, { email: address, password: 'old' });
    const token = await json<{ value: string }>(await api(server, admin, '/test/customers/email-token', { body: { id: customer.id, ttlMinutes: 30 } }), 200);
    expect((await json<CustomerBody>(await api(server, admin, `/test/customers/email-token=${token.value}`), 200)).id).toBe(customer.id);
    const confirmed = await json<CustomerBody>(await api(server, admin, '/test/customers/email/confirm', { body: { tokenValue: token.value } }), 200);
    expect(confirmed).toMatchObject({ isEmailVerified: true, version: 2 });
    const wrong = await json<ErrorBody>(
      await api(server, admin, '/test/customers/password', { body: { id: customer.id, version: 2, currentPassword: 'nope', newPassword: 'x' } }),
      400,
    );
    expect(wrong.errors[0].code).toBe('InvalidCurrentPassword');
    const changed = await json<CustomerBody>(
      await api(server, admin, '/test/customers/password', { body: { id: customer.id, version: 2, currentPassword: 'old', newPassword: 'x' } }),
      200,
    );
    expect(changed.version).toBe(3);
  });
});

describe('/me', () => {
  it('get, update, change password, confirm e-mail, delete', async () => {
    const address = email();
    const customer = await createCustomer(server, admin, { email: address, password: 'pw-1' });
    const token = await customerToken(server, address, 'pw-1');
    expect((await json<CustomerBody>(await api(server, token, '/test/me'), 200)).id).toBe(customer.id);
    const updated = await json<CustomerBody>(
      await api(server, token, '/test/me', { body: { version: 1, actions: [{ action: 'setLastName', lastName: 'Mine' }] } }),
      200,
    );
    expect(updated).toMatchObject({ version: 2, lastName: 'Mine' });
    const merchantOnly = await json<ErrorBody>(
      await api(server, token, '/test/me', { body: { version: 2, actions: [{ action: 'setCustomerGroup', customerGroup: { id: 'g' } }] } }),
      400,
    );
    expect(merchantOnly.errors[0].code).toBe('InvalidInput');
    await json(await api(server, token, '/test/me/password', { body: { version: 2, currentPassword: 'pw-1', newPassword: 'pw-2' } }), 200);
    const emailToken = await json<{ value: string }>(
      await api(server, admin, '/test/customers/email-token', { body: { id: customer.id, ttlMinutes: 5 } }),
      200,
    );
    expect(
      (await json<CustomerBody>(await api(server, token, '/test/me/email/confirm', { body: { tokenValue: emailToken.value } }), 200)).isEmailVerified,
    ).toBe(true);
    const deleted = await json<CustomerBody>(await api(server, token, '/test/me?version=4', { method: 'DELETE' }), 200);
    expect(deleted.id).toBe(customer.id);
    expect((await api(server, token, '/test/me')).status).toBe(401);
  });

  it('a client-credentials token has no /me: 400 InvalidOperation', async () => {
    const token = await clientToken(server, 'manage_my_profile:test');
    expect((await json<ErrorBody>(await api(server, token, '/test/me'), 400)).errors[0].code).toBe('InvalidOperation');
  });

  it('an anonymous session signs up (/me/signup, 201), signs in (/me/login) and resets a password (/me/password/reset)', async () => {
    const creds = await createApiClient(server, 'test', 'create_anonymous_token:test manage_my_profile:test');
    const anonymous = (await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials' })).body.access_token;
    const address = email();
    const up = await json<{ customer: CustomerBody }>(await api(server, anonymous, '/test/me/signup', { body: { email: address, password: 'anon-1' } }), 201);
    const signedIn = await json<{ customer: CustomerBody }>(
      await api(server, anonymous, '/test/me/login', { body: { email: address, password: 'anon-1' } }),
      200,
    );
    expect(signedIn.customer.id).toBe(up.customer.id);
    const reset = await json<{ value: string }>(await api(server, admin, '/test/customers/password-token', { body: { email: address } }), 200);
    await json(await api(server, anonymous, '/test/me/password/reset', { body: { tokenValue: reset.value, newPassword: 'anon-2' } }), 200);
    await json(await api(server, anonymous, '/test/me/login', { body: { email: address, password: 'anon-2' } }), 200);
    expect((await json<ErrorBody>(await api(server, anonymous, '/test/me/login', { body: { email: address, password: 'anon-1' } }), 400)).errors[0].code).toBe(
      'InvalidCredentials',
    );
  });
});

describe('/in-store/key={storeKey}/…', () => {
  it('sign-up makes a store customer; query, get and login see only that store', async () => {
    const token = await clientToken(server, 'manage_customers:test:berlin');
    const address = email();
    const created = await json<{ customer: CustomerBody }>(
      await api(server, token, '/test/in-store/key=berlin/customers', { body: { email: address, password: 'pw' } }),
      201,
    );
    expect(created.customer.stores).toEqual([{ typeId: 'store', key: 'berlin' }]);
    const page = await json<{ results: CustomerBody[] }>(await api(server, token, '/test/in-store/key=berlin/customers'), 200);
    expect(page.results.map((c) => c.id)).toEqual([created.customer.id]);
    await json(await api(server, token, `/test/in-store/key=berlin/customers/${created.customer.id}`), 200);
    await json(await api(server, admin, `/test/in-store/key=paris/customers/${created.customer.id}`), 404);
    await json(await api(server, token, '/test/in-store/key=berlin/login', { body: { email: address, password: 'pw' } }), 200);
    expect((await json<ErrorBody>(await api(server, admin, '/test/login', { body: { email: address, password: 'pw' } }), 400)).errors[0].code).toBe(
      'InvalidCredentials',
    );
    // The berlin token is not a paris token, nor a project-wide one.
    expect((await json<ErrorBody>(await api(server, token, '/test/in-store/key=paris/customers'), 403)).errors[0].code).toBe('insufficient_scope');
    expect((await json<ErrorBody>(await api(server, token, '/test/customers'), 403)).errors[0].code).toBe('insufficient_scope');
    const customer = await customerToken(server, address, 'pw', 'berlin');
    expect((await json<CustomerBody>(await api(server, customer, '/test/in-store/key=berlin/me'), 200)).id).toBe(created.customer.id);
    await json(await api(server, customer, '/test/in-store/key=paris/me'), 404);
  });

  it('updates and deletes a store customer only through its store', async () => {
    const created = await createCustomer(server, admin, { email: email(), password: 'pw', stores: [{ key: 'paris' }] });
    await json(
      await api(server, admin, `/test/in-store/key=berlin/customers/${created.id}`, { body: { version: 1, actions: [{ action: 'setTitle', title: 'x' }] } }),
      404,
    );
    await json(
      await api(server, admin, `/test/in-store/key=paris/customers/${created.id}`, { body: { version: 1, actions: [{ action: 'setTitle', title: 'x' }] } }),
      200,
    );
    await json(await api(server, admin, `/test/in-store/key=berlin/customers/${created.id}?version=2`, { method: 'DELETE' }), 404);
    await json(await api(server, admin, `/test/in-store/key=paris/customers/${created.id}?version=2&dataErasure=true`, { method: 'DELETE' }), 200);
  });
});
