import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { gqlData, gqlError } from '../graphql/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct, type CartBody } from './support.js';

/**
 * The manual merge (`POST /{projectKey}/carts/customer-id={customerId}/merge`, its in-store form and
 * GraphQL `mergeCart`): the sign-in's cart rules for a customer who signed in elsewhere (an external
 * OAuth provider), called by a backend holding manage_orders. The rules themselves are walked row by
 * row in sign-in-merge.test.ts; this file checks what the endpoint adds: its draft, its answers, its
 * scopes, and that it gives the session's carts only (and in a store, only the store's).
 */
let server: TestServer;
let admin: string;
let orders: string;
let customers = 0;

interface StoreCart extends CartBody {
  key?: string;
  store?: { typeId: string; key: string };
}

const MERGE = (customerId: string) => `/test/carts/customer-id=${customerId}/merge`;
const MERGE_IN = (store: string, customerId: string) => `/test/in-store/key=${store}/carts/customer-id=${customerId}/merge`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_orders:test manage_customers:test manage_stores:test manage_shopping_lists:test');
  orders = await clientToken(server, 'manage_orders:test');
  for (const key of ['eu', 'us']) await ok(api(server, admin, '/test/stores', { body: { key, name: { en: key } } }), 201);
  await publishedProduct(server, admin, 'ma', [{ sku: 'ma', prices: [{ value: eur(100) }] }]);
  await publishedProduct(server, admin, 'mb', [{ sku: 'mb', prices: [{ value: eur(200) }] }]);
});
afterAll(() => server.close());

async function customer(stores?: string[]): Promise<{ id: string }> {
  const body = {
    email: `manual-merge-${++customers}@example.com`,
    password: 'pw-123456',
    ...(stores ? { stores: stores.map((key) => ({ typeId: 'store', key })) } : {}),
  };
  return (await ok<{ customer: { id: string } }>(api(server, admin, '/test/customers', { body }), 201)).customer;
}

/** A cart of the customer, made by the merchant. */
async function customerCart(customerId: string, lines: { sku: string; quantity: number }[], store?: string): Promise<StoreCart> {
  return ok<StoreCart>(
    api(server, admin, store ? `/test/in-store/key=${store}/carts` : '/test/carts', { body: { currency: 'EUR', customerId, lineItems: lines } }),
    201,
  );
}

/** An anonymous session's cart, made through its own token (in a store with `store`). */
async function anonymousCart(lines: { sku: string; quantity: number }[], store?: string, session?: { token: string; anonymousId: string }) {
  const s = session ?? (await anonymousSession(server));
  const cart = await ok<StoreCart>(
    api(server, s.token, store ? `/test/in-store/key=${store}/me/carts` : '/test/me/carts', { body: { currency: 'EUR', lineItems: lines } }),
    201,
  );
  return { session: s, cart };
}

const cartOf = (id: string) => ok<StoreCart>(api(server, admin, `/test/carts/${id}`));
const quantities = (cart: CartBody) => Object.fromEntries(cart.lineItems.map((li) => [li.variant.sku, li.quantity]));

