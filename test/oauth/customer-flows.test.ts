import { api, customerToken } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { createApiClient, introspect, signUp, tokenRequest } from './support.js';
import { systemContext } from '../../src/context.js';

const DAY = 86_400_000;
let server: TestServer;
const clock = new ManualClock();
let customerId: string;
let storeCustomerId: string;

beforeAll(async () => {
  server = await startTestServer({ passwordFailureLimit: 3 }, { clock });
  customerId = await signUp(server, 'Jane@Example.com', 'secret-1');
  storeCustomerId = await signUp(server, 'store@example.com', 'secret-2', ['berlin']);
});
afterAll(async () => server.close());

const customersPath = '/oauth/test/customers/token';

describe('password flow (POST /oauth/{projectKey}/customers/token)', () => {
  it('issues an access token and a {projectKey}: refresh token whose scope contains customer:{id}', async () => {
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test view_products:test');
    const { status, body } = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' });
    expect(status).toBe(200);
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      token_type: 'Bearer',
      expires_in: 172800,
      scope: `manage_my_profile:test view_products:test customer:${customerId}`,
      refresh_token: expect.stringMatching(/^test:[A-Za-z0-9_-]{43}$/),
    });
  });

  it('matches the e-mail case-insensitively and honours a requested scope subset', async () => {
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test view_products:test');
    const { status, body } = await tokenRequest(server, customersPath, creds, {
      grant_type: 'password',
      username: 'JANE@EXAMPLE.COM',
      password: 'secret-1',
      scope: 'view_products:test',
    });
    expect(status).toBe(200);
    expect(body.scope).toBe(`view_products:test customer:${customerId}`);
  });

  it('answers 400 invalid_customer_account_credentials for a wrong password or unknown e-mail', async () => {
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
    for (const form of [
      { username: 'jane@example.com', password: 'nope' },
      { username: 'ghost@example.com', password: 'secret-1' },
    ]) {
      const { status, body } = await tokenRequest(server, customersPath, creds, { grant_type: 'password', ...form });
      expect(status).toBe(400);
      expect(body).toEqual({
        statusCode: 400,
        message: 'Customer account with the given credentials not found.',
        errors: [{ code: 'invalid_customer_account_credentials', message: 'Customer account with the given credentials not found.' }],
        error: 'invalid_customer_account_credentials',
        error_description: 'Customer account with the given credentials not found.',
      });
    }
  });

  it('refuses a store customer on the global endpoint and accepts it on its store endpoint', async () => {
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
    const global = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'store@example.com', password: 'secret-2' });
    expect(global.status).toBe(400);
    expect(global.body.error).toBe('invalid_customer_account_credentials');
    const inStore = await tokenRequest(server, '/oauth/test/in-store/key=berlin/customers/token', creds, {
      grant_type: 'password',
      username: 'store@example.com',
      password: 'secret-2',
    });
    expect(inStore.status).toBe(200);
    expect(inStore.body.scope).toContain(`customer:${storeCustomerId}`);
    const otherStore = await tokenRequest(server, '/oauth/test/in-store/key=paris/customers/token', creds, {
      grant_type: 'password',
      username: 'store@example.com',
      password: 'secret-2',
    });
    expect(otherStore.status).toBe(400);
  });

  it('refuses other grant types and missing parameters on the customers endpoint', async () => {
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
    const cc = await tokenRequest(server, customersPath, creds, { grant_type: 'client_credentials' });
    expect(cc.status).toBe(400);
    expect(cc.body.error).toBe('unsupported_grant_type');
    const missing = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com' });
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ error: 'invalid_request', error_description: 'Missing required parameter: password.' });
  });

  it('refuses a client of another project with 401 invalid_client', async () => {
    await server.app.services.projects.create({ key: 'other' });
    const creds = await createApiClient(server, 'other', 'manage_my_profile:other');
    const { status, body } = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' });
    expect(status).toBe(401);
    expect(body.error).toBe('invalid_client');
  });

  it('locks an account after passwordFailureLimit failed attempts (429 with Retry-After), even for the right password', async () => {
    await signUp(server, 'victim@example.com', 'right-password');
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
    for (let i = 0; i < 3; i++) {
      expect(
        (await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'victim@example.com', password: `guess-${i}` })).status,
      ).toBe(400);
    }
    const locked = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'victim@example.com', password: 'right-password' });
    expect(locked.status).toBe(429);
    expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
    // Other accounts are not affected.
    expect((await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' })).status).toBe(200);
    clock.advance(15 * 60_000 + 1000);
    expect(
      (await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'victim@example.com', password: 'right-password' })).status,
    ).toBe(200);
  });

  it('counts failures per account whatever the Unicode spelling of the e-mail (NFC, NFD, upper case)', async () => {
    await signUp(server, 'jos\u00e9@example.com', 'right-password');
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
    const spellings = ['jos\u00e9@example.com', 'jose\u0301@example.com', 'JOS\u00c9@EXAMPLE.COM'];
    for (const username of spellings) {
      const res = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username, password: 'wrong' });
      expect(res.status).toBe(400);
    }
    const locked = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'JOSE\u0301@example.com', password: 'right-password' });
    expect(locked.status).toBe(429);
    clock.advance(15 * 60_000 + 1000);
    const after = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jose\u0301@EXAMPLE.com', password: 'right-password' });
    expect(after.status).toBe(200);
  });

  it('resolves the customer on API calls made with the token (customerToken helper)', async () => {
    const token = await customerToken(server, 'jane@example.com', 'secret-1', undefined, 'manage_project:test');
    expect((await api(server, token, '/test')).status).toBe(200);
    // The customer behind the token is who client logging records.
    const created = await api(server, token, '/test/stores', { body: { key: 'created-by-jane' } });
    expect(created.status).toBe(201);
    expect((await created.json()).createdBy).toMatchObject({ customer: { typeId: 'customer', id: customerId } });
  });
});

