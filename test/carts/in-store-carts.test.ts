import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { gqlData, gqlError } from '../graphql/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct, type CartBody } from './support.js';

/** `/{projectKey}/in-store/key={storeKey}/carts`: the carts of one store, with store-scoped scopes enough. */
let server: TestServer;
let admin: string;
let euClerk: string;

interface StoreCart extends CartBody {
  key?: string;
  store?: { typeId: string; key: string };
}

const inStore = (store: string, rest = '') => `/test/in-store/key=${store}/carts${rest}`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_orders:test manage_stores:test');
  for (const key of ['eu', 'us']) await ok(api(server, admin, '/test/stores', { body: { key, name: { en: key } } }), 201);
  await publishedProduct(server, admin, 'store-shirt', [{ sku: 'store-shirt', prices: [{ value: eur(1000) }] }]);
  euClerk = await clientToken(server, 'manage_orders:test:eu view_orders:test:eu');
});
afterAll(() => server.close());

describe('in-store carts', () => {
  test('a cart created in a store belongs to it and is read, queried, updated and deleted there', async () => {
    let cart = await ok<StoreCart>(
      api(server, euClerk, inStore('eu'), { body: { currency: 'EUR', key: 'eu-cart', lineItems: [{ sku: 'store-shirt' }] } }),
      201,
    );
    expect(cart.store).toEqual({ typeId: 'store', key: 'eu' });
    expect((await ok<StoreCart>(api(server, euClerk, inStore('eu', `/${cart.id}`)))).id).toBe(cart.id);
    expect((await ok<StoreCart>(api(server, euClerk, inStore('eu', '/key=eu-cart')))).id).toBe(cart.id);
    expect((await server.request(inStore('eu', `/${cart.id}`), { method: 'HEAD', headers: { Authorization: `Bearer ${euClerk}` } })).status).toBe(200);
    cart = await ok<StoreCart>(
      api(server, euClerk, inStore('eu', '/key=eu-cart'), {
        body: { version: cart.version, actions: [{ action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 3 }] },
      }),
    );
    expect(cart.totalPrice.centAmount).toBe(3000);
    // The merchant's global endpoint sees it too, and an order from it stays in the store.
    expect((await ok<StoreCart>(api(server, admin, `/test/carts/${cart.id}`))).store).toEqual({ typeId: 'store', key: 'eu' });
    const copy = await ok<StoreCart>(
      api(server, euClerk, inStore('eu'), { body: { currency: 'EUR', locale: 'de', lineItems: [{ sku: 'store-shirt' }] } }),
      201,
    );
    const order = await ok<{ store?: unknown; locale?: string }>(
      api(server, admin, '/test/orders', { body: { cart: { id: copy.id }, version: copy.version } }),
      201,
    );
    expect(order).toMatchObject({ store: { typeId: 'store', key: 'eu' }, locale: 'de' });
    const deleted = await ok<StoreCart>(api(server, euClerk, inStore('eu', `/${cart.id}?version=${cart.version}`), { method: 'DELETE' }));
    expect(deleted.id).toBe(cart.id);
    await expectError(await api(server, admin, `/test/carts/${cart.id}`), 404, 'ResourceNotFound');
  });

  test("another store's cart, or a cart of no store, is 404 in the store and missing from its queries", async () => {
    const us = await ok<StoreCart>(api(server, admin, inStore('us'), { body: { currency: 'EUR', key: 'us-cart' } }), 201);
    const none = await ok<StoreCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR', key: 'no-store-cart' } }), 201);
    const eu = await ok<StoreCart>(api(server, admin, inStore('eu'), { body: { currency: 'EUR' } }), 201);
    for (const other of [us, none]) {
      await expectError(await api(server, admin, inStore('eu', `/${other.id}`)), 404, 'ResourceNotFound');
      await expectError(await api(server, admin, inStore('eu', `/key=${other.key}`)), 404, 'ResourceNotFound');
      await expectError(
        await api(server, admin, inStore('eu', `/${other.id}`), { body: { version: other.version, actions: [{ action: 'setCountry', country: 'DE' }] } }),
        404,
        'ResourceNotFound',
      );
      await expectError(await api(server, admin, inStore('eu', `/${other.id}?version=${other.version}`), { method: 'DELETE' }), 404, 'ResourceNotFound');
      expect((await server.request(inStore('eu', `/${other.id}`), { method: 'HEAD', headers: { Authorization: `Bearer ${admin}` } })).status).toBe(404);
      expect((await ok<StoreCart>(api(server, admin, `/test/carts/${other.id}`))).version).toBe(other.version);
    }
    const page = await ok<{ total: number; results: StoreCart[] }>(api(server, admin, `${inStore('eu')}?withTotal=true&limit=500`));
    expect(page.results.every((c) => c.store?.key === 'eu')).toBe(true);
    expect(page.results.map((c) => c.id)).toContain(eu.id);
    expect(page.total).toBe(page.results.length);
    const where = encodeURIComponent(`id in ("${us.id}", "${none.id}")`);
    expect((await server.request(`${inStore('eu')}?where=${where}`, { method: 'HEAD', headers: { Authorization: `Bearer ${admin}` } })).status).toBe(404);
    expect((await ok<{ results: StoreCart[] }>(api(server, admin, `${inStore('us')}?where=${where}`))).results.map((c) => c.id)).toEqual([us.id]);
  });

  test('a store-scoped token works in its store only', async () => {
    await expectError(await api(server, euClerk, inStore('us')), 403, 'insufficient_scope');
    await expectError(await api(server, euClerk, inStore('us'), { body: { currency: 'EUR' } }), 403, 'insufficient_scope');
    await expectError(await api(server, euClerk, '/test/carts'), 403, 'insufficient_scope');
    const viewer = await clientToken(server, 'view_orders:test:eu');
    await expectError(await api(server, viewer, inStore('eu'), { body: { currency: 'EUR' } }), 403, 'insufficient_scope');
    expect((await ok<{ results: StoreCart[] }>(api(server, viewer, inStore('eu')))).results.every((c) => c.store?.key === 'eu')).toBe(true);
  });

  test('the draft names the store: by key or id on the global endpoint, never another store in the store', async () => {
    const { id: usId } = await ok<{ id: string }>(api(server, admin, '/test/stores/key=us'));
    const byId = await ok<StoreCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR', store: { typeId: 'store', id: usId } } }), 201);
    expect(byId.store).toEqual({ typeId: 'store', key: 'us' });
    const byKey = await ok<StoreCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR', store: { typeId: 'store', key: 'eu' } } }), 201);
    expect((await ok<StoreCart>(api(server, euClerk, inStore('eu', `/${byKey.id}`)))).id).toBe(byKey.id);
    await expectError(
      await api(server, admin, '/test/carts', { body: { currency: 'EUR', store: { typeId: 'store', key: 'no-such-store' } } }),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(await api(server, admin, inStore('eu'), { body: { currency: 'EUR', store: { typeId: 'store', key: 'us' } } }), 400, 'InvalidOperation');
    await expectError(await api(server, admin, inStore('eu'), { body: { currency: 'EUR', store: { typeId: 'store', id: usId } } }), 400, 'InvalidOperation');
    const same = await ok<StoreCart>(api(server, admin, inStore('eu'), { body: { currency: 'EUR', store: { typeId: 'store', key: 'eu' } } }), 201);
    expect(same.store?.key).toBe('eu');
  });
});

describe('in-store orders', () => {
  test("the merchant's in-store orders: only a cart of the store is ordered there, only the store's orders are seen", async () => {
    const eu = await ok<StoreCart>(api(server, euClerk, inStore('eu'), { body: { currency: 'EUR', lineItems: [{ sku: 'store-shirt' }] } }), 201);
    const us = await ok<StoreCart>(api(server, admin, inStore('us'), { body: { currency: 'EUR', lineItems: [{ sku: 'store-shirt' }] } }), 201);
    const none = await ok<StoreCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'store-shirt' }] } }), 201);
    for (const other of [us, none]) {
      await expectError(
        await api(server, euClerk, '/test/in-store/key=eu/orders', { body: { cart: { typeId: 'cart', id: other.id }, version: other.version } }),
        404,
        'ResourceNotFound',
      );
      expect((await ok<StoreCart>(api(server, admin, `/test/carts/${other.id}`))).cartState).toBe('Active');
    }
    const order = await ok<{ id: string; store?: unknown }>(
      api(server, euClerk, '/test/in-store/key=eu/orders', { body: { cart: { typeId: 'cart', id: eu.id }, version: eu.version } }),
      201,
    );
    expect(order.store).toEqual({ typeId: 'store', key: 'eu' });
    const usOrder = await ok<{ id: string }>(
      api(server, admin, '/test/in-store/key=us/orders', { body: { cart: { typeId: 'cart', id: us.id }, version: us.version } }),
      201,
    );
    const plain = await ok<{ id: string }>(api(server, admin, '/test/orders', { body: { cart: { typeId: 'cart', id: none.id }, version: none.version } }), 201);

    expect((await ok<{ id: string }>(api(server, euClerk, `/test/in-store/key=eu/orders/${order.id}`))).id).toBe(order.id);
    for (const other of [usOrder, plain]) await expectError(await api(server, euClerk, `/test/in-store/key=eu/orders/${other.id}`), 404, 'ResourceNotFound');
    const page = await ok<{ total: number; results: { id: string; store?: { key: string } }[] }>(
      api(server, euClerk, '/test/in-store/key=eu/orders?withTotal=true&limit=500'),
    );
    expect(page.results.every((o) => o.store?.key === 'eu')).toBe(true);
    expect(page.results.map((o) => o.id)).toContain(order.id);
    expect(page.total).toBe(page.results.length);
    // The store's scopes reach its orders only; the merchant's global endpoint sees them all.
    await expectError(await api(server, euClerk, '/test/in-store/key=us/orders'), 403, 'insufficient_scope');
    await expectError(await api(server, euClerk, '/test/orders'), 403, 'insufficient_scope');
    const viewer = await clientToken(server, 'view_orders:test:eu');
    await expectError(
      await api(server, viewer, '/test/in-store/key=eu/orders', { body: { cart: { typeId: 'cart', id: eu.id }, version: eu.version } }),
      403,
      'insufficient_scope',
    );
    expect((await ok<{ id: string }>(api(server, viewer, `/test/in-store/key=eu/orders/${order.id}`))).id).toBe(order.id);
    expect((await ok<{ id: string }>(api(server, admin, `/test/orders/${usOrder.id}`))).id).toBe(usOrder.id);
  });
});

