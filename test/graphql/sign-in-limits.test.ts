import { tokenRequest } from '../oauth/support.js';
import { api, clientToken, createApiClient } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { gql, gqlData, gqlError, SIGN_UP } from './support.js';

/** Sign-in through GraphQL and HTTP counts failed attempts per account, like the password flow. */
let server: TestServer;
const clock = new ManualClock();
beforeAll(async () => {
  server = await startTestServer({ passwordFailureLimit: 3 }, { clock });
});
afterAll(async () => server.close());

it('after the limit of failures even the right password is refused until the window ends; other accounts are unaffected', async () => {
  const admin = await clientToken(server, 'manage_customers:test');
  const storefront = await clientToken(server, 'manage_my_profile:test');
  for (const email of ['victim@example.com', 'other@example.com']) await gqlData(server, admin, SIGN_UP, { draft: { email, password: 'right-pw' } });
  const signMeIn = (email: string, password: string) =>
    `mutation { customerSignMeIn(draft: {email: "${email}", password: "${password}"}) { customer { id } } }`;
  // Case and Unicode form do not make a second account key.
  for (const email of ['victim@example.com', 'VICTIM@example.com', 'Victim@Example.com']) {
    expect((await gqlError(server, storefront, signMeIn(email, 'guess'))).extensions.code).toBe('InvalidCredentials');
  }
  const locked = await gqlError(server, storefront, signMeIn('victim@example.com', 'right-pw'));
  expect(locked.extensions.code).toBe('TooManyRequests');
  const http = await api(server, storefront, '/test/me/login', { body: { email: 'victim@example.com', password: 'right-pw' } });
  expect(http.status).toBe(429);
  expect(http.headers.get('retry-after')).toMatch(/^\d+$/);
  await gqlData(server, storefront, signMeIn('other@example.com', 'right-pw'));
  clock.advance(15 * 60_000);
  await gqlData(server, storefront, signMeIn('victim@example.com', 'right-pw'));
});

describe('one count for every way in', () => {
  let shared: TestServer;
  const sharedClock = new ManualClock();
  let admin: string;
  let storefront: string;
  let storefrontClient: Awaited<ReturnType<typeof createApiClient>>;
  beforeAll(async () => {
    shared = await startTestServer({ passwordFailureLimit: 5, signInFailuresPerSource: 8 }, { clock: sharedClock });
    admin = await clientToken(shared, 'manage_customers:test manage_stores:test');
    storefrontClient = await createApiClient(shared, 'test', 'manage_my_profile:test');
    storefront = await clientToken(shared, 'manage_my_profile:test');
    await api(shared, admin, '/test/stores', { body: { key: 'berlin' } });
    for (const email of ['alt@example.com', 'spray-0@example.com']) await gqlData(shared, admin, SIGN_UP, { draft: { email, password: 'right-pw' } });
  });
  afterAll(async () => shared.close());
  beforeEach(() => sharedClock.advance(15 * 60_000));

  const oauth = (email: string, password: string, store?: string) =>
    tokenRequest(shared, store ? `/oauth/test/in-store/key=${store}/customers/token` : '/oauth/test/customers/token', storefrontClient, {
      grant_type: 'password',
      username: email,
      password,
    });
  const gqlSignIn = (token: string, field: 'customerSignIn' | 'customerSignMeIn', email: string, password: string) =>
    gql(shared, token, `mutation { ${field}(draft: {email: "${email}", password: "${password}"}) { customer { id } } }`);

  it('failures through the OAuth password flow, GraphQL, /login, /me/login and an in-store form add up to one limit per (project, e-mail)', async () => {
    expect((await oauth('alt@example.com', 'guess')).status).toBe(400);
    expect((await gqlSignIn(admin, 'customerSignIn', 'alt@example.com', 'guess')).body.errors?.[0].extensions.code).toBe('InvalidCredentials');
    expect((await gqlSignIn(storefront, 'customerSignMeIn', 'ALT@example.com', 'guess')).body.errors?.[0].extensions.code).toBe('InvalidCredentials');
    expect((await api(shared, admin, '/test/login', { body: { email: 'alt@example.com', password: 'guess' } })).status).toBe(400);
    expect((await api(shared, storefront, '/test/in-store/key=berlin/me/login', { body: { email: 'alt@example.com', password: 'guess' } })).status).toBe(400);
    // Five failures, one through each way: every way now refuses even the right password.
    const token = await oauth('alt@example.com', 'right-pw');
    expect(token.status).toBe(429);
    expect(token.body.errors).toEqual([{ code: 'TooManyRequests', message: 'Too many failed sign-in attempts for this account. Retry later.' }]);
    expect((await gqlSignIn(admin, 'customerSignIn', 'alt@example.com', 'right-pw')).body.errors?.[0].extensions.code).toBe('TooManyRequests');
    expect((await api(shared, storefront, '/test/me/login', { body: { email: 'alt@example.com', password: 'right-pw' } })).status).toBe(429);
    expect((await oauth('alt@example.com', 'right-pw', 'berlin')).status).toBe(429);
    sharedClock.advance(15 * 60_000);
    expect((await oauth('alt@example.com', 'right-pw')).status).toBe(200);
  });

  it('a success through one way clears the account’s count for the others', async () => {
    for (let i = 0; i < 3; i++) expect((await oauth('alt@example.com', 'guess')).status).toBe(400);
    expect((await gqlSignIn(storefront, 'customerSignMeIn', 'alt@example.com', 'right-pw')).body.errors).toBeUndefined();
    // Three more: six in the window would be past the limit of five, had the success not cleared the count.
    for (let i = 0; i < 3; i++) expect((await api(shared, admin, '/test/login', { body: { email: 'alt@example.com', password: 'guess' } })).status).toBe(400);
    expect((await oauth('alt@example.com', 'right-pw')).status).toBe(200);
  });

  it('one address failing across many e-mails is refused past SIGN_IN_FAILURES_PER_SOURCE, on every way in', async () => {
    for (let i = 1; i <= 8; i++) {
      const res =
        i % 2
          ? await oauth(`spray-${i}@example.com`, 'guess')
          : await api(shared, admin, '/test/login', { body: { email: `spray-${i}@example.com`, password: 'guess' } });
      expect(res.status).toBe(400);
    }
    const refused = await gqlSignIn(admin, 'customerSignIn', 'spray-0@example.com', 'right-pw');
    expect(refused.body.errors?.[0]).toMatchObject({
      message: 'Too many failed sign-in attempts from this address. Retry later.',
      extensions: { code: 'TooManyRequests' },
    });
    expect((await oauth('spray-0@example.com', 'right-pw')).status).toBe(429);
  });
});

