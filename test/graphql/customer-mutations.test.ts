import { countRows } from '../support/db.js';
import { api, clientToken } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { gql, gqlData, gqlError, SIGN_IN, SIGN_UP, UPDATE } from './support.js';

/** The customer mutations of the spec's "GraphQL: mutations", through POST /{projectKey}/graphql. */
let server: TestServer;
let admin: string;
const clock = new ManualClock();
beforeAll(async () => {
  server = await startTestServer({}, { clock });
  admin = await clientToken(server, 'manage_customers:test manage_stores:test');
});
afterAll(async () => server.close());

let n = 0;
const email = () => `user${++n}@example.com`;

async function signUp(draft: Record<string, unknown>) {
  return (await gqlData(server, admin, SIGN_UP, { draft })).customerSignUp.customer;
}

describe('customerSignUp', () => {
  it('creates the customer; address indexes become default and listed address ids; the password is masked', async () => {
    const data = await gqlData(server, admin, SIGN_UP, {
      draft: {
        email: 'Jane.Doe@Example.com',
        password: 'secret-123',
        firstName: 'Jane',
        key: 'jane',
        addresses: [
          { country: 'DE', city: 'Berlin', key: 'home', phone: '+49 30 1' },
          { country: 'US', city: 'Boston' },
        ],
        defaultShippingAddress: 0,
        billingAddresses: [1],
        defaultBillingAddress: 1,
      },
    });
    const { customer, cart } = data.customerSignUp;
    expect(cart).toBeNull();
    expect(customer).toMatchObject({
      version: 1,
      email: 'Jane.Doe@Example.com',
      firstName: 'Jane',
      key: 'jane',
      isEmailVerified: false,
      authenticationMode: 'Password',
    });
    expect(customer.password).toMatch(/^\*{4}.{4}$/);
    expect(customer.password).not.toContain('secret');
    const [home, boston] = customer.addresses;
    expect(home).toMatchObject({ key: 'home', country: 'DE', contactInfo: { phone: '+49 30 1', email: null } });
    expect(customer.defaultShippingAddressId).toBe(home.id);
    expect(customer.shippingAddressIds).toEqual([home.id]);
    expect(customer.defaultBillingAddressId).toBe(boston.id);
    expect(customer.billingAddressIds).toEqual([boston.id]);
    expect(customer.defaultShippingAddress).toEqual({ id: home.id, city: 'Berlin' });
    expect(customer.billingAddresses).toEqual([{ id: boston.id }]);
  });

  it('a second customer with the same e-mail (any case) is DuplicateField with field and duplicateValue, HTTP 200, data null', async () => {
    const address = email();
    await signUp({ email: address, password: 'p' });
    const { status, body } = await gql(server, admin, SIGN_UP, { draft: { email: address.toUpperCase(), password: 'p' } });
    expect(status).toBe(200);
    expect(body.data).toBeNull();
    expect(body.errors).toEqual([
      expect.objectContaining({
        message: 'There is already an existing customer with the provided email.',
        path: ['customerSignUp'],
        extensions: { code: 'DuplicateField', field: 'email', duplicateValue: address.toUpperCase() },
      }),
    ]);
  });

  it('an address index out of range is InvalidField and creates nothing', async () => {
    const address = email();
    const error = await gqlError(server, admin, SIGN_UP, {
      draft: { email: address, password: 'p', addresses: [{ country: 'DE' }], defaultShippingAddress: 3 },
    });
    expect(error.extensions).toMatchObject({ code: 'InvalidField', field: 'defaultShippingAddress' });
    expect(await countRows(server.services.db, 'Customer', '"emailLower" = ?', [address])).toBe(0);
  });

  it("GraphQL input meets the HTTP contract's rules: a bad country or date is InvalidField, nothing is stored", async () => {
    const address = email();
    const country = await gqlError(server, admin, SIGN_UP, { draft: { email: address, password: 'p', addresses: [{ country: 'Germany' }] } });
    expect(country.extensions).toMatchObject({ code: 'InvalidField', field: 'addresses[0].country', invalidValue: 'Germany' });
    const date = await gqlError(server, admin, SIGN_UP, { draft: { email: address, password: 'p', dateOfBirth: 'yesterday' } });
    expect(date.extensions).toMatchObject({ code: 'InvalidField', field: 'dateOfBirth' });
    expect(await countRows(server.services.db, 'Customer', '"emailLower" = ?', [address])).toBe(0);
    const created = await signUp({ email: address, password: 'p' });
    const action = await gqlError(server, admin, UPDATE, { id: created.id, version: 1, actions: [{ addAddress: { address: { country: 'de' } } }] });
    expect(action.extensions).toMatchObject({ code: 'InvalidField', field: 'actions[0].address.country' });
  });

  it('a syntax error is answered in the same JSON shape', async () => {
    const res = await gql(server, admin, 'mutation { customerSignUp(draft: ');
    expect(res.status).toBe(400);
    expect(res.body.errors![0].extensions.code).toBe('GraphQLValidationError');
  });

  it('a customer group given by key is kept as a reference by id; an unknown one is ReferencedResourceNotFound', async () => {
    const groupAdmin = await clientToken(server, 'manage_customer_groups:test');
    const group = await (await api(server, groupAdmin, '/test/customer-groups', { body: { key: 'gold', groupName: 'Gold' } })).json();
    const customer = await signUp({ email: email(), password: 'p', customerGroup: { typeId: 'customer-group', key: 'gold' } });
    expect(customer.customerGroupRef).toEqual({ typeId: 'customer-group', id: group.id });
    const unknown = await gqlError(server, admin, SIGN_UP, {
      draft: { email: email(), password: 'p', customerGroup: { typeId: 'customer-group', id: 'g-1' } },
    });
    expect(unknown).toMatchObject({ extensions: { code: 'ReferencedResourceNotFound', typeId: 'customer-group', id: 'g-1' } });
  });
});

