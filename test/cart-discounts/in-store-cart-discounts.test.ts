import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, nextSortOrder } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { deactivate, newCart, pricingShop, type Shop } from '../carts/pricing-fixtures.js';
import { ok } from '../carts/support.js';

/** Cart discounts of a store: `stores` limits where a discount applies; the in-store endpoints see only the store's. */
interface DiscountBody {
  [field: string]: unknown;
  id: string;
  key?: string;
  version: number;
  stores: Array<{ typeId: string; key: string }>;
}

let server: TestServer;
let shop: Shop;
let here: string;
let there: string;

beforeAll(async () => {
  server = await startTestServer();
  shop = await pricingShop(server);
  [here, there] = ['berlin-shop', 'vienna-shop'];
  for (const key of [here, there]) await create(server, shop.token, 'stores', { key });
});
afterAll(() => server.close());

const tenPercent = (more: Record<string, unknown> = {}) => ({
  name: { en: 'Ten' },
  value: { type: 'relative', permyriad: 1000 },
  cartPredicate: '1 = 1',
  target: { type: 'lineItems', predicate: '1 = 1' },
  sortOrder: nextSortOrder(),
  ...more,
});

test("a store's discount applies to its carts only; the in-store endpoints see and change only the store's discounts", async () => {
  const token = await clientToken(server, `manage_cart_discounts:test:${here} view_cart_discounts:test:${here}`);
  const inStore = (store: string, rest = '') => `/test/in-store/key=${store}/cart-discounts${rest}`;
  // Created in the store, whatever the draft says: it applies there only.
  const local = await ok<DiscountBody>(api(server, token, inStore(here), { body: tenPercent({ key: 'berlin-ten', stores: [{ key: there }] }) }), 201);
  expect(local.stores).toEqual([{ typeId: 'store', key: here }]);
  const global = await ok<DiscountBody>(
    api(server, shop.token, '/test/cart-discounts', { body: tenPercent({ key: 'vienna-ten', stores: [{ typeId: 'store', key: there }] }) }),
    201,
  );
  await expectError(
    await api(server, shop.token, '/test/cart-discounts', { body: tenPercent({ stores: [{ key: 'no-such-store' }] }) }),
    400,
    'ReferencedResourceNotFound',
  );

  // Prices: a 20.00 shirt; the store's 10% applies in Berlin carts, Vienna's in Vienna carts, none elsewhere.
  const total = async (store?: string) => (await newCart(server, shop, [[shop.shirt, 1]], 'DE', store ? { store: { key: store } } : {})).totalPrice.centAmount;
  expect(await total(here)).toBe(1800);
  expect(await total(there)).toBe(1800);
  expect(await total()).toBe(2000);

  // The in-store view: the store's only, by id and key, in queries and HEAD.
  expect((await ok<DiscountBody>(api(server, token, inStore(here, '/key=berlin-ten')))).id).toBe(local.id);
  await expectError(await api(server, token, inStore(here, `/${global.id}`)), 404, 'ResourceNotFound');
  expect((await api(server, token, inStore(here, `/${global.id}`), { method: 'HEAD' })).status).toBe(404);
  expect((await ok<{ results: DiscountBody[] }>(api(server, token, inStore(here)))).results.map((d) => d.id)).toEqual([local.id]);
  await expectError(await api(server, token, inStore(there)), 403, 'insufficient_scope');
  await expectError(
    await api(server, token, inStore(here, `/${global.id}`), { body: { version: global.version, actions: [{ action: 'changeIsActive', isActive: false }] } }),
    404,
    'ResourceNotFound',
  );

  // Store actions on the general endpoint: Vienna's discount now applies in Berlin too, then everywhere.
  let widened = await ok<DiscountBody>(
    api(server, shop.token, `/test/cart-discounts/${global.id}`, {
      body: { version: global.version, actions: [{ action: 'addStore', store: { key: here } }] },
    }),
  );
  expect(widened.stores.map((s) => s.key)).toEqual([there, here]);
  expect(await total(here)).toBe(1620);
  widened = await ok<DiscountBody>(
    api(server, shop.token, `/test/cart-discounts/${global.id}`, { body: { version: widened.version, actions: [{ action: 'setStores' }] } }),
  );
  expect(widened.stores).toEqual([]);
  expect(await total()).toBe(1800);
  await deactivate(server, shop, [widened]);
  const graphql = await ok<{ data: { cartDiscount: { storesRef: Array<{ key: string }> } } }>(
    api(server, shop.token, '/test/graphql', { body: { query: `{ cartDiscount(id: "${local.id}") { storesRef { typeId key } } }` } }),
  );
  expect(graphql.data.cartDiscount.storesRef).toEqual([{ typeId: 'store', key: here }]);
  const deleted = await ok<DiscountBody>(api(server, token, inStore(here, `/${local.id}?version=${local.version}`), { method: 'DELETE' }));
  expect(deleted.id).toBe(local.id);
});