describe('in-store /me carts', () => {
  test("the caller's carts of the store: created there, 404 from another store, the store's own active cart", async () => {
    const anon = await anonymousSession(server);
    const global = await ok<StoreCart>(api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    let eu = await ok<StoreCart>(
      api(server, anon.token, '/test/in-store/key=eu/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'store-shirt' }] } }),
      201,
    );
    expect(eu).toMatchObject({ store: { typeId: 'store', key: 'eu' }, anonymousId: anon.anonymousId });
    expect(global.store).toBeUndefined();

    expect((await ok<StoreCart>(api(server, anon.token, `/test/in-store/key=eu/me/carts/${eu.id}`))).id).toBe(eu.id);
    const graphql = await ok<{ data: { me: { cart: { storeRef: unknown } } } }>(
      api(server, anon.token, '/test/graphql', { body: { query: `{ me { cart(id: "${eu.id}") { storeRef { typeId key } } } }` } }),
    );
    expect(graphql.data.me.cart.storeRef).toEqual({ typeId: 'store', key: 'eu' });
    await expectError(await api(server, anon.token, `/test/in-store/key=us/me/carts/${eu.id}`), 404, 'ResourceNotFound');
    await expectError(await api(server, anon.token, `/test/in-store/key=eu/me/carts/${global.id}`), 404, 'ResourceNotFound');
    await expectError(
      await api(server, anon.token, `/test/in-store/key=us/me/carts/${eu.id}`, {
        body: { version: eu.version, actions: [{ action: 'setCountry', country: 'DE' }] },
      }),
      404,
      'ResourceNotFound',
    );
    eu = await ok<StoreCart>(
      api(server, anon.token, `/test/in-store/key=eu/me/carts/${eu.id}`, {
        body: { version: eu.version, actions: [{ action: 'setCustomerEmail', email: 'eu@example.com' }] },
      }),
    );
    expect(eu.version).toBe(2);

    expect((await ok<{ results: StoreCart[] }>(api(server, anon.token, '/test/in-store/key=eu/me/carts'))).results.map((c) => c.id)).toEqual([eu.id]);
    expect((await ok<{ results: StoreCart[] }>(api(server, anon.token, '/test/in-store/key=us/me/carts'))).results).toEqual([]);
    expect((await ok<{ results: StoreCart[] }>(api(server, anon.token, '/test/me/carts?sort=createdAt+asc'))).results.map((c) => c.id)).toEqual([
      global.id,
      eu.id,
    ]);

    // The most recently modified Active cart is the in-store one globally; in the store it is the store's own.
    expect((await ok<StoreCart>(api(server, anon.token, '/test/in-store/key=eu/me/active-cart'))).id).toBe(eu.id);
    await expectError(await api(server, anon.token, '/test/in-store/key=us/me/active-cart'), 404, 'ResourceNotFound');
    await ok(api(server, anon.token, `/test/me/carts/${global.id}`, { body: { version: global.version, actions: [{ action: 'setCountry', country: 'DE' }] } }));
    expect((await ok<StoreCart>(api(server, anon.token, '/test/me/active-cart'))).id).toBe(global.id);
    expect((await ok<StoreCart>(api(server, anon.token, '/test/in-store/key=eu/me/active-cart'))).id).toBe(eu.id);

    await expectError(
      await api(server, anon.token, `/test/in-store/key=us/me/carts/${eu.id}?version=${eu.version}`, { method: 'DELETE' }),
      404,
      'ResourceNotFound',
    );
    expect((await ok<StoreCart>(api(server, anon.token, `/test/in-store/key=eu/me/carts/${eu.id}?version=${eu.version}`, { method: 'DELETE' }))).id).toBe(
      eu.id,
    );
  });

  test('a customer of the store, signed in through the in-store flow with store-scoped scopes, uses its store only', async () => {
    const customers = await clientToken(server, 'manage_customers:test');
    await ok(api(server, customers, '/test/in-store/key=eu/customers', { body: { email: 'eu-shopper@example.com', password: 'pw-123456' } }), 201);
    const token = await customerToken(server, 'eu-shopper@example.com', 'pw-123456', 'eu', 'manage_my_orders:test:eu manage_my_profile:test:eu');
    const cart = await ok<StoreCart>(api(server, token, '/test/in-store/key=eu/me/carts', { body: { currency: 'EUR' } }), 201);
    expect(cart).toMatchObject({ store: { key: 'eu' }, customerId: expect.any(String) });
    expect((await ok<StoreCart>(api(server, token, '/test/in-store/key=eu/me/active-cart'))).id).toBe(cart.id);
    await expectError(await api(server, token, '/test/me/carts', { body: { currency: 'EUR' } }), 403, 'insufficient_scope');
    await expectError(await api(server, token, '/test/in-store/key=us/me/carts'), 403, 'insufficient_scope');
  });

  test("in-store /me/orders: only a cart of the store is ordered there, and only the store's orders are seen", async () => {
    const anon = await anonymousSession(server);
    const eu = await ok<StoreCart>(
      api(server, anon.token, '/test/in-store/key=eu/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'store-shirt' }] } }),
      201,
    );
    const global = await ok<StoreCart>(api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'store-shirt' }] } }), 201);
    await expectError(await api(server, anon.token, '/test/in-store/key=us/me/orders', { body: { id: eu.id, version: eu.version } }), 404, 'ResourceNotFound');
    await expectError(
      await api(server, anon.token, '/test/in-store/key=eu/me/orders', { body: { cart: { typeId: 'cart', id: global.id }, version: global.version } }),
      404,
      'ResourceNotFound',
    );
    const order = await ok<{ id: string; store?: unknown }>(
      api(server, anon.token, '/test/in-store/key=eu/me/orders', { body: { cart: { typeId: 'cart', id: eu.id }, version: eu.version } }),
      201,
    );
    expect(order.store).toEqual({ typeId: 'store', key: 'eu' });
    const plain = await ok<{ id: string; store?: unknown }>(
      api(server, anon.token, '/test/me/orders', { body: { id: global.id, version: global.version } }),
      201,
    );
    expect(plain.store).toBeUndefined();

    expect((await ok<{ id: string }>(api(server, anon.token, `/test/in-store/key=eu/me/orders/${order.id}`))).id).toBe(order.id);
    await expectError(await api(server, anon.token, `/test/in-store/key=us/me/orders/${order.id}`), 404, 'ResourceNotFound');
    await expectError(await api(server, anon.token, `/test/in-store/key=eu/me/orders/${plain.id}`), 404, 'ResourceNotFound');
    const page = await ok<{ total: number; results: { id: string }[] }>(api(server, anon.token, '/test/in-store/key=eu/me/orders?withTotal=true'));
    expect([page.total, page.results.map((o) => o.id)]).toEqual([1, [order.id]]);
    expect((await ok<{ results: unknown[] }>(api(server, anon.token, '/test/in-store/key=us/me/orders'))).results).toEqual([]);
    const head = async (path: string) => (await api(server, anon.token, path, { method: 'HEAD' })).status;
    expect([await head(`/test/in-store/key=eu/me/orders/${order.id}`), await head(`/test/in-store/key=us/me/orders/${order.id}`)]).toEqual([200, 404]);
    expect([await head('/test/in-store/key=eu/me/orders'), await head('/test/in-store/key=us/me/orders')]).toEqual([200, 404]);
    expect([await head(`/test/in-store/key=eu/me/carts/${eu.id}`), await head(`/test/in-store/key=us/me/carts/${eu.id}`)]).toEqual([200, 404]);
    expect(await head('/test/in-store/key=eu/me/carts')).toBe(200);
    expect((await ok<{ results: { id: string }[] }>(api(server, anon.token, '/test/me/orders?sort=createdAt+asc'))).results.map((o) => o.id)).toEqual([
      order.id,
      plain.id,
    ]);
    // Another session sees nothing of it, in the store or outside.
    const other = await anonymousSession(server);
    await expectError(await api(server, other.token, `/test/in-store/key=eu/me/orders/${order.id}`), 404, 'ResourceNotFound');
    expect((await ok<{ results: unknown[] }>(api(server, other.token, '/test/in-store/key=eu/me/orders'))).results).toEqual([]);

    const inGraphql = await gqlData<{
      inStore: { me: { orders: { total: number; results: { id: string }[] }; order: { id: string } | null; other: { id: string } | null } };
    }>(
      server,
      anon.token,
      `{ inStore(key: "eu") { me { orders { total results { id } } order(id: "${order.id}") { id } other: order(id: "${plain.id}") { id } } } }`,
    );
    expect(inGraphql.inStore.me).toEqual({ orders: { total: 1, results: [{ id: order.id }] }, order: { id: order.id }, other: null });
    // A store-scoped token of another store gets nothing of it.
    await expectError(await api(server, euClerk, '/test/in-store/key=us/me/orders'), 403, 'insufficient_scope');
  });

  test('a cart in a store that does not exist is refused', async () => {
    const anon = await anonymousSession(server);
    await expectError(await api(server, anon.token, '/test/in-store/key=nowhere/me/carts', { body: { currency: 'EUR' } }), 400, 'ReferencedResourceNotFound');
    await expectError(await api(server, admin, '/test/in-store/key=nowhere/carts', { body: { currency: 'EUR' } }), 400, 'ReferencedResourceNotFound');
  });
});