describe('customerSignIn', () => {
  it('answers the customer for the right e-mail (any case) and password', async () => {
    const address = email();
    const created = await signUp({ email: address, password: 'right-1' });
    const data = await gqlData(server, admin, SIGN_IN, { draft: { email: address.toUpperCase(), password: 'right-1' } });
    expect(data.customerSignIn.customer).toEqual({ id: created.id, email: address, version: 1 });
  });

  it('a wrong password and an unknown e-mail fail alike with InvalidCredentials', async () => {
    const address = email();
    await signUp({ email: address, password: 'right-1' });
    const wrong = await gqlError(server, admin, SIGN_IN, { draft: { email: address, password: 'wrong' } });
    const unknown = await gqlError(server, admin, SIGN_IN, { draft: { email: 'nobody@example.com', password: 'wrong' } });
    expect(wrong.extensions).toEqual({ code: 'InvalidCredentials' });
    expect(unknown.extensions).toEqual(wrong.extensions);
    expect(unknown.message).toBe(wrong.message);
    expect(wrong.message).toBe('Account with the given credentials not found.');
  });
});

describe('updateCustomer', () => {
  it('applies every action of the request and bumps the version once', async () => {
    const created = await signUp({ email: email(), password: 'p', addresses: [{ country: 'DE', city: 'Berlin' }] });
    const addressId = created.addresses[0].id;
    const data = await gqlData(server, admin, UPDATE, {
      id: created.id,
      version: 1,
      actions: [
        { setFirstName: { firstName: 'Ann' } },
        { setLastName: { lastName: 'Lee' } },
        { setKey: { key: 'ann-lee' } },
        { setCustomerNumber: { customerNumber: 'C-1' } },
        { setExternalId: { externalId: 'ext-1' } },
        { setLocale: { locale: 'de' } },
        { addAddress: { address: { country: 'US', city: 'Boston', key: 'work' } } },
        { setDefaultShippingAddress: { addressId } },
        { addBillingAddressId: { addressKey: 'work' } },
        { changeAddress: { addressId, address: { country: 'DE', city: 'Hamburg' } } },
      ],
    });
    const customer = data.updateCustomer;
    expect(customer).toMatchObject({ version: 2, firstName: 'Ann', lastName: 'Lee', key: 'ann-lee', customerNumber: 'C-1', externalId: 'ext-1', locale: 'de' });
    const work = customer.addresses.find((a: { key?: string }) => a.key === 'work');
    expect(customer.defaultShippingAddressId).toBe(addressId);
    expect(customer.shippingAddressIds).toEqual([addressId]);
    expect(customer.billingAddressIds).toEqual([work.id]);
    expect(customer.addresses.find((a: { id: string }) => a.id === addressId).city).toBe('Hamburg');

    const removed = await gqlData(server, admin, UPDATE, { key: 'ann-lee', version: 2, actions: [{ removeAddress: { addressId } }, { setFirstName: {} }] });
    expect(removed.updateCustomer).toMatchObject({ version: 3, firstName: null, defaultShippingAddressId: null, shippingAddressIds: [] });
    expect(removed.updateCustomer.addresses).toHaveLength(1);
  });

  it('is all or nothing: a failing action leaves the customer unchanged', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    const error = await gqlError(server, admin, UPDATE, {
      id: created.id,
      version: 1,
      actions: [{ setFirstName: { firstName: 'X' } }, { removeAddress: { addressId: 'nope' } }],
    });
    expect(error.extensions.code).toBe('InvalidOperation');
    const { customer } = await gqlData(server, admin, 'query($id: String) { customer(id: $id) { version firstName } }', { id: created.id });
    expect(customer).toEqual({ version: 1, firstName: null });
  });

  it('an outdated version is ConcurrentModification with currentVersion', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    await gqlData(server, admin, UPDATE, { id: created.id, version: 1, actions: [{ setTitle: { title: 'Dr' } }] });
    const error = await gqlError(server, admin, UPDATE, { id: created.id, version: 1, actions: [{ setTitle: { title: 'Prof' } }] });
    expect(error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(error.data).toEqual({ updateCustomer: null });
  });

  it('an action object with no member or with two is InvalidInput', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    const none = await gqlError(server, admin, UPDATE, { id: created.id, version: 1, actions: [{}] });
    expect(none.extensions.code).toBe('InvalidInput');
    const two = await gqlError(server, admin, UPDATE, { id: created.id, version: 1, actions: [{ setTitle: { title: 'a' }, setVatId: { vatId: 'b' } }] });
    expect(two.extensions.code).toBe('InvalidInput');
  });

  it('changeEmail: the new e-mail signs in, the old one no longer does, and it is no longer verified', async () => {
    const old = email();
    const created = await signUp({ email: old, password: 'pw-1', isEmailVerified: true });
    const next = email();
    const data = await gqlData(server, admin, UPDATE, { id: created.id, version: 1, actions: [{ changeEmail: { email: next } }] });
    expect(data.updateCustomer).toMatchObject({ email: next, isEmailVerified: false });
    await gqlData(server, admin, SIGN_IN, { draft: { email: next, password: 'pw-1' } });
    expect((await gqlError(server, admin, SIGN_IN, { draft: { email: old, password: 'pw-1' } })).extensions.code).toBe('InvalidCredentials');
    // The old address is free again; the new one is taken.
    await signUp({ email: old, password: 'p' });
    expect((await gqlError(server, admin, SIGN_UP, { draft: { email: next, password: 'p' } })).extensions.code).toBe('DuplicateField');
  });

  it('a key already used by another customer is DuplicateField', async () => {
    await signUp({ email: email(), password: 'p', key: 'taken-key' });
    const other = await signUp({ email: email(), password: 'p' });
    const error = await gqlError(server, admin, UPDATE, { id: other.id, version: 1, actions: [{ setKey: { key: 'taken-key' } }] });
    expect(error.extensions).toEqual({ code: 'DuplicateField', field: 'key', duplicateValue: 'taken-key' });
  });

  it('setCustomField without a custom type is InvalidOperation; a non-JSON value is InvalidInput', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    const noType = await gqlError(server, admin, UPDATE, { id: created.id, version: 1, actions: [{ setCustomField: { name: 'a', value: '"x"' } }] });
    expect(noType.extensions.code).toBe('InvalidOperation');
    const notJson = await gqlError(server, admin, UPDATE, { id: created.id, version: 1, actions: [{ setCustomField: { name: 'a', value: 'x' } }] });
    expect(notJson.extensions.code).toBe('InvalidInput');
  });

  it('an unknown customer is ResourceNotFound', async () => {
    const error = await gqlError(server, admin, UPDATE, { id: 'nope', version: 1, actions: [{ setTitle: { title: 'a' } }] });
    expect(error.extensions.code).toBe('ResourceNotFound');
  });
});

