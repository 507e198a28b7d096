import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { gql } from '../graphql/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct, type CartBody } from './support.js';

/**
 * `/in-store/key={storeKey}/me/*` acts as the token's customer in that store, so the customer must be
 * one of the store's: a customer of another store only, or a global customer, is answered as
 * `GET /in-store/key={storeKey}/me` answers it (404 ResourceNotFound) on every such call, and nothing
 * is written. Anonymous sessions are not tied to stores.
 */
let server: TestServer;
let admin: string;
let ofEu: string;
let ofUs: string;
let global: string;
let ofBoth: string;
const ME_SCOPES = 'manage_my_orders:test manage_my_profile:test manage_my_shopping_lists:test manage_my_payments:test';

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  for (const key of ['eu', 'us']) await ok(api(server, admin, '/test/stores', { body: { key, name: { en: key } } }), 201);
  await publishedProduct(server, admin, 'shopper-shirt', [{ sku: 'shopper-shirt', prices: [{ value: eur(1000) }] }]);
  const signUp = (email: string, stores: string[]) =>
    ok(api(server, admin, '/test/customers', { body: { email, password: 'pw-123456', stores: stores.map((key) => ({ typeId: 'store', key })) } }), 201);
  await signUp('eu@example.com', ['eu']);
  await signUp('us@example.com', ['us']);
  await signUp('global@example.com', []);
  await signUp('both@example.com', ['eu', 'us']);
  ofEu = await customerToken(server, 'eu@example.com', 'pw-123456', 'eu', ME_SCOPES);
  ofUs = await customerToken(server, 'us@example.com', 'pw-123456', 'us', ME_SCOPES);
  global = await customerToken(server, 'global@example.com', 'pw-123456', undefined, ME_SCOPES);
  ofBoth = await customerToken(server, 'both@example.com', 'pw-123456', 'us', ME_SCOPES);
});
afterAll(() => server.close());

async function count(path: string): Promise<number> {
  return (await ok<{ total: number }>(api(server, admin, `${path}?withTotal=true`))).total;
}

describe.each([
  ['a customer of another store', () => ofUs],
  ['a global customer', () => global],
])('%s in /in-store/key=eu/me/*', (_who, token) => {
  it('cannot create a cart, an order, a shopping list or a payment there, and nothing is written', async () => {
    const before = await Promise.all(['/test/carts', '/test/shopping-lists', '/test/payments'].map(count));
    const eu = '/test/in-store/key=eu/me';
    await expectError(await api(server, token(), `${eu}/carts`, { body: { currency: 'EUR', lineItems: [{ sku: 'shopper-shirt' }] } }), 404, 'ResourceNotFound');
    await expectError(await api(server, token(), `${eu}/shopping-lists`, { body: { name: { en: 'wish' } } }), 404, 'ResourceNotFound');
    // A cart of its own elsewhere cannot be ordered through the store either.
    const own = await ok<CartBody>(api(server, token(), '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'shopper-shirt' }] } }), 201).catch(
      () => undefined,
    );
    if (own) await expectError(await api(server, token(), `${eu}/orders`, { body: { id: own.id, version: own.version } }), 404, 'ResourceNotFound');
    const after = await Promise.all(['/test/carts', '/test/shopping-lists', '/test/payments'].map(count));
    expect(after).toEqual([before[0] + (own ? 1 : 0), before[1], before[2]]);
  });

  it('reads nothing there: active cart, carts, orders and lists are 404 like /in-store/key=eu/me', async () => {
    const eu = '/test/in-store/key=eu/me';
    await expectError(await api(server, token(), eu), 404, 'ResourceNotFound');
    for (const path of ['/active-cart', '/carts', '/orders', '/shopping-lists']) {
      await expectError(await api(server, token(), `${eu}${path}`), 404, 'ResourceNotFound');
    }
  });

  it('GraphQL createMyCart(storeKey: "eu") and inStore(key: "eu") { me { activeCart } } refuse it too', async () => {
    const created = await gql(server, token(), 'mutation { createMyCart(draft: { currency: "EUR" }, storeKey: "eu") { id } }');
    expect(created.body.errors?.[0].extensions.code).toBe('ResourceNotFound');
    const read = await gql(server, token(), '{ inStore(key: "eu") { me { activeCart { id } } } }');
    expect(read.body.errors?.[0].extensions.code).toBe('ResourceNotFound');
  });
});

describe('customers of the store', () => {
  it('a customer of the store (and one of several stores) shops there as before', async () => {
    for (const token of [ofEu, ofBoth]) {
      const cart = await ok<CartBody & { store?: { key: string } }>(
        api(server, token, '/test/in-store/key=eu/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'shopper-shirt' }] } }),
        201,
      );
      expect(cart.store?.key).toBe('eu');
      await ok(api(server, token, '/test/in-store/key=eu/me/orders', { body: { id: cart.id, version: cart.version } }), 201);
      await ok(api(server, token, '/test/in-store/key=eu/me/shopping-lists', { body: { name: { en: 'wish' } } }), 201);
    }
  });

  it('is refused in the store as soon as it is removed from it', async () => {
    const signUp = await ok<{ customer: { id: string; version: number } }>(
      api(server, admin, '/test/customers', { body: { email: 'leaving@example.com', password: 'pw-123456', stores: [{ typeId: 'store', key: 'eu' }] } }),
      201,
    );
    const token = await customerToken(server, 'leaving@example.com', 'pw-123456', 'eu', ME_SCOPES);
    await ok(api(server, token, '/test/in-store/key=eu/me/carts', { body: { currency: 'EUR' } }), 201);
    await ok(
      api(server, admin, `/test/customers/${signUp.customer.id}`, {
        body: { version: signUp.customer.version, actions: [{ action: 'setStores', stores: [{ typeId: 'store', key: 'us' }] }] },
      }),
    );
    await expectError(await api(server, token, '/test/in-store/key=eu/me/active-cart'), 404, 'ResourceNotFound');
  });

  it("on the global /me/carts a draft may name a store: only one of the customer's own (the same rule), anyone's for an anonymous session", async () => {
    const inEu = { currency: 'EUR', store: { typeId: 'store', key: 'eu' } };
    const mine = await ok<CartBody & { store?: { key: string } }>(api(server, ofEu, '/test/me/carts', { body: inEu }), 201);
    expect(mine.store?.key).toBe('eu');
    for (const token of [ofUs, global]) await expectError(await api(server, token, '/test/me/carts', { body: inEu }), 404, 'ResourceNotFound');
    const anon = await anonymousSession(server);
    expect((await ok<CartBody & { store?: { key: string } }>(api(server, anon.token, '/test/me/carts', { body: inEu }), 201)).store?.key).toBe('eu');
    // In a store, the path's store is the cart's whatever the draft names.
    const inPath = await ok<CartBody & { store?: { key: string } }>(
      api(server, ofBoth, '/test/in-store/key=us/me/carts', { body: { currency: 'EUR', store: { typeId: 'store', key: 'eu' } } }),
      201,
    );
    expect(inPath.store?.key).toBe('us');
  });

  it('an anonymous session shops in any store', async () => {
    const anon = await anonymousSession(server);
    await ok(api(server, anon.token, '/test/in-store/key=us/me/carts', { body: { currency: 'EUR' } }), 201);
  });
});