describe('sign-in in a store', () => {
  test("merges the anonymous cart into the customer's active cart of that store, and never a cart of another store", async () => {
    const customers = await clientToken(server, 'manage_customers:test');
    const { customer } = await ok<{ customer: { id: string } }>(
      api(server, customers, '/test/in-store/key=eu/customers', { body: { email: 'merge-in-store@example.com', password: 'pw-123456' } }),
      201,
    );
    const euCart = await ok<StoreCart>(
      api(server, admin, inStore('eu'), { body: { currency: 'EUR', customerId: customer.id, lineItems: [{ sku: 'store-shirt', quantity: 1 }] } }),
      201,
    );
    // Modified last, so it is the customer's most recently modified Active cart overall.
    const globalCart = await ok<StoreCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR', customerId: customer.id } }), 201);

    const anonymous = await ok<StoreCart>(
      api(server, admin, inStore('eu'), { body: { currency: 'EUR', anonymousId: 'in-store-merge', lineItems: [{ sku: 'store-shirt', quantity: 3 }] } }),
      201,
    );
    const signIn = await ok<{ cart: StoreCart }>(
      api(server, customers, '/test/in-store/key=eu/login', {
        body: { email: 'merge-in-store@example.com', password: 'pw-123456', anonymousCart: { typeId: 'cart', id: anonymous.id } },
      }),
    );
    expect(signIn.cart.id).toBe(euCart.id);
    expect(signIn.cart.lineItems.map((li) => li.quantity)).toEqual([3]);
    expect((await ok<StoreCart>(api(server, admin, `/test/carts/${anonymous.id}`))).cartState).toBe('Merged');
    expect((await ok<StoreCart>(api(server, admin, `/test/carts/${globalCart.id}`))).version).toBe(globalCart.version);

    const elsewhere = await ok<StoreCart>(
      api(server, admin, inStore('us'), { body: { currency: 'EUR', anonymousId: 'in-store-merge-us', lineItems: [{ sku: 'store-shirt' }] } }),
      201,
    );
    const mismatched = await ok<{ cart: StoreCart }>(
      api(server, customers, '/test/in-store/key=eu/login', {
        body: { email: 'merge-in-store@example.com', password: 'pw-123456', anonymousCart: { typeId: 'cart', id: elsewhere.id } },
      }),
    );
    expect(mismatched.cart).toMatchObject({ id: elsewhere.id, cartState: 'Active', customerId: customer.id, store: { key: 'us' } });
    expect((await ok<StoreCart>(api(server, admin, `/test/carts/${euCart.id}`))).lineItems.map((li) => li.quantity)).toEqual([3]);
  });
});