describe('customerChangePassword', () => {
  const CHANGE = `mutation($id: String!, $version: Long!, $current: String!, $next: String!) {
    customerChangePassword(id: $id, version: $version, currentPassword: $current, newPassword: $next) { id version password }
  }`;

  it('a wrong current password is InvalidCurrentPassword; the right one changes it', async () => {
    const address = email();
    const created = await signUp({ email: address, password: 'old-pw' });
    const wrong = await gqlError(server, admin, CHANGE, { id: created.id, version: 1, current: 'nope', next: 'new-pw' });
    expect(wrong.extensions).toEqual({ code: 'InvalidCurrentPassword' });
    expect(wrong.message).toBe('The given current password does not match.');
    const data = await gqlData(server, admin, CHANGE, { id: created.id, version: 1, current: 'old-pw', next: 'new-pw' });
    expect(data.customerChangePassword.version).toBe(2);
    expect(data.customerChangePassword.password).not.toBe(created.password);
    await gqlData(server, admin, SIGN_IN, { draft: { email: address, password: 'new-pw' } });
    expect((await gqlError(server, admin, SIGN_IN, { draft: { email: address, password: 'old-pw' } })).extensions.code).toBe('InvalidCredentials');
  });

  it('needs the current version', async () => {
    const created = await signUp({ email: email(), password: 'old-pw' });
    const error = await gqlError(server, admin, CHANGE, { id: created.id, version: 7, current: 'old-pw', next: 'x' });
    expect(error.extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 1 });
  });
});