describe('POST /{projectKey}/carts/customer-id={customerId}/merge', () => {
  test("merges the anonymous cart (by id) into the customer's active cart, which it answers; the anonymous cart becomes Merged", async () => {
    const { id } = await customer();
    const mine = await customerCart(id, [{ sku: 'ma', quantity: 1 }]);
    const { cart: anonymous } = await anonymousCart([
      { sku: 'ma', quantity: 3 },
      { sku: 'mb', quantity: 2 },
    ]);
    const merged = await ok<StoreCart>(api(server, orders, MERGE(id), { body: { anonymousCart: { typeId: 'cart', id: anonymous.id } } }));
    expect(merged).toMatchObject({ id: mine.id, customerId: id, cartState: 'Active', version: mine.version + 1 });
    // The larger quantity wins (the sign-in's rule), and the totals are recalculated.
    expect(quantities(merged)).toEqual({ ma: 3, mb: 2 });
    expect(merged.totalPrice.centAmount).toBe(700);
    expect(await cartOf(anonymous.id)).toMatchObject({ cartState: 'Merged', customerId: id });
    expect(await cartOf(mine.id)).toEqual(merged);
  });

  test('names the anonymous cart by key, and UseAsNewActiveCustomerCart makes it the active cart unmerged', async () => {
    const { id } = await customer();
    const mine = await customerCart(id, [{ sku: 'ma', quantity: 1 }]);
    const anonymous = await ok<StoreCart>(
      api(server, admin, '/test/carts', {
        body: { currency: 'EUR', anonymousId: `session-${id}`, key: `anon-key-${id}`, lineItems: [{ sku: 'mb', quantity: 4 }] },
      }),
      201,
    );
    const answered = await ok<StoreCart>(
      api(server, orders, MERGE(id), { body: { anonymousCart: { key: `anon-key-${id}` }, mergeMode: 'UseAsNewActiveCustomerCart' } }),
    );
    expect(answered).toMatchObject({ id: anonymous.id, customerId: id, cartState: 'Active' });
    expect(quantities(answered)).toEqual({ mb: 4 });
    // The customer's own cart is untouched.
    expect(await cartOf(mine.id)).toMatchObject({ version: mine.version, cartState: 'Active' });
  });

  test("by anonymousId alone, without a customer cart: the session's active cart becomes the customer's, and so do its other carts, but not its shopping lists", async () => {
    const { id } = await customer();
    const { session, cart: older } = await anonymousCart([{ sku: 'ma', quantity: 1 }]);
    const { cart: newer } = await anonymousCart([{ sku: 'mb', quantity: 1 }], undefined, session);
    const list = await ok<{ id: string }>(
      api(server, admin, '/test/shopping-lists', { body: { name: { en: 'wishes' }, anonymousId: session.anonymousId } }),
      201,
    );
    const answered = await ok<StoreCart>(api(server, orders, MERGE(id), { body: { anonymousId: session.anonymousId } }));
    expect(answered).toMatchObject({ id: newer.id, customerId: id, cartState: 'Active' });
    expect(await cartOf(older.id)).toMatchObject({ customerId: id, version: older.version + 1 });
    // A carts endpoint (manage_orders) does not hand over the session's shopping lists.
    const stillAnonymous = await ok<{ customer?: unknown; anonymousId?: string }>(api(server, admin, `/test/shopping-lists/${list.id}`));
    expect(stillAnonymous.customer).toBeUndefined();
    expect(stillAnonymous.anonymousId).toBe(session.anonymousId);
  });

  test('bad drafts and unknown things get the platform errors, and change nothing', async () => {
    const { id } = await customer();
    const { session, cart: anonymous } = await anonymousCart([{ sku: 'ma', quantity: 1 }]);
    await expectError(await api(server, orders, MERGE(id), { body: {} }), 400, 'InvalidInput');
    // An identifier follows the rules of every ResourceIdentifier: an id or a key, of the right typeId.
    await expectError(await api(server, orders, MERGE(id), { body: { anonymousCart: {} } }), 400, 'RequiredField', { field: 'anonymousCart.id' });
    await expectError(await api(server, orders, MERGE(id), { body: { anonymousCart: { typeId: 'order', id: anonymous.id } } }), 400, 'InvalidField', {
      field: 'anonymousCart.typeId',
    });
    await expectError(await api(server, orders, MERGE(id), { body: { anonymousCart: { id: anonymous.id }, mergeMode: 'Sum' } }), 400, 'InvalidField');
    await expectError(await api(server, orders, MERGE('no-such-customer'), { body: { anonymousCart: { id: anonymous.id } } }), 404, 'ResourceNotFound');
    await expectError(await api(server, orders, MERGE(id), { body: { anonymousCart: { id: 'no-such-cart' } } }), 400, 'ReferencedResourceNotFound', {
      typeId: 'cart',
      id: 'no-such-cart',
    });
    await expectError(
      await api(server, orders, MERGE(id), { body: { anonymousCart: { id: anonymous.id }, anonymousId: 'another-session' } }),
      400,
      'InvalidOperation',
    );
    // A session with no cart, for a customer with none: nothing to answer.
    await expectError(await api(server, orders, MERGE(id), { body: { anonymousId: `empty-${session.anonymousId}` } }), 404, 'ResourceNotFound');
    expect(await cartOf(anonymous.id)).toMatchObject({ version: anonymous.version, cartState: 'Active' });
    expect((await cartOf(anonymous.id)).customerId).toBeUndefined();
  });

  test("another customer's cart cannot be taken over", async () => {
    const owner = await customer();
    const other = await customer();
    const theirs = await customerCart(owner.id, [{ sku: 'ma', quantity: 1 }]);
    await expectError(await api(server, orders, MERGE(other.id), { body: { anonymousCart: { id: theirs.id } } }), 400, 'InvalidOperation');
    expect(await cartOf(theirs.id)).toMatchObject({ customerId: owner.id, version: theirs.version });
  });

  test('concurrent merges of one anonymous cart into different customers: exactly one takes it, the others are refused, nothing is half-written', async () => {
    const takers = await Promise.all([customer(), customer(), customer(), customer()]);
    const { cart: anonymous } = await anonymousCart([{ sku: 'ma', quantity: 2 }]);
    const results = await Promise.all(takers.map(({ id }) => api(server, orders, MERGE(id), { body: { anonymousCart: { id: anonymous.id } } })));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // A loser either lost the write (409) or found the cart already taken (400 InvalidOperation).
    for (const [i, r] of results.entries()) {
      if (r.status === 200) continue;
      const body = (await r.json()) as { errors: { code: string }[] };
      expect([
        [409, 'ConcurrentModification'],
        [400, 'InvalidOperation'],
      ]).toContainEqual([statuses[i], body.errors[0].code]);
    }
    const winner = takers[statuses.indexOf(200)];
    expect(await cartOf(anonymous.id)).toMatchObject({ customerId: winner.id, version: anonymous.version + 1, cartState: 'Active' });
  });

  test('needs manage_orders of the project: view_orders, customer scopes or a store-scoped manage_orders are 403', async () => {
    const { id } = await customer();
    const { cart: anonymous } = await anonymousCart([{ sku: 'ma', quantity: 1 }]);
    for (const scope of ['view_orders:test', 'manage_customers:test manage_my_orders:test', 'manage_orders:test:eu']) {
      const token = await clientToken(server, scope);
      await expectError(await api(server, token, MERGE(id), { body: { anonymousCart: { id: anonymous.id } } }), 403, 'insufficient_scope');
    }
    const res = await server.request(MERGE(id), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ anonymousCart: { id: anonymous.id } }),
    });
    expect(res.status).toBe(401);
    expect((await cartOf(anonymous.id)).version).toBe(anonymous.version);
  });
});