describe('a stranger cannot lock a customer out cheaply', () => {
  // Behind a trusted proxy the source address is the one the proxy added last to X-Forwarded-For.
  let proxied: TestServer;
  const proxiedClock = new ManualClock();
  let storefront: string;
  beforeAll(async () => {
    proxied = await startTestServer({ passwordFailureLimit: 3, signInFailuresPerSource: 1000, trustProxy: true }, { clock: proxiedClock });
    // Every request arrives as the proxy forwards one it received over HTTPS.
    const direct = proxied.request;
    proxied.request = (path, init) => direct(path, { ...init, headers: { 'X-Forwarded-Proto': 'https', ...(init?.headers as Record<string, string>) } });
    const admin = await clientToken(proxied, 'manage_customers:test');
    storefront = await clientToken(proxied, 'manage_my_profile:test');
    await gqlData(proxied, admin, SIGN_UP, { draft: { email: 'target@example.com', password: 'right-pw' } });
  });
  afterAll(async () => proxied.close());

  const login = (from: string, password: string) =>
    api(proxied, storefront, '/test/me/login', { body: { email: 'target@example.com', password }, headers: { 'X-Forwarded-For': from } });

  it('failures from one address refuse that address only; the customer at another address signs in', async () => {
    for (let i = 0; i < 3; i++) expect((await login('198.51.100.7', 'guess')).status).toBe(400);
    expect((await login('198.51.100.7', 'right-pw')).status).toBe(429);
    expect((await login('203.0.113.20', 'right-pw')).status).toBe(200);
  });

  it('ten times the limit from many addresses refuses every address until the window ends', async () => {
    proxiedClock.advance(15 * 60_000);
    for (let i = 0; i < 30; i++) expect((await login(`198.51.100.${100 + (i % 10)}`, 'guess')).status).toBe(400);
    expect((await login('203.0.113.21', 'right-pw')).status).toBe(429);
    proxiedClock.advance(15 * 60_000);
    expect((await login('203.0.113.21', 'right-pw')).status).toBe(200);
  });
});