const EMAIL_TOKEN = `mutation($id: String!, $version: Long, $ttl: Int!, $invalidate: Boolean) {
  customerCreateEmailVerificationToken(id: $id, version: $version, ttlMinutes: $ttl, invalidateOlderTokens: $invalidate) {
    id customerId value expiresAt createdAt invalidateOlderTokens version createdBy { clientId isPlatformClient }
  }
}`;
const CONFIRM = `mutation($token: String!, $version: Long) { customerConfirmEmail(tokenValue: $token, version: $version) { id version isEmailVerified } }`;

describe('e-mail verification', () => {
  it('a token (random, ≥160 bits) finds the customer and confirms the e-mail once', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    const { customerCreateEmailVerificationToken: token } = await gqlData(server, admin, EMAIL_TOKEN, { id: created.id, version: 1, ttl: 60 });
    // The platform's token fields beyond the spec's: a token is never changed (version 1), createdBy is the caller.
    expect(token).toMatchObject({ customerId: created.id, invalidateOlderTokens: false, version: 1, createdBy: { isPlatformClient: true } });
    expect(token.createdBy.clientId).toEqual(expect.any(String));
    expect(token.value).toMatch(/^[A-Za-z0-9_-]{40}$/);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(60 * 60_000);
    const found = await gqlData(server, admin, 'query($t: String) { customer(emailToken: $t) { id } }', { t: token.value });
    expect(found.customer).toEqual({ id: created.id });

    const confirmed = await gqlData(server, admin, CONFIRM, { token: token.value });
    expect(confirmed.customerConfirmEmail).toEqual({ id: created.id, version: 2, isEmailVerified: true });
    // Single use.
    expect((await gqlError(server, admin, CONFIRM, { token: token.value })).extensions.code).toBe('ResourceNotFound');
    expect((await gqlData(server, admin, 'query($t: String) { customer(emailToken: $t) { id } }', { t: token.value })).customer).toBeNull();
  });

  it('the token is stored only as its SHA-256', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    const { customerCreateEmailVerificationToken: token } = await gqlData(server, admin, EMAIL_TOKEN, { id: created.id, ttl: 5 });
    expect(await countRows(server.services.db, 'CustomerToken', '"customerId" = ?', [created.id])).toBe(1);
    expect(await countRows(server.services.db, 'CustomerToken', '"valueHash" = ? OR "id" = ?', [token.value, token.value])).toBe(0);
    const { createHash } = await import('node:crypto');
    expect(await countRows(server.services.db, 'CustomerToken', '"valueHash" = ?', [createHash('sha256').update(token.value).digest('hex')])).toBe(1);
  });

  it('an expired token is ExpiredCustomerEmailToken', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    const { customerCreateEmailVerificationToken: token } = await gqlData(server, admin, EMAIL_TOKEN, { id: created.id, ttl: 1 });
    clock.advance(61_000);
    const error = await gqlError(server, admin, CONFIRM, { token: token.value });
    expect(error.extensions).toEqual({ code: 'ExpiredCustomerEmailToken' });
    expect(error.message).toBe('The given email token has expired.');
  });

  it('invalidateOlderTokens makes the earlier tokens unusable', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    const first = (await gqlData(server, admin, EMAIL_TOKEN, { id: created.id, ttl: 60 })).customerCreateEmailVerificationToken;
    const second = (await gqlData(server, admin, EMAIL_TOKEN, { id: created.id, ttl: 60, invalidate: true })).customerCreateEmailVerificationToken;
    expect(second.invalidateOlderTokens).toBe(true);
    expect((await gqlError(server, admin, CONFIRM, { token: first.value })).extensions.code).toBe('ResourceNotFound');
    await gqlData(server, admin, CONFIRM, { token: second.value });
  });

  it('ttlMinutes outside 1..43200 is InvalidInput, not a 500', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    for (const ttl of [0, -5, 2_000_000_000]) {
      expect((await gqlError(server, admin, EMAIL_TOKEN, { id: created.id, ttl })).extensions.code).toBe('InvalidInput');
    }
    expect((await gqlError(server, admin, RESET_TOKEN, { email: created.email, ttl: 0 })).extensions.code).toBe('InvalidInput');
  });

  it('a version given to the token request must be current', async () => {
    const created = await signUp({ email: email(), password: 'p' });
    expect((await gqlError(server, admin, EMAIL_TOKEN, { id: created.id, version: 3, ttl: 5 })).extensions).toEqual({
      code: 'ConcurrentModification',
      currentVersion: 1,
    });
  });
});

