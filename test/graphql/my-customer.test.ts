import { clientToken, createApiClient, customerToken } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { gql, gqlData, gqlError, SIGN_UP } from './support.js';

/** The "my" mutations: the customer is the one of the token. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_customers:test');
});
afterAll(async () => server.close());

let n = 0;
async function customerWithToken(password = 'pw-1'): Promise<{ id: string; email: string; token: string }> {
  const email = `me${++n}@example.com`;
  const data = await gqlData(server, admin, SIGN_UP, { draft: { email, password, addresses: [{ country: 'DE' }] } });
  return { id: data.customerSignUp.customer.id, email, token: await customerToken(server, email, password) };
}

async function anonymousToken(): Promise<string> {
  const creds = await createApiClient(server, 'test', 'create_anonymous_token:test manage_my_profile:test');
  const { body } = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials' });
  return body.access_token;
}

const SIGN_IN_BY_PASSWORD = (email: string, password: string) =>
  `mutation { customerSignIn(draft: {email: "${email}", password: "${password}"}) { customer { id } } }`;

describe('updateMyCustomer', () => {
  it('updates the customer of the token, at its version', async () => {
    const me = await customerWithToken();
    const data = await gqlData(
      server,
      me.token,
      'mutation { updateMyCustomer(version: 1, actions: [{setFirstName: {firstName: "Mia"}}, {setCompanyName: {companyName: "ACME"}}]) { id version firstName companyName } }',
    );
    expect(data.updateMyCustomer).toEqual({ id: me.id, version: 2, firstName: 'Mia', companyName: 'ACME' });
    const stale = await gqlError(server, me.token, 'mutation { updateMyCustomer(version: 1, actions: [{setFirstName: {firstName: "X"}}]) { id } }');
    expect(stale.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 2 });
  });

  it('has no members that only the merchant may set (customerGroup, customerNumber, key): a validation error', async () => {
    const me = await customerWithToken();
    const { status, body } = await gql(server, me.token, 'mutation { updateMyCustomer(version: 1, actions: [{setKey: {key: "mine"}}]) { id } }');
    expect(status).toBe(400);
    expect(body.errors![0]).toMatchObject({ extensions: { code: 'GraphQLValidationError' } });
    expect(body.errors![0].message).toContain('setKey');
  });

  it('a customer token cannot update another customer through updateCustomer', async () => {
    const me = await customerWithToken();
    const other = await customerWithToken();
    const error = await gqlError(
      server,
      me.token,
      `mutation { updateCustomer(id: "${other.id}", version: 1, actions: [{setFirstName: {firstName: "X"}}]) { id } }`,
    );
    expect(error.extensions.code).toBe('insufficient_scope');
  });
});

describe('customerChangeMyPassword', () => {
  it('checks the current password and changes it', async () => {
    const me = await customerWithToken('first-pw');
    expect(
      (await gqlError(server, me.token, 'mutation { customerChangeMyPassword(version: 1, currentPassword: "wrong", newPassword: "x") { id } }')).extensions
        .code,
    ).toBe('InvalidCurrentPassword');
    const data = await gqlData(
      server,
      me.token,
      'mutation { customerChangeMyPassword(version: 1, currentPassword: "first-pw", newPassword: "second-pw") { version } }',
    );
    expect(data.customerChangeMyPassword.version).toBe(2);
    await gqlData(server, admin, SIGN_IN_BY_PASSWORD(me.email, 'second-pw'));
  });
});

describe('customerConfirmMyEmail and customerResetMyPassword', () => {
  it('confirms with a token of the signed-in customer only', async () => {
    const me = await customerWithToken();
    const other = await customerWithToken();
    const mine = (await gqlData(server, admin, `mutation { customerCreateEmailVerificationToken(id: "${me.id}", ttlMinutes: 10) { value } }`))
      .customerCreateEmailVerificationToken.value;
    const theirs = (await gqlData(server, admin, `mutation { customerCreateEmailVerificationToken(id: "${other.id}", ttlMinutes: 10) { value } }`))
      .customerCreateEmailVerificationToken.value;
    expect((await gqlError(server, me.token, `mutation { customerConfirmMyEmail(tokenValue: "${theirs}") { id } }`)).extensions.code).toBe('ResourceNotFound');
    const data = await gqlData(server, me.token, `mutation { customerConfirmMyEmail(tokenValue: "${mine}") { id isEmailVerified } }`);
    expect(data.customerConfirmMyEmail).toEqual({ id: me.id, isEmailVerified: true });
  });

  it('resets the password with a reset token from an anonymous session', async () => {
    const me = await customerWithToken('before-pw');
    const value = (await gqlData(server, admin, `mutation { customerCreatePasswordResetToken(email: "${me.email}") { value } }`))
      .customerCreatePasswordResetToken.value;
    const anonymous = await anonymousToken();
    const data = await gqlData(server, anonymous, `mutation { customerResetMyPassword(tokenValue: "${value}", newPassword: "after-pw") { id version } }`);
    expect(data.customerResetMyPassword).toEqual({ id: me.id, version: 2 });
    await gqlData(server, admin, SIGN_IN_BY_PASSWORD(me.email, 'after-pw'));
  });
});

describe('an anonymous session signs up and signs in', () => {
  it('customerSignMeUp then customerSignMeIn with the anonymous token', async () => {
    const anonymous = await anonymousToken();
    const up = await gqlData(
      server,
      anonymous,
      'mutation { customerSignMeUp(draft: {email: "anon@example.com", password: "anon-pw", firstName: "Ann"}) { customer { id email firstName } cart { id } } }',
    );
    expect(up.customerSignMeUp).toMatchObject({ customer: { email: 'anon@example.com', firstName: 'Ann' }, cart: null });
    const signIn = await gqlData(
      server,
      anonymous,
      'mutation { customerSignMeIn(draft: {email: "ANON@example.com", password: "anon-pw"}) { customer { id } } }',
    );
    expect(signIn.customerSignMeIn.customer.id).toBe(up.customerSignMeUp.customer.id);
    const wrong = await gqlError(server, anonymous, 'mutation { customerSignMeIn(draft: {email: "anon@example.com", password: "nope"}) { customer { id } } }');
    expect(wrong.extensions.code).toBe('InvalidCredentials');
  });
});

describe('deleteMyCustomer', () => {
  it('deletes the customer of the token at its version', async () => {
    const me = await customerWithToken();
    expect((await gqlError(server, me.token, 'mutation { deleteMyCustomer(version: 5) { id } }')).extensions.code).toBe('ConcurrentModification');
    const data = await gqlData(server, me.token, 'mutation { deleteMyCustomer(version: 1, personalDataErasure: true) { id } }');
    expect(data.deleteMyCustomer).toEqual({ id: me.id });
    expect((await gqlData(server, admin, `{ customer(id: "${me.id}") { id } }`)).customer).toBeNull();
  });

  it('a client-credentials token has no customer: a clear error', async () => {
    const token = await clientToken(server, 'manage_my_profile:test');
    expect((await gqlError(server, token, 'mutation { deleteMyCustomer(version: 1) { id } }')).extensions.code).toBe('InvalidOperation');
  });
});