describe('POST /{projectKey}/in-store/key={storeKey}/carts/customer-id={customerId}/merge', () => {
  test("with the store's manage_orders: merges into the customer's active cart of the store", async () => {
    const clerk = await clientToken(server, 'manage_orders:test:eu');
    const { id } = await customer(['eu']);
    const mine = await customerCart(id, [{ sku: 'ma', quantity: 2 }], 'eu');
    await customerCart(id, [{ sku: 'mb', quantity: 9 }], 'us');
    const { cart: anonymous } = await anonymousCart([{ sku: 'mb', quantity: 1 }], 'eu');
    const merged = await ok<StoreCart>(api(server, clerk, MERGE_IN('eu', id), { body: { anonymousCart: { id: anonymous.id } } }));
    expect(merged).toMatchObject({ id: mine.id, store: { typeId: 'store', key: 'eu' } });
    expect(quantities(merged)).toEqual({ ma: 2, mb: 1 });
  });

  test("sees only the store: another store's cart is not found, a customer of another store is 404, and only the store's carts of the session are handed over", async () => {
    const clerk = await clientToken(server, 'manage_orders:test:eu');
    const { id } = await customer(['eu']);
    const { session, cart: usCart } = await anonymousCart([{ sku: 'ma', quantity: 1 }], 'us');
    const { cart: euCart } = await anonymousCart([{ sku: 'mb', quantity: 1 }], 'eu', session);
    await expectError(await api(server, clerk, MERGE_IN('eu', id), { body: { anonymousCart: { id: usCart.id } } }), 400, 'ReferencedResourceNotFound');
    const usCustomer = await customer(['us']);
    await expectError(await api(server, clerk, MERGE_IN('eu', usCustomer.id), { body: { anonymousCart: { id: euCart.id } } }), 404, 'ResourceNotFound');
    // The clerk of eu cannot use the us endpoint either.
    await expectError(await api(server, clerk, MERGE_IN('us', id), { body: { anonymousCart: { id: usCart.id } } }), 403, 'insufficient_scope');
    expect(await cartOf(usCart.id)).toMatchObject({ version: usCart.version });

    const answered = await ok<StoreCart>(api(server, clerk, MERGE_IN('eu', id), { body: { anonymousId: session.anonymousId } }));
    expect(answered).toMatchObject({ id: euCart.id, customerId: id });
    const untouched = await cartOf(usCart.id);
    expect(untouched.customerId).toBeUndefined();
    expect(untouched.version).toBe(usCart.version);
  });
});

describe('GraphQL mergeCart', () => {
  const MUTATION = `mutation ($customerId: String!, $draft: MergeCartDraft!, $storeKey: KeyReferenceInput) {
    mergeCart(customerId: $customerId, draft: $draft, storeKey: $storeKey) { id customerId cartState lineItems { quantity variant { sku } } }
  }`;

  test('merges as the HTTP endpoint does, with its scopes and errors', async () => {
    const { id } = await customer(['eu']);
    const mine = await customerCart(id, [{ sku: 'ma', quantity: 1 }], 'eu');
    const { cart: anonymous } = await anonymousCart([{ sku: 'mb', quantity: 5 }], 'eu');
    const viewer = await clientToken(server, 'view_orders:test');
    expect((await gqlError(server, viewer, MUTATION, { customerId: id, draft: { anonymousCart: { id: anonymous.id } } })).extensions?.code).toBe(
      'insufficient_scope',
    );
    expect((await gqlError(server, orders, MUTATION, { customerId: id, draft: {} })).extensions?.code).toBe('InvalidInput');
    const clerk = await clientToken(server, 'manage_orders:test:eu');
    const data = await gqlData<{
      mergeCart: { id: string; customerId: string; cartState: string; lineItems: { quantity: number; variant: { sku: string } }[] };
    }>(server, clerk, MUTATION, {
      customerId: id,
      draft: { anonymousCart: { id: anonymous.id } },
      storeKey: 'eu',
    });
    expect(data.mergeCart).toMatchObject({ id: mine.id, customerId: id, cartState: 'Active' });
    expect(Object.fromEntries(data.mergeCart.lineItems.map((l) => [l.variant.sku, l.quantity]))).toEqual({ ma: 1, mb: 5 });
  });
});
