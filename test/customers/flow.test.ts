import { clientToken, createApiClient } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import { gqlData, SIGN_UP } from '../graphql/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The spec's customer flow end to end, as a storefront drives it: sign up → password-flow token →
 * me → update-my → e-mail verification → password reset → sign in with the new password, the old
 * one refused.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

it('sign up, sign in, manage the profile, verify the e-mail, reset the password', async () => {
  const backend = await clientToken(server, 'manage_customers:test');
  const storefront = await createApiClient(server, 'test', 'manage_my_profile:test');
  const signIn = (password: string) =>
    tokenRequest(server, '/oauth/test/customers/token', storefront, { grant_type: 'password', username: 'flow@example.com', password });

  const { customerSignUp } = await gqlData(server, backend, SIGN_UP, { draft: { email: 'flow@example.com', password: 'first-pw', firstName: 'Flo' } });
  const id = customerSignUp.customer.id;

  const session = await signIn('first-pw');
  expect(session.status).toBe(200);
  const token = session.body.access_token;
  expect((await gqlData(server, token, '{ me { customer { id firstName isEmailVerified } } }')).me.customer).toEqual({
    id,
    firstName: 'Flo',
    isEmailVerified: false,
  });

  const updated = await gqlData(
    server,
    token,
    'mutation { updateMyCustomer(version: 1, actions: [{setLastName: {lastName: "Wu"}}, {addAddress: {address: {country: "DE", city: "Köln"}}}]) { version lastName addresses { city } } }',
  );
  expect(updated.updateMyCustomer).toEqual({ version: 2, lastName: 'Wu', addresses: [{ city: 'Köln' }] });

  const emailToken = (await gqlData(server, backend, `mutation { customerCreateEmailVerificationToken(id: "${id}", version: 2, ttlMinutes: 60) { value } }`))
    .customerCreateEmailVerificationToken.value;
  const verified = await gqlData(server, token, `mutation { customerConfirmMyEmail(tokenValue: "${emailToken}") { version isEmailVerified } }`);
  expect(verified.customerConfirmMyEmail).toEqual({ version: 3, isEmailVerified: true });

  const resetToken = (await gqlData(server, backend, 'mutation { customerCreatePasswordResetToken(email: "flow@example.com") { value } }'))
    .customerCreatePasswordResetToken.value;
  const byToken = await gqlData(server, backend, `{ customer(passwordToken: "${resetToken}") { id email } }`);
  expect(byToken.customer).toEqual({ id, email: 'flow@example.com' });
  const reset = await gqlData(server, backend, `mutation { customerResetPassword(tokenValue: "${resetToken}", newPassword: "second-pw") { version } }`);
  expect(reset.customerResetPassword.version).toBe(4);

  const again = await signIn('second-pw');
  expect(again.status).toBe(200);
  expect((await gqlData(server, again.body.access_token, '{ me { customer { id lastName } } }')).me.customer).toEqual({ id, lastName: 'Wu' });
  const old = await signIn('first-pw');
  expect(old.status).toBe(400);
  expect(old.body).toMatchObject({ error: 'invalid_customer_account_credentials' });
});