describe('refresh token flow (POST /oauth/token, grant_type=refresh_token)', () => {
  it('issues a new access token with the same scope and keeps the refresh token', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const first = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' });
    const refreshed = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: first.body.refresh_token! });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      token_type: 'Bearer',
      expires_in: 172800,
      scope: first.body.scope,
    });
    expect(refreshed.body.access_token).not.toBe(first.body.access_token);
    expect((await api(server, refreshed.body.access_token, '/test')).status).toBe(200);
  });

  it('answers 400 invalid_grant for an unknown refresh token or one of another client', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const other = await createApiClient(server, 'test', 'manage_project:test');
    const first = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' });
    for (const [c, token] of [
      [creds, 'test:unknownunknownunknownunknownunknownunknown12'],
      [other, first.body.refresh_token!],
    ] as const) {
      const { status, body } = await tokenRequest(server, '/oauth/token', c, { grant_type: 'refresh_token', refresh_token: token });
      expect(status).toBe(400);
      expect(body).toMatchObject({ error: 'invalid_grant', error_description: 'The refresh token was not found. It may have expired.' });
    }
  });

  it('access tokens expire after expires_in (ManualClock)', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const { body } = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' });
    expect((await api(server, body.access_token, '/test')).status).toBe(200);
    clock.advance(172800 * 1000 + 1000);
    const res = await api(server, body.access_token, '/test');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('invalid_token');
    expect(await introspect(server, creds, body.access_token)).toEqual({ active: false });
  });

  it('refresh tokens expire after 200 days without use, and each use restarts the timer (sliding)', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const { body } = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' });
    const refresh = () => tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: body.refresh_token! });
    // Used every 150 days for 600 days: always still valid.
    for (let i = 0; i < 4; i++) {
      clock.advance(150 * DAY);
      expect((await refresh()).status).toBe(200);
    }
    clock.advance(200 * DAY + 1000);
    const expired = await refresh();
    expect(expired.status).toBe(400);
    expect(expired.body.error).toBe('invalid_grant');
  });

  it('uses the client refreshTokenValiditySeconds', async () => {
    const client = await server.app.services.apiClients.create(systemContext(server.services, 'test'), {
      name: 'short refresh',
      scope: 'manage_project:test',
      refreshTokenValiditySeconds: 60,
    });
    const creds = { clientId: client.id, clientSecret: client.secret! };
    const { body } = await tokenRequest(server, customersPath, creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' });
    clock.advance(50_000);
    expect((await tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: body.refresh_token! })).status).toBe(200);
    clock.advance(50_000);
    expect((await tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: body.refresh_token! })).status).toBe(200);
    clock.advance(61_000);
    expect((await tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: body.refresh_token! })).status).toBe(400);
  });
});