const RESET_TOKEN = `mutation($email: String!, $ttl: Int, $invalidate: Boolean) {
  customerCreatePasswordResetToken(email: $email, ttlMinutes: $ttl, invalidateOlderTokens: $invalidate) { customerId value expiresAt createdAt }
}`;
const RESET = `mutation($token: String!, $pw: String!, $version: Long) { customerResetPassword(tokenValue: $token, newPassword: $pw, version: $version) { id version } }`;

describe('password reset', () => {
  it('the token is valid for 10 minutes by default, finds the customer, resets once; the new password signs in, the old does not', async () => {
    const address = email();
    const created = await signUp({ email: address, password: 'old-pw' });
    const token = (await gqlData(server, admin, RESET_TOKEN, { email: address.toUpperCase() })).customerCreatePasswordResetToken;
    expect(token.customerId).toBe(created.id);
    expect(Date.parse(token.expiresAt) - Date.parse(token.createdAt)).toBe(10 * 60_000);
    const found = await gqlData(server, admin, 'query($t: String) { customer(passwordToken: $t) { id } }', { t: token.value });
    expect(found.customer).toEqual({ id: created.id });

    const reset = await gqlData(server, admin, RESET, { token: token.value, pw: 'new-pw', version: 1 });
    expect(reset.customerResetPassword).toEqual({ id: created.id, version: 2 });
    await gqlData(server, admin, SIGN_IN, { draft: { email: address, password: 'new-pw' } });
    expect((await gqlError(server, admin, SIGN_IN, { draft: { email: address, password: 'old-pw' } })).extensions.code).toBe('InvalidCredentials');
    expect((await gqlError(server, admin, RESET, { token: token.value, pw: 'other' })).extensions.code).toBe('ResourceNotFound');
  });

  it('an expired token is ExpiredCustomerPasswordToken', async () => {
    const address = email();
    await signUp({ email: address, password: 'old-pw' });
    const token = (await gqlData(server, admin, RESET_TOKEN, { email: address, ttl: 2 })).customerCreatePasswordResetToken;
    clock.advance(2 * 60_000);
    const error = await gqlError(server, admin, RESET, { token: token.value, pw: 'new' });
    expect(error.extensions).toEqual({ code: 'ExpiredCustomerPasswordToken' });
    expect((await gqlError(server, admin, 'query($t: String) { customer(passwordToken: $t) { id } }', { t: token.value })).extensions.code).toBe(
      'ExpiredCustomerPasswordToken',
    );
  });

  it('a failed reset (wrong version) leaves the token usable', async () => {
    const address = email();
    await signUp({ email: address, password: 'old-pw' });
    const token = (await gqlData(server, admin, RESET_TOKEN, { email: address })).customerCreatePasswordResetToken;
    expect((await gqlError(server, admin, RESET, { token: token.value, pw: 'new', version: 9 })).extensions.code).toBe('ConcurrentModification');
    await gqlData(server, admin, RESET, { token: token.value, pw: 'new' });
  });

  it('invalidateOlderTokens; an unknown e-mail is ResourceNotFound', async () => {
    const address = email();
    await signUp({ email: address, password: 'old-pw' });
    const first = (await gqlData(server, admin, RESET_TOKEN, { email: address })).customerCreatePasswordResetToken;
    await gqlData(server, admin, RESET_TOKEN, { email: address, invalidate: true });
    expect((await gqlError(server, admin, RESET, { token: first.value, pw: 'x' })).extensions.code).toBe('ResourceNotFound');
    expect((await gqlError(server, admin, RESET_TOKEN, { email: 'nobody@example.com' })).extensions.code).toBe('ResourceNotFound');
  });
});

