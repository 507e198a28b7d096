import { startTestServer, type TestServer } from '../support/test-server.js';
import { api, clientToken } from '../support/auth.js';
import { createCustomer, createStore, managerToken, signUp, type CustomerBody, type ErrorBody } from './support.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await managerToken(server);
  await createStore(server, token, 'store-a');
  await createStore(server, token, 'store-b');
});
afterAll(async () => {
  await server.close();
});

describe('POST /{projectKey}/customers', () => {
  it('answers 201 with the CustomerSignInResult of a new global customer', async () => {
    const res = await signUp(server, token, {
      email: 'Ada@Example.com',
      password: 'secret-1',
      firstName: 'Ada',
      key: 'ada',
      locale: 'en-GB',
      dateOfBirth: '1815-12-10',
    });
    expect(res.status).toBe(201);
    const { customer } = (await res.json()) as { customer: CustomerBody };
    expect(customer).toMatchObject({
      email: 'Ada@Example.com',
      firstName: 'Ada',
      key: 'ada',
      locale: 'en-GB',
      dateOfBirth: '1815-12-10',
      version: 1,
      isEmailVerified: false,
      stores: [],
      authenticationMode: 'Password',
      addresses: [],
      shippingAddressIds: [],
      billingAddressIds: [],
    });
    expect(customer.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(customer.createdAt).toBe(customer.lastModifiedAt);
    expect(customer.createdBy?.clientId).toEqual(expect.any(String));
  });

  it('never returns the password, only "****" and the last four characters of its hash', async () => {
    const customer = await createCustomer(server, token, { email: 'mask@example.com', password: 'plain-text-pw' });
    expect(customer.password).toMatch(/^\*{4}[A-Za-z0-9+/=]{4}$/);
    expect(JSON.stringify(customer)).not.toContain('plain-text-pw');
    expect(JSON.stringify(customer)).not.toContain('scrypt');
  });

  it('gives addresses fresh ids and resolves the index fields to them', async () => {
    const customer = await createCustomer(server, token, {
      email: 'addresses@example.com',
      password: 'pw',
      addresses: [
        { id: 'client-chosen', key: 'home', country: 'DE', city: 'Berlin' },
        { key: 'work', country: 'US', city: 'Boston' },
        { country: 'DE', city: 'Hamburg' },
      ],
      defaultShippingAddress: 0,
      shippingAddresses: [2],
      defaultBillingAddress: 1,
      billingAddresses: [1, 2],
    });
    const [home, work, third] = customer.addresses;
    expect(home.id).not.toBe('client-chosen');
    expect(new Set([home.id, work.id, third.id]).size).toBe(3);
    expect(home).toMatchObject({ key: 'home', country: 'DE', city: 'Berlin' });
    expect(customer.defaultShippingAddressId).toBe(home.id);
    expect(customer.shippingAddressIds).toEqual([third.id, home.id]);
    expect(customer.defaultBillingAddressId).toBe(work.id);
    expect(customer.billingAddressIds).toEqual([work.id, third.id]);
  });

  it('refuses an address index outside the addresses list with InvalidField', async () => {
    const res = await signUp(server, token, { email: 'index@example.com', password: 'pw', addresses: [{ country: 'DE' }], defaultShippingAddress: 1 });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ code: 'InvalidField', field: 'defaultShippingAddress', invalidValue: 1 });
  });

  it('stores the stores of a store customer as KeyReferences, by key or by id', async () => {
    const storeB = await api(server, token, `/${server.projectKey}/stores/key=store-b`).then((r) => r.json() as Promise<{ id: string }>);
    const customer = await createCustomer(server, token, {
      email: 'in-store@example.com',
      password: 'pw',
      stores: [{ typeId: 'store', key: 'store-a' }, { id: storeB.id }],
    });
    expect(customer.stores).toEqual([
      { typeId: 'store', key: 'store-a' },
      { typeId: 'store', key: 'store-b' },
    ]);
  });

  it('refuses an unknown store with ReferencedResourceNotFound', async () => {
    const res = await signUp(server, token, { email: 'nostore@example.com', password: 'pw', stores: [{ key: 'no-such-store' }] });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'store', key: 'no-such-store' });
  });

  it('refuses custom fields of an unknown type with ReferencedResourceNotFound', async () => {
    const res = await signUp(server, token, {
      email: 'custom@example.com',
      password: 'pw',
      addresses: [{ country: 'DE', custom: { type: { key: 'no-such-type' }, fields: {} } }],
    });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', key: 'no-such-type' });
  });

  it('requires a password for authenticationMode Password', async () => {
    const res = await signUp(server, token, { email: 'nopw@example.com' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'RequiredField', field: 'password' });
  });

  it('creates an ExternalAuth customer without a password', async () => {
    const customer = await createCustomer(server, token, { email: 'external@example.com', authenticationMode: 'ExternalAuth' });
    expect(customer.authenticationMode).toBe('ExternalAuth');
    expect(customer).not.toHaveProperty('password');
  });

  it('refuses a draft without email with RequiredField', async () => {
    const res = await signUp(server, token, { password: 'pw' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ code: 'RequiredField', field: 'email' });
    expect(body.message).toBe('A value is required for field email.');
  });

  it('refuses a malformed field with InvalidField', async () => {
    const res = await signUp(server, token, { email: 'badkey@example.com', password: 'pw', key: 'no spaces allowed' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'InvalidField', field: 'key', invalidValue: 'no spaces allowed' });
  });

  it('refuses an unknown authenticationMode with InvalidField naming the allowed values', async () => {
    const res = await signUp(server, token, { email: 'mode@example.com', password: 'pw', authenticationMode: 'Magic' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({
      code: 'InvalidField',
      field: 'authenticationMode',
      allowedValues: ['Password', 'ExternalAuth'],
    });
  });

  it('needs manage_customers: a view_customers token gets 403', async () => {
    const viewer = await clientToken(server, `view_customers:${server.projectKey}`);
    const res = await signUp(server, viewer, { email: 'scope@example.com', password: 'pw' });
    expect(res.status).toBe(403);
    expect(((await res.json()) as ErrorBody).errors[0].code).toBe('insufficient_scope');
  });
});