describe('in-store carts over GraphQL', () => {
  const CART = 'id version anonymousId storeRef { typeId key } totalPrice { centAmount }';
  const CREATE = `mutation ($draft: MyCartDraft!, $storeKey: KeyReferenceInput) { createMyCart(draft: $draft, storeKey: $storeKey) { ${CART} } }`;
  const UPDATE = `mutation ($id: String!, $version: Long!, $actions: [MyCartUpdateAction!]!, $storeKey: KeyReferenceInput) {
    updateMyCart(id: $id, version: $version, actions: $actions, storeKey: $storeKey) { ${CART} } }`;
  const DELETE = `mutation ($id: String!, $version: Long!, $storeKey: KeyReferenceInput) { deleteMyCart(id: $id, version: $version, storeKey: $storeKey) { id } }`;
  const IN_STORE = (store: string, id = '') =>
    `{ inStore(key: "${store}") { me { activeCart { id } carts { total results { id } } ${id ? `cart(id: "${id}") { id }` : ''} } } }`;
  interface GqlCart {
    id: string;
    version: number;
    anonymousId: string | null;
    storeRef: { typeId: string; key: string } | null;
    totalPrice: { centAmount: number };
  }
  interface InStoreMe {
    inStore: { me: { activeCart: { id: string } | null; carts: { total: number; results: { id: string }[] }; cart?: { id: string } | null } };
  }

  test('createMyCart, updateMyCart and deleteMyCart with storeKey, and inStore.me.activeCart/cart/carts, see only the carts of that store', async () => {
    const anon = await anonymousSession(server);
    const eu = (
      await gqlData<{ createMyCart: GqlCart }>(server, anon.token, CREATE, { draft: { currency: 'EUR', lineItems: [{ sku: 'store-shirt' }] }, storeKey: 'eu' })
    ).createMyCart;
    expect(eu).toMatchObject({ anonymousId: anon.anonymousId, storeRef: { typeId: 'store', key: 'eu' }, totalPrice: { centAmount: 1000 } });
    const global = (await gqlData<{ createMyCart: GqlCart }>(server, anon.token, CREATE, { draft: { currency: 'EUR' } })).createMyCart;
    expect(global.storeRef).toBeNull();
    // The HTTP in-store endpoint sees the GraphQL cart as its own.
    expect((await ok<StoreCart>(api(server, anon.token, `/test/in-store/key=eu/me/carts/${eu.id}`))).store).toEqual({ typeId: 'store', key: 'eu' });

    const inEu = await gqlData<InStoreMe>(server, anon.token, IN_STORE('eu', global.id));
    expect(inEu.inStore.me).toEqual({ activeCart: { id: eu.id }, carts: { total: 1, results: [{ id: eu.id }] }, cart: null });
    expect((await gqlData<InStoreMe>(server, anon.token, IN_STORE('eu', eu.id))).inStore.me.cart).toEqual({ id: eu.id });
    expect((await gqlData<InStoreMe>(server, anon.token, IN_STORE('us', eu.id))).inStore.me).toEqual({
      activeCart: null,
      carts: { total: 0, results: [] },
      cart: null,
    });

    const quantity = {
      actions: [
        { changeLineItemQuantity: { lineItemId: (await ok<StoreCart>(api(server, anon.token, `/test/me/carts/${eu.id}`))).lineItems[0].id, quantity: 2 } },
      ],
    };
    expect((await gqlError(server, anon.token, UPDATE, { id: eu.id, version: eu.version, storeKey: 'us', ...quantity })).extensions).toMatchObject({
      code: 'ResourceNotFound',
    });
    expect(
      (await gqlError(server, anon.token, UPDATE, { id: global.id, version: global.version, storeKey: 'eu', actions: [{ setCountry: { country: 'DE' } }] }))
        .extensions,
    ).toMatchObject({ code: 'ResourceNotFound' });
    const updated = (await gqlData<{ updateMyCart: GqlCart }>(server, anon.token, UPDATE, { id: eu.id, version: eu.version, storeKey: 'eu', ...quantity }))
      .updateMyCart;
    expect(updated).toMatchObject({ version: eu.version + 1, totalPrice: { centAmount: 2000 } });

    expect((await gqlError(server, anon.token, DELETE, { id: eu.id, version: updated.version, storeKey: 'us' })).extensions).toMatchObject({
      code: 'ResourceNotFound',
    });
    expect(
      (await gqlData<{ deleteMyCart: { id: string } }>(server, anon.token, DELETE, { id: eu.id, version: updated.version, storeKey: 'eu' })).deleteMyCart.id,
    ).toBe(eu.id);
    await expectError(await api(server, admin, `/test/carts/${eu.id}`), 404, 'ResourceNotFound');
    expect((await gqlData<{ deleteMyCart: { id: string } }>(server, anon.token, DELETE, { id: global.id, version: global.version })).deleteMyCart.id).toBe(
      global.id,
    );
  });

  test("createMyOrderFromCart orders the caller's cart, with storeKey only a cart of that store", async () => {
    const ORDER = `mutation ($draft: OrderMyCartCommand!, $storeKey: KeyReferenceInput) {
      createMyOrderFromCart(draft: $draft, storeKey: $storeKey) { id anonymousId orderState storeRef { key } totalPrice { centAmount } cartRef { id } } }`;
    const anon = await anonymousSession(server);
    const other = await anonymousSession(server);
    const lines = { lineItems: [{ sku: 'store-shirt', quantity: 2 }] };
    const eu = (await gqlData<{ createMyCart: GqlCart }>(server, anon.token, CREATE, { draft: { currency: 'EUR', ...lines }, storeKey: 'eu' })).createMyCart;
    const global = (await gqlData<{ createMyCart: GqlCart }>(server, anon.token, CREATE, { draft: { currency: 'EUR', ...lines } })).createMyCart;

    expect((await gqlError(server, anon.token, ORDER, { draft: { id: eu.id, version: eu.version }, storeKey: 'us' })).extensions).toMatchObject({
      code: 'ResourceNotFound',
    });
    expect((await gqlError(server, anon.token, ORDER, { draft: { id: global.id, version: global.version }, storeKey: 'eu' })).extensions).toMatchObject({
      code: 'ResourceNotFound',
    });
    expect((await gqlError(server, other.token, ORDER, { draft: { id: eu.id, version: eu.version } })).extensions).toMatchObject({ code: 'ResourceNotFound' });
    expect((await gqlError(server, anon.token, ORDER, { draft: { id: eu.id, version: eu.version + 1 }, storeKey: 'eu' })).extensions).toMatchObject({
      code: 'ConcurrentModification',
      currentVersion: eu.version,
    });
    // Nothing of the refused attempts was written.
    expect((await ok<StoreCart>(api(server, admin, `/test/carts/${eu.id}`))).cartState).toBe('Active');

    const order = (
      await gqlData<{ createMyOrderFromCart: Record<string, unknown> }>(server, anon.token, ORDER, {
        draft: { id: eu.id, version: eu.version },
        storeKey: 'eu',
      })
    ).createMyOrderFromCart;
    expect(order).toMatchObject({
      anonymousId: anon.anonymousId,
      orderState: 'Open',
      storeRef: { key: 'eu' },
      totalPrice: { centAmount: 2000 },
      cartRef: { id: eu.id },
    });
    expect((await ok<StoreCart>(api(server, admin, `/test/carts/${eu.id}`))).cartState).toBe('Ordered');
    expect((await gqlError(server, anon.token, ORDER, { draft: { id: eu.id, version: eu.version + 1 }, storeKey: 'eu' })).extensions).toMatchObject({
      code: 'InvalidOperation',
    });
    const plain = (
      await gqlData<{ createMyOrderFromCart: { id: string; storeRef: unknown } }>(server, anon.token, ORDER, {
        draft: { id: global.id, version: global.version },
      })
    ).createMyOrderFromCart;
    expect(plain.storeRef).toBeNull();
    const mine = await gqlData<{ me: { orders: { results: { id: string }[] } } }>(
      server,
      anon.token,
      '{ me { orders(sort: "createdAt asc") { results { id } } } }',
    );
    expect(mine.me.orders.results.map((o) => o.id)).toEqual([order.id, plain.id]);
  });

  test("store-scoped scopes admit the store's form only; a store that does not exist is refused", async () => {
    const customers = await clientToken(server, 'manage_customers:test');
    await ok(api(server, customers, '/test/in-store/key=eu/customers', { body: { email: 'gql-eu-shopper@example.com', password: 'pw-123456' } }), 201);
    const token = await customerToken(server, 'gql-eu-shopper@example.com', 'pw-123456', 'eu', 'manage_my_orders:test:eu manage_my_profile:test:eu');
    const cart = (await gqlData<{ createMyCart: GqlCart }>(server, token, CREATE, { draft: { currency: 'EUR' }, storeKey: 'eu' })).createMyCart;
    expect(cart.storeRef).toEqual({ typeId: 'store', key: 'eu' });
    expect((await gqlData<InStoreMe>(server, token, IN_STORE('eu'))).inStore.me.activeCart).toEqual({ id: cart.id });
    expect((await gqlError(server, token, CREATE, { draft: { currency: 'EUR' } })).extensions).toMatchObject({ code: 'insufficient_scope' });
    expect((await gqlError(server, token, CREATE, { draft: { currency: 'EUR' }, storeKey: 'us' })).extensions).toMatchObject({ code: 'insufficient_scope' });
    expect((await gqlError(server, token, DELETE, { id: cart.id, version: cart.version })).extensions).toMatchObject({ code: 'insufficient_scope' });
    expect((await gqlError(server, token, `{ inStore(key: "us") { me { carts { total } } } }`)).extensions).toMatchObject({ code: 'insufficient_scope' });
    // Profile access in the store without the orders scope: the carts stay closed.
    const profileOnly = await customerToken(server, 'gql-eu-shopper@example.com', 'pw-123456', 'eu', 'manage_my_profile:test:eu');
    expect((await gqlError(server, profileOnly, `{ inStore(key: "eu") { me { activeCart { id } } } }`)).extensions).toMatchObject({
      code: 'insufficient_scope',
    });

    const anon = await anonymousSession(server);
    expect((await gqlError(server, anon.token, CREATE, { draft: { currency: 'EUR' }, storeKey: 'nowhere' })).extensions).toMatchObject({
      code: 'ReferencedResourceNotFound',
    });
  });
});