describe('deleteCustomer', () => {
  const DELETE = `mutation($id: String, $key: String, $version: Long!, $erase: Boolean) {
    deleteCustomer(id: $id, key: $key, version: $version, personalDataErasure: $erase) { id email }
  }`;

  it('deletes by id or key at the current version (with personalDataErasure); the e-mail is free again', async () => {
    const address = email();
    const created = await signUp({ email: address, password: 'p', key: 'to-delete' });
    expect((await gqlError(server, admin, DELETE, { key: 'to-delete', version: 2 })).extensions).toEqual({ code: 'ConcurrentModification', currentVersion: 1 });
    const data = await gqlData(server, admin, DELETE, { key: 'to-delete', version: 1, erase: true });
    expect(data.deleteCustomer).toEqual({ id: created.id, email: address });
    expect((await gqlData(server, admin, 'query($id: String) { customer(id: $id) { id } }', { id: created.id })).customer).toBeNull();
    expect((await gqlError(server, admin, DELETE, { id: created.id, version: 1 })).extensions.code).toBe('ResourceNotFound');
    await signUp({ email: address, password: 'p' });
  });

  it("deletes the customer's e-mail and password tokens with it", async () => {
    const address = email();
    const created = await signUp({ email: address, password: 'p' });
    await gqlData(server, admin, RESET_TOKEN, { email: address });
    await gqlData(server, admin, DELETE, { id: created.id, version: 1 });
    expect(await countRows(server.services.db, 'CustomerToken', '"customerId" = ?', [created.id])).toBe(0);
  });
});
