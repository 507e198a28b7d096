import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, money, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, publishedProduct } from '../carts/support.js';

interface StandalonePrice extends Resource {
  sku: string;
  value: unknown;
  active: boolean;
  tiers?: { minimumQuantity: number; value: unknown }[];
  staged?: { value: unknown };
  discounted?: { value: unknown; discount: { typeId: string; id: string } };
}

let server: TestServer;
let admin: string;
let n = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(async () => {
  await server.close();
});

const p = () => server.projectKey;
const newPrice = (more: Record<string, unknown>) => create<StandalonePrice>(server, admin, 'standalone-prices', { value: money(1000), ...more });
const cartWith = (productId: string, quantity: number, more: Record<string, unknown> = {}) =>
  api(server, admin, `/${p()}/carts`, { body: { currency: 'EUR', lineItems: [{ productId, variantId: 1, quantity }], ...more } });

describe('standalone prices', () => {
  it('creates, reads by key, changes values (staged, then applied), tiers and activity, deletes', async () => {
    const sku = `sp-${++n}`;
    const price = await newPrice({ key: `price-${n}`, sku, country: 'DE', tiers: [{ minimumQuantity: 10, value: money(800) }] });
    expect(price).toMatchObject({ version: 1, sku, value: cents(1000), country: 'DE', active: true, tiers: [{ minimumQuantity: 10, value: cents(800) }] });
    expect(await ok(api(server, admin, `/${p()}/standalone-prices/key=${price.key}`))).toEqual(price);
    const staged = await updated<StandalonePrice>(server, admin, 'standalone-prices', price, [
      { action: 'changeValue', value: money(1200), staged: true },
      { action: 'addPriceTier', tier: { minimumQuantity: 5, value: money(900) } },
    ]);
    expect(staged).toMatchObject({ value: cents(1000), staged: { value: cents(1200) }, tiers: [{ minimumQuantity: 5 }, { minimumQuantity: 10 }] });
    const applied = await updated<StandalonePrice>(server, admin, 'standalone-prices', staged, [
      { action: 'applyStagedChanges' },
      { action: 'removePriceTier', minimumQuantity: 10 },
      { action: 'changeActive', active: false },
    ]);
    expect(applied).toMatchObject({ value: cents(1200), active: false, tiers: [{ minimumQuantity: 5 }] });
    expect(applied.staged).toBeUndefined();
    await expectError(
      await update(server, admin, 'standalone-prices', price.id, applied.version, [{ action: 'changeValue', value: money(1, 'USD') }]),
      400,
      'InvalidOperation',
    );
    expect((await api(server, admin, `/${p()}/standalone-prices/${price.id}?version=${applied.version}`, { method: 'DELETE' })).status).toBe(200);
  });

  it('refuses a second price of the SKU with the same scope (DuplicateStandalonePriceScope), also when an update makes one', async () => {
    const sku = `dup-${++n}`;
    const first = await newPrice({ sku });
    const res = await api(server, admin, `/${p()}/standalone-prices`, { body: { sku, value: money(500) } });
    await expectError(res, 400, 'DuplicateStandalonePriceScope', {
      sku,
      currency: 'EUR',
      conflictingStandalonePrice: { typeId: 'standalone-price', id: first.id },
    });
    const german = await newPrice({ sku, country: 'DE' });
    // A different validity is another scope; making it equal to the first one's is refused.
    const dated = await newPrice({ sku, validFrom: '2020-01-01T00:00:00.000Z' });
    await expectError(
      await update(server, admin, 'standalone-prices', dated.id, dated.version, [{ action: 'setValidFrom' }]),
      400,
      'DuplicateStandalonePriceScope',
    );
    expect(german.country).toBe('DE');
  });

  it('is refused without view/manage scopes', async () => {
    const other = await clientToken(server, 'view_orders:test');
    const viewer = await clientToken(server, 'view_standalone_prices:test');
    const price = await newPrice({ sku: `scoped-${++n}` });
    expect((await api(server, other, `/${p()}/standalone-prices/${price.id}`)).status).toBe(403);
    expect((await api(server, viewer, `/${p()}/standalone-prices/${price.id}`)).status).toBe(200);
    expect((await api(server, viewer, `/${p()}/standalone-prices`, { body: { sku: 'x', value: money(1) } })).status).toBe(403);
  });

  it('prices line items of products in the Standalone price mode: active prices only, tiers by quantity, the country that matches', async () => {
    const sku = `mode-${++n}`;
    const product = await publishedProduct(server, admin, `mode-product-${n}`, [{ sku, prices: [{ value: money(99999) }] }], { priceMode: 'Standalone' });
    await expectError(await cartWith(product.id, 1), 400, 'MatchingPriceNotFound');
    const base = await newPrice({ sku, tiers: [{ minimumQuantity: 3, value: money(700) }] });
    await newPrice({ sku, country: 'DE', value: money(900) });
    await newPrice({ sku, country: 'FR', value: money(1), active: false });
    const one = await ok<{ lineItems: { price: { id: string; value: unknown }; totalPrice: unknown }[] }>(cartWith(product.id, 1), 201);
    expect(one.lineItems[0].price).toMatchObject({ id: base.id, value: cents(1000) });
    const tiered = await ok<{ lineItems: { totalPrice: unknown }[] }>(cartWith(product.id, 3), 201);
    expect(tiered.lineItems[0].totalPrice).toEqual(cents(2100));
    const german = await ok<{ lineItems: { price: { value: unknown } }[] }>(cartWith(product.id, 1, { country: 'DE' }), 201);
    expect(german.lineItems[0].price.value).toEqual(cents(900));
    const french = await ok<{ lineItems: { price: { value: unknown } }[] }>(cartWith(product.id, 1, { country: 'FR' }), 201);
    expect(french.lineItems[0].price.value).toEqual(cents(1000));
    // Back to the Embedded mode: the variant's own price.
    const current = await ok<{ id: string; version: number }>(api(server, admin, `/${p()}/products/${product.id}`));
    await updated(server, admin, 'products', current, [{ action: 'setPriceMode', priceMode: 'Embedded' }]);
    expect((await ok<{ lineItems: { price: { value: unknown } }[] }>(cartWith(product.id, 1), 201)).lineItems[0].price.value).toEqual(cents(99999));
  });

  it('product discounts discount standalone prices through the product of their SKU', async () => {
    const sku = `disc-${++n}`;
    const product = await publishedProduct(server, admin, `disc-product-${n}`, [{ sku, prices: [] }], { priceMode: 'Standalone' });
    const price = await newPrice({ sku });
    const orphan = await newPrice({ sku: `no-product-${n}` });
    const discount = await create(server, admin, 'product-discounts', {
      name: { en: 'd' },
      value: { type: 'relative', permyriad: 2000 },
      predicate: `product.id = "${product.id}" or sku = "no-product-${n}"`,
      sortOrder: `0.9${n}1`,
    });
    const discounted = await ok<StandalonePrice>(api(server, admin, `/${p()}/standalone-prices/${price.id}`));
    expect(discounted.discounted).toEqual({ value: cents(800), discount: { typeId: 'product-discount', id: discount.id } });
    expect(discounted.version).toBe(price.version + 1);
    // No product has the orphan's SKU: nothing for the predicates to read, no discount.
    expect((await ok<StandalonePrice>(api(server, admin, `/${p()}/standalone-prices/${orphan.id}`))).discounted).toBeUndefined();
    const cart = await ok<{ lineItems: { totalPrice: unknown }[] }>(cartWith(product.id, 2), 201);
    expect(cart.lineItems[0].totalPrice).toEqual(cents(1600));
    // A price written later is discounted as it is written; deactivating the discount undoes both.
    const later = await newPrice({ sku, country: 'AT', value: money(2000) });
    expect(later.discounted?.value).toEqual(cents(1600));
    await updated(server, admin, 'product-discounts', discount, [{ action: 'changeIsActive', isActive: false }]);
    expect((await ok<StandalonePrice>(api(server, admin, `/${p()}/standalone-prices/${price.id}`))).discounted).toBeUndefined();
    expect((await ok<StandalonePrice>(api(server, admin, `/${p()}/standalone-prices/${later.id}`))).discounted).toBeUndefined();
  });
});