describe('anonymous session flow (POST /oauth/{projectKey}/anonymous/token)', () => {
  it('needs create_anonymous_token on the client', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    const { status, body } = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials' });
    expect(status).toBe(400);
    expect(body.error).toBe('unauthorized_client');
  });

  it('generates an anonymous id, puts anonymous_id=<id> in the scope and issues a refresh token', async () => {
    const creds = await createApiClient(server, 'test', 'create_anonymous_token:test manage_my_orders:test');
    const { status, body } = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials' });
    expect(status).toBe(200);
    expect(body.scope).toMatch(/^create_anonymous_token:test manage_my_orders:test anonymous_id=[0-9a-f-]{36}$/);
    expect(body.refresh_token).toMatch(/^test:[A-Za-z0-9_-]{43}$/);
    const refreshed = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: body.refresh_token! });
    expect(refreshed.status).toBe(200);
    expect(refreshed.body.scope).toBe(body.scope);
  });

  it('takes an unused anonymous_id and refuses one already in use', async () => {
    const creds = await createApiClient(server, 'test', 'create_anonymous_token:test');
    const first = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials', anonymous_id: 'visitor-1' });
    expect(first.status).toBe(200);
    expect(first.body.scope).toBe('create_anonymous_token:test anonymous_id=visitor-1');
    const again = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials', anonymous_id: 'visitor-1' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ statusCode: 400, errors: [{ code: 'AnonymousIdAlreadyInUse', message: 'The given anonymous ID is already in use.' }] });
  });

  // A session given an id reads and changes whatever carries it: an id that only a shopping list or a
  // payment carries (created by the merchant's API for that id) is taken.
  it.each([
    ['a shopping list', '/test/shopping-lists', { name: { en: 'wishes' } }],
    ['a payment', '/test/payments', { amountPlanned: { currencyCode: 'EUR', centAmount: 100 } }],
    ['a cart', '/test/carts', { currency: 'EUR' }],
  ])('refuses an id that only %s carries', async (_what, path, draft) => {
    const merchant = await createApiClient(server, 'test', 'manage_project:test');
    const merchantToken = (await tokenRequest(server, '/oauth/token', merchant, { grant_type: 'client_credentials' })).body.access_token!;
    const anonymousId = `carried-${path.slice(6)}`;
    const created = await api(server, merchantToken, path, { body: { ...draft, anonymousId } });
    expect(created.status).toBe(201);
    const creds = await createApiClient(server, 'test', 'create_anonymous_token:test manage_my_shopping_lists:test manage_my_payments:test');
    const taken = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials', anonymous_id: anonymousId });
    expect(taken.status).toBe(400);
    expect(taken.body).toMatchObject({ errors: [{ code: 'AnonymousIdAlreadyInUse' }] });
  });

  it('gives a new id to exactly one of many concurrent requests for it', async () => {
    const creds = await createApiClient(server, 'test', 'create_anonymous_token:test');
    const attempts = await Promise.all(
      Array.from({ length: 8 }, () =>
        tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials', anonymous_id: 'raced-id' }),
      ),
    );
    expect(attempts.map((a) => a.status).sort()).toEqual([200, 400, 400, 400, 400, 400, 400, 400]);
  });
});