describe('e-mail uniqueness', () => {
  const duplicate = (email: string) => ({
    code: 'DuplicateField',
    field: 'email',
    duplicateValue: email,
    message: 'There is already an existing customer with the provided email.',
  });

  it('refuses a second global customer with the same e-mail in another case', async () => {
    await createCustomer(server, token, { email: 'same@example.com', password: 'pw' });
    const res = await signUp(server, token, { email: 'SAME@Example.COM', password: 'pw' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]).toEqual(duplicate('SAME@Example.COM'));
    expect(body.message).toBe('There is already an existing customer with the provided email.');
  });

  it('refuses a second customer of the same store with the same e-mail', async () => {
    await createCustomer(server, token, { email: 'store@example.com', password: 'pw', stores: [{ key: 'store-a' }] });
    const res = await signUp(server, token, { email: 'Store@example.com', password: 'pw', stores: [{ key: 'store-a' }] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toEqual(duplicate('Store@example.com'));
  });

  it('refuses a store customer whose stores overlap with those of a customer with the same e-mail', async () => {
    await createCustomer(server, token, { email: 'overlap@example.com', password: 'pw', stores: [{ key: 'store-a' }] });
    const res = await signUp(server, token, { email: 'overlap@example.com', password: 'pw', stores: [{ key: 'store-b' }, { key: 'store-a' }] });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toEqual(duplicate('overlap@example.com'));
  });

  it('allows the same e-mail in different stores', async () => {
    await createCustomer(server, token, { email: 'two-stores@example.com', password: 'pw', stores: [{ key: 'store-a' }] });
    const res = await signUp(server, token, { email: 'two-stores@example.com', password: 'pw', stores: [{ key: 'store-b' }] });
    expect(res.status).toBe(201);
  });

  it('keeps global and store customers apart: the same e-mail may be used once in each', async () => {
    await createCustomer(server, token, { email: 'both@example.com', password: 'pw' });
    const res = await signUp(server, token, { email: 'both@example.com', password: 'pw', stores: [{ key: 'store-a' }] });
    expect(res.status).toBe(201);
  });

  it('lets exactly one of concurrent sign-ups with the same e-mail win', async () => {
    const results = await Promise.all([1, 2, 3].map(() => signUp(server, token, { email: 'race@example.com', password: 'pw' })));
    expect(results.map((r) => r.status).sort()).toEqual([201, 400, 400]);
  });

  it('refuses a duplicate key with DuplicateField key', async () => {
    await createCustomer(server, token, { email: 'key1@example.com', password: 'pw', key: 'taken-key' });
    const res = await signUp(server, token, { email: 'key2@example.com', password: 'pw', key: 'taken-key' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: 'taken-key' });
  });
});
