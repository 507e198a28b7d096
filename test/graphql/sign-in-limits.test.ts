import { api, clientToken } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { gqlData, gqlError, SIGN_UP } from './support.js';

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
  const signMeIn = (email: string, password: string) => `mutation { customerSignMeIn(draft: {email: "${email}", password: "${password}"}) { customer { id } } }`;
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
