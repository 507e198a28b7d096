import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { eur, ok, publishedProduct, type CartBody, type ProductBody } from './support.js';

/**
 * Replicate Cart (`POST …/carts/replicate`): a new Active cart from a cart or an order, with the same
 * variants and quantities priced anew; globally, in a store, and for the caller's own (/me).
 */
let server: TestServer;
let admin: string;
let product: ProductBody;

interface ReplicaBody extends CartBody {
  key?: string;
  store?: { key: string };
  shippingAddress?: { country: string };
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  for (const key of ['eu', 'us']) await ok(api(server, admin, '/test/stores', { body: { key } }), 201);
  product = await publishedProduct(server, admin, 'replica-shirt', [{ sku: 'replica-shirt', prices: [{ value: eur(1000) }] }]);
});
afterAll(() => server.close());

const draft = (extra: Record<string, unknown> = {}) => ({
  currency: 'EUR',
  lineItems: [{ sku: 'replica-shirt', quantity: 2 }],
  customLineItems: [{ name: { en: 'Engraving' }, money: eur(500), slug: 'engraving', quantity: 1 }],
  shippingAddress: { country: 'DE' },
  ...extra,
});

test('a cart and an order replicate into a new Active cart with the same lines, priced anew', async () => {
  const source = await ok<ReplicaBody>(api(server, admin, '/test/carts', { body: draft() }), 201);
  const replica = await ok<ReplicaBody>(
    api(server, admin, '/test/carts/replicate', { body: { reference: { typeId: 'cart', id: source.id }, key: 'replica-1' } }),
    201,
  );
  expect(replica.id).not.toBe(source.id);
  expect(replica).toMatchObject({ key: 'replica-1', cartState: 'Active', shippingAddress: { country: 'DE' }, totalPrice: eur(2500) });
  expect(replica.lineItems.map((li) => [li.productId, li.variant.id, li.quantity])).toEqual([[product.id, 1, 2]]);
  expect(replica.customLineItems.map((cli) => [cli.slug, cli.quantity, cli.totalPrice.centAmount])).toEqual([['engraving', 1, 500]]);

  // Ordered, then the price changes: the replica of the order has the current price.
  const ordered = await ok<ReplicaBody>(api(server, admin, '/test/carts', { body: draft() }), 201);
  const order = await ok<{ id: string }>(api(server, admin, '/test/orders', { body: { cart: { id: ordered.id }, version: ordered.version } }), 201);
  const current = await ok<ProductBody>(api(server, admin, `/test/products/${product.id}`));
  const priceId = current.masterData.current.masterVariant.prices[0].id;
  await ok(
    api(server, admin, `/test/products/${product.id}`, {
      body: { version: current.version, actions: [{ action: 'changePrice', priceId, price: { value: eur(1200) } }, { action: 'publish' }] },
    }),
  );
  const again = await ok<ReplicaBody>(api(server, admin, '/test/carts/replicate', { body: { reference: { typeId: 'order', id: order.id } } }), 201);
  expect(again.totalPrice).toMatchObject(eur(2900));
  expect(again.cartState).toBe('Active');
});

test('an unknown source is 400 ReferencedResourceNotFound; a reference of another type is refused by the contract', async () => {
  await expectError(
    await api(server, admin, '/test/carts/replicate', { body: { reference: { typeId: 'cart', id: 'no-such-cart' } } }),
    400,
    'ReferencedResourceNotFound',
  );
  await expectError(
    await api(server, admin, '/test/carts/replicate', { body: { reference: { typeId: 'order', id: 'no-such-order' } } }),
    400,
    'ReferencedResourceNotFound',
  );
  const res = await api(server, admin, '/test/carts/replicate', { body: { reference: { typeId: 'product', id: product.id } } });
  expect(res.status).toBe(400);
});

test('in a store, only a source of the store; the replica belongs to it', async () => {
  const eu = await ok<ReplicaBody>(api(server, admin, '/test/in-store/key=eu/carts', { body: draft() }), 201);
  const replica = await ok<ReplicaBody>(
    api(server, admin, '/test/in-store/key=eu/carts/replicate', { body: { reference: { typeId: 'cart', id: eu.id } } }),
    201,
  );
  expect(replica.store?.key).toBe('eu');
  await expectError(
    await api(server, admin, '/test/in-store/key=us/carts/replicate', { body: { reference: { typeId: 'cart', id: eu.id } } }),
    400,
    'ReferencedResourceNotFound',
  );
});

test("/me: a customer replicates its own cart or order, not another's", async () => {
  const token = async (email: string) => {
    await ok(api(server, admin, '/test/customers', { body: { email, password: 'pw-123456' } }), 201);
    return customerToken(server, email, 'pw-123456');
  };
  const [mine, theirs] = [await token('replica-a@example.com'), await token('replica-b@example.com')];
  const cart = await ok<ReplicaBody>(api(server, mine, '/test/me/carts', { body: draft() }), 201);
  const order = await ok<{ id: string }>(api(server, mine, '/test/me/orders', { body: { cart: { id: cart.id }, version: cart.version } }), 201);
  const replica = await ok<ReplicaBody>(api(server, mine, '/test/me/carts/replicate', { body: { reference: { typeId: 'order', id: order.id } } }), 201);
  expect(replica.customerId).toBe(cart.customerId);
  expect((await ok<ReplicaBody>(api(server, mine, '/test/me/active-cart'))).id).toBe(replica.id);
  await expectError(
    await api(server, theirs, '/test/me/carts/replicate', { body: { reference: { typeId: 'order', id: order.id } } }),
    400,
    'ReferencedResourceNotFound',
  );
  await expectError(
    await api(server, theirs, '/test/me/carts/replicate', { body: { reference: { typeId: 'cart', id: replica.id } } }),
    400,
    'ReferencedResourceNotFound',
  );
});
