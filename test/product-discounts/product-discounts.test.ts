import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, money, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok, publishedProduct, type ProductBody } from '../carts/support.js';
import { gqlData, gqlError } from '../graphql/support.js';

interface ProductDiscount extends Resource {
  name: Record<string, string>;
  value: Record<string, unknown>;
  predicate: string;
  sortOrder: string;
  isActive: boolean;
  references: unknown[];
}
interface Price {
  id: string;
  value: { currencyCode: string; centAmount: number };
  discounted?: { value: unknown; discount: { typeId: string; id: string } };
}

let server: TestServer;
let admin: string;
let keys = 0;
let sortOrders = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(async () => {
  await server.close();
});

const p = () => server.projectKey;
const nextSortOrder = () => `0.${String(++sortOrders).padStart(4, '0')}1`;
const draft = (more: Record<string, unknown> = {}) => ({
  key: `pd-${++keys}`,
  name: { en: `Discount ${keys}` },
  value: { type: 'relative', permyriad: 1000 },
  predicate: '1 = 1',
  sortOrder: nextSortOrder(),
  ...more,
});
const newDiscount = (more: Record<string, unknown> = {}) => create<ProductDiscount>(server, admin, 'product-discounts', draft(more));
const getProduct = (id: string) =>
  ok<ProductBody & { masterData: { current: { masterVariant: { prices: Price[] }; variants: { prices: Price[] }[] } } }>(
    api(server, admin, `/${p()}/products/${id}`),
  );
const pricesOf = async (id: string, staged = false) => {
  const product = await getProduct(id);
  const data = staged ? product.masterData.staged : product.masterData.current;
  return [data.masterVariant, ...data.variants].flatMap((v) => v.prices as Price[]);
};
const discountedBy = (discount: { id: string }, centAmount: number) => ({
  value: cents(centAmount),
  discount: { typeId: 'product-discount', id: discount.id },
});

/** Each test gets products of its own with SKUs of its own, so the project's discounts are what the test made. */
async function product(skus: string[], prices: unknown[] = [{ value: money(1000) }, { value: money(2000, 'USD') }], more: Record<string, unknown> = {}) {
  return publishedProduct(
    server,
    admin,
    `product-${++keys}`,
    skus.map((sku) => ({ sku, prices })),
    more,
  );
}
async function deactivateAll() {
  const page = await ok<{ results: ProductDiscount[] }>(
    api(server, admin, `/${p()}/product-discounts?where=${encodeURIComponent('isActive = true')}&limit=500`),
  );
  for (const discount of page.results) await updated(server, admin, 'product-discounts', discount, [{ action: 'changeIsActive', isActive: false }]);
}
afterEach(deactivateAll);

describe('the resource', () => {
  it('creates with the platform defaults, reads by id and key, updates and deletes at a version', async () => {
    const discount = await newDiscount({ value: { type: 'absolute', money: [money(100), money(150, 'USD')] }, description: { en: 'd' } });
    expect(discount).toMatchObject({ version: 1, isActive: true, references: [], value: { type: 'absolute', money: [cents(100), cents(150, 'USD')] } });
    expect(await ok(api(server, admin, `/${p()}/product-discounts/key=${discount.key}`))).toEqual(discount);
    const changed = await updated<ProductDiscount>(server, admin, 'product-discounts', discount, [
      { action: 'changeName', name: { en: 'Renamed' } },
      { action: 'changePredicate', predicate: 'sku = "x"' },
      { action: 'changeValue', value: { type: 'relative', permyriad: 2500 } },
      { action: 'setValidFromAndUntil', validFrom: '2020-01-01T00:00:00.000Z', validUntil: '2099-01-01T00:00:00.000Z' },
      { action: 'setDescription' },
      { action: 'changeIsActive', isActive: false },
    ]);
    expect(changed).toMatchObject({
      version: 2,
      name: { en: 'Renamed' },
      predicate: 'sku = "x"',
      value: { type: 'relative', permyriad: 2500 },
      isActive: false,
      validFrom: '2020-01-01T00:00:00.000Z',
    });
    expect(changed.description).toBeUndefined();
    await expectError(
      await update(server, admin, 'product-discounts', discount.id, 1, [{ action: 'changeIsActive', isActive: true }]),
      409,
      'ConcurrentModification',
      { currentVersion: 2 },
    );
    expect((await api(server, admin, `/${p()}/product-discounts/${discount.id}?version=2`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(server, admin, `/${p()}/product-discounts/${discount.id}`, { method: 'HEAD' })).status).toBe(404);
  });

  it.each([
    ['an unknown predicate field', { predicate: 'lineItemCount(1 = 1) > 0' }, 400, 'InvalidInput'],
    ['a malformed predicate', { predicate: 'sku = ' }, 400, 'InvalidInput'],
    ['a sort order outside (0, 1)', { sortOrder: '1.5' }, 400, 'InvalidField'],
    ['an absolute value without amounts', { value: { type: 'absolute', money: [] } }, 400, 'InvalidOperation'],
    ['two amounts in one currency', { value: { type: 'absolute', money: [money(1), money(2)] } }, 400, 'InvalidOperation'],
    ['a permyriad over 10000', { value: { type: 'relative', permyriad: 10001 } }, 400, 'InvalidField'],
    ['validUntil before validFrom', { validFrom: '2030-01-01T00:00:00.000Z', validUntil: '2029-01-01T00:00:00.000Z' }, 400, 'InvalidInput'],
  ])('refuses %s', async (_case, more, status, code) => {
    await expectError(await api(server, admin, `/${p()}/product-discounts`, { body: draft(more) }), status, code);
  });

  it('keeps sort orders unique (DuplicateField) and answers queries with where and sort', async () => {
    const first = await newDiscount({ isActive: false });
    await expectError(await api(server, admin, `/${p()}/product-discounts`, { body: draft({ sortOrder: first.sortOrder }) }), 400, 'DuplicateField', {
      field: 'sortOrder',
    });
    const page = await ok<{ results: ProductDiscount[] }>(
      api(server, admin, `/${p()}/product-discounts?where=${encodeURIComponent(`key = "${first.key}"`)}&sort=sortOrder+desc`),
    );
    expect(page.results.map((d) => d.id)).toEqual([first.id]);
  });

  it('needs view_products to read and manage_products to write', async () => {
    const viewer = await clientToken(server, 'view_products:test');
    const other = await clientToken(server, 'view_orders:test manage_cart_discounts:test');
    const discount = await newDiscount({ isActive: false });
    expect((await api(server, viewer, `/${p()}/product-discounts/${discount.id}`)).status).toBe(200);
    expect((await api(server, other, `/${p()}/product-discounts/${discount.id}`)).status).toBe(403);
    expect((await api(server, viewer, `/${p()}/product-discounts`, { body: draft() })).status).toBe(403);
    expect((await update(server, viewer, 'product-discounts', discount.id, discount.version, [{ action: 'changeIsActive', isActive: true }])).status).toBe(403);
  });
});

describe('discounted prices', () => {
  it('a discount written discounts the prices it matches in every product, current and staged, each product at a new version', async () => {
    const shirt = await product([`shirt-${keys}`, `shirt-b-${keys}`]);
    const other = await product([`other-${keys}`]);
    const discount = await newDiscount({ predicate: `product.id = "${shirt.id}"` });
    const prices = await pricesOf(shirt.id);
    expect(prices.map((price) => price.discounted)).toEqual(
      [discountedBy(discount, 900), discountedBy(discount, 1800), discountedBy(discount, 900), discountedBy(discount, 1800)].map((d, i) => ({
        ...d,
        value: cents(d.value.centAmount, i % 2 ? 'USD' : 'EUR'),
      })),
    );
    expect((await pricesOf(shirt.id, true)).every((price) => price.discounted?.discount.id === discount.id)).toBe(true);
    expect((await getProduct(shirt.id)).version).toBe(shirt.version + 1);
    // A product the predicate does not match is not written.
    expect((await getProduct(other.id)).version).toBe(other.version);
    expect((await pricesOf(other.id)).map((price) => price.discounted)).toEqual([undefined, undefined]);
    // The projections are the product's read model: they show it too.
    const projection = await ok<{ masterVariant: { prices: Price[] } }>(api(server, admin, `/${p()}/product-projections/${shirt.id}`));
    expect(projection.masterVariant.prices[0].discounted).toEqual(discountedBy(discount, 900));
    // A discount that changes none of its prices leaves the discounted product as it is (on PostgreSQL too,
    // whose jsonb answers the stored prices with keys in another order).
    await newDiscount({ predicate: 'sku = "no-such-sku"' });
    expect((await getProduct(shirt.id)).version).toBe(shirt.version + 1);
  });

  it('the greatest sortOrder wins; an absolute discount applies only in its currencies; predicates read SKUs, categories, prices and attributes', async () => {
    const category = await create(server, admin, 'categories', { key: `cat-${++keys}`, name: { en: 'c' }, slug: { en: `cat-${keys}` } });
    const child = await create(server, admin, 'categories', {
      key: `cat-${++keys}`,
      name: { en: 'c' },
      slug: { en: `cat-${keys}` },
      parent: { typeId: 'category', id: category.id },
    });
    const sku = `sku-${++keys}`;
    const shirt = await product([sku, `${sku}-2`], undefined, { categories: [{ typeId: 'category', id: child.id }] });
    const low = await newDiscount({ predicate: `categoriesWithAncestors.key contains "${category.key}"`, value: { type: 'relative', permyriad: 5000 } });
    const high = await newDiscount({ predicate: `sku = "${sku}" and price > "5.00 EUR"`, value: { type: 'absolute', money: [money(300)] } });
    const [masterEur, masterUsd, otherEur, otherUsd] = await pricesOf(shirt.id);
    expect(masterEur.discounted).toEqual(discountedBy(high, 700));
    // No USD amount: the next discount applies.
    expect(masterUsd.discounted).toEqual({ value: cents(1000, 'USD'), discount: { typeId: 'product-discount', id: low.id } });
    expect(otherEur.discounted).toEqual(discountedBy(low, 500));
    expect(otherUsd.discounted?.discount.id).toBe(low.id);
    // Deactivating the winner hands its prices to the next; deleting the last leaves no discounted price.
    await updated(server, admin, 'product-discounts', high, [{ action: 'changeIsActive', isActive: false }]);
    expect((await pricesOf(shirt.id))[0].discounted).toEqual(discountedBy(low, 500));
    const current = await ok<ProductDiscount>(api(server, admin, `/${p()}/product-discounts/${low.id}`));
    await ok(api(server, admin, `/${p()}/product-discounts/${low.id}?version=${current.version}`, { method: 'DELETE' }));
    expect((await pricesOf(shirt.id)).map((price) => price.discounted)).toEqual([undefined, undefined, undefined, undefined]);
  });

  it('a product written after the discount gets discounted prices as it is written, and a price changed later too', async () => {
    const sku = `late-${++keys}`;
    const discount = await newDiscount({ predicate: `sku = "${sku}" and currency = "EUR"`, value: { type: 'relative', permyriad: 2000 } });
    const late = await product([sku]);
    expect(late.masterData.current.masterVariant.prices.map((price) => (price as Price).discounted)).toEqual([discountedBy(discount, 800), undefined]);
    const priceId = late.masterData.staged.masterVariant.prices[0].id;
    const changed = await updated<ProductBody>(server, admin, 'products', late, [
      { action: 'changePrice', priceId, price: { value: money(5000) }, staged: false },
    ]);
    expect((changed.masterData.current.masterVariant.prices[0] as Price).discounted).toEqual(discountedBy(discount, 4000));
  });

  it('a line item of a discounted product costs the discounted price', async () => {
    const sku = `cart-${++keys}`;
    const shirt = await product([sku]);
    const discount = await newDiscount({ predicate: `sku = "${sku}"`, value: { type: 'relative', permyriad: 1000 } });
    const cart = await ok<{ lineItems: { price: Price; totalPrice: unknown }[] }>(
      api(server, admin, `/${p()}/carts`, { body: { currency: 'EUR', lineItems: [{ productId: shirt.id, variantId: 1, quantity: 2 }] } }),
      201,
    );
    expect(cart.lineItems[0].price.discounted).toEqual(discountedBy(discount, 900));
    expect(cart.lineItems[0].totalPrice).toEqual(cents(1800));
  });

  it('matching answers the discount that applies to a price, else 404 NoMatchingProductDiscountFound', async () => {
    const sku = `match-${++keys}`;
    const shirt = await product([sku]);
    const discount = await newDiscount({ predicate: `sku = "${sku}" and currency = "EUR"` });
    const [eurPrice, usdPrice] = shirt.masterData.current.masterVariant.prices;
    const query = (price: unknown, more: Record<string, unknown> = {}) =>
      api(server, admin, `/${p()}/product-discounts/matching`, { body: { productId: shirt.id, variantId: 1, staged: false, price, ...more } });
    expect(((await ok<ProductDiscount>(query(eurPrice))) as ProductDiscount).id).toBe(discount.id);
    await expectError(await query(usdPrice), 404, 'NoMatchingProductDiscountFound');
    await expectError(await query(eurPrice, { variantId: 9 }), 404, 'NoMatchingProductDiscountFound');
    await expectError(await query(eurPrice, { productId: 'no-such-product' }), 404, 'NoMatchingProductDiscountFound');
    await expectError(await query({ id: eurPrice.id }), 400, 'RequiredField');
  });

  it('an update of a discount that fails on its last action changes neither the discount nor any product', async () => {
    const sku = `atomic-${++keys}`;
    const shirt = await product([sku]);
    const discount = await newDiscount({ predicate: `sku = "${sku}"` });
    const before = await getProduct(shirt.id);
    const res = await update(server, admin, 'product-discounts', discount.id, discount.version, [
      { action: 'changeValue', value: { type: 'relative', permyriad: 5000 } },
      { action: 'changePredicate', predicate: 'no.such.field = 1' },
    ]);
    await expectError(res, 400, 'InvalidInput');
    expect(await getProduct(shirt.id)).toEqual(before);
    expect((await ok<ProductDiscount>(api(server, admin, `/${p()}/product-discounts/${discount.id}`))).version).toBe(discount.version);
  });
});

describe('external discounts', () => {
  it('a price set with an active external discount keeps its value over predicate discounts, until the discount is deactivated', async () => {
    const sku = `ext-${++keys}`;
    const shirt = await product([sku]);
    const external = await newDiscount({ value: { type: 'external' }, predicate: '1 = 1' });
    const relative = await newDiscount({ predicate: `sku = "${sku}"` });
    const priceId = shirt.masterData.current.masterVariant.prices[0].id;
    const current = await getProduct(shirt.id);
    const set = await updated<ProductBody>(server, admin, 'products', current, [
      { action: 'setDiscountedPrice', priceId, staged: false, discounted: { value: money(123), discount: { typeId: 'product-discount', id: external.id } } },
    ]);
    expect((set.masterData.current.masterVariant.prices[0] as Price).discounted).toEqual(discountedBy(external, 123));
    // Another discount written recomputes the product; the external value stays, the other price keeps the predicate's.
    await newDiscount({ predicate: 'sku = "none"' });
    const [eur, usd] = await pricesOf(shirt.id);
    expect(eur.discounted).toEqual(discountedBy(external, 123));
    expect(usd.discounted?.discount.id).toBe(relative.id);
    const match = await ok<ProductDiscount>(
      api(server, admin, `/${p()}/product-discounts/matching`, { body: { productId: shirt.id, variantId: 1, staged: false, price: eur } }),
    );
    expect(match.id).toBe(external.id);
    await updated(server, admin, 'product-discounts', external, [{ action: 'changeIsActive', isActive: false }]);
    expect((await pricesOf(shirt.id))[0].discounted).toEqual(discountedBy(relative, 900));
  });

  it('refuses a discounted value with a discount that is not external, not active, unknown, or in another currency', async () => {
    const shirt = await product([`ext-bad-${++keys}`]);
    const relative = await newDiscount({ predicate: 'sku = "none"' });
    const inactive = await newDiscount({ value: { type: 'external' }, isActive: false });
    const external = await newDiscount({ value: { type: 'external' } });
    const priceId = shirt.masterData.current.masterVariant.prices[0].id;
    const attempt = (discounted: unknown) =>
      update(server, admin, 'products', shirt.id, shirt.version, [{ action: 'setDiscountedPrice', priceId, discounted }]);
    await expectError(await attempt({ value: money(1), discount: { typeId: 'product-discount', id: relative.id } }), 400, 'InvalidOperation');
    await expectError(await attempt({ value: money(1), discount: { typeId: 'product-discount', id: inactive.id } }), 400, 'InvalidOperation');
    await expectError(await attempt({ value: money(1), discount: { typeId: 'product-discount', key: 'no-such-discount' } }), 400, 'ReferencedResourceNotFound');
    await expectError(await attempt({ value: money(1, 'USD'), discount: { typeId: 'product-discount', id: external.id } }), 400, 'InvalidField');
    expect((await getProduct(shirt.id)).version).toBe(shirt.version);
  });
});

describe('over GraphQL', () => {
  it('a price shows its discounted value and the discount behind it; productDiscount and productDiscounts read them', async () => {
    const sku = `gql-${++keys}`;
    const shirt = await product([sku]);
    const discount = await newDiscount({ predicate: `sku = "${sku}" and currency = "EUR"`, value: { type: 'relative', permyriad: 1500 } });
    const external = await newDiscount({ value: { type: 'external' }, isActive: false });
    const PRICES = `masterData { current { masterVariant { prices { value { centAmount }
      discounted { value { centAmount currencyCode } discountRef { typeId id } discount { key predicate value { type ... on RelativeDiscountValue { permyriad } } } } } } } }`;
    const data = await gqlData<{ product: any }>(server, admin, `query ($id: String) { product(id: $id) { ${PRICES} } }`, { id: shirt.id });
    expect(data.product.masterData.current.masterVariant.prices[0]).toEqual({
      value: { centAmount: 1000 },
      discounted: {
        value: { centAmount: 850, currencyCode: 'EUR' },
        discountRef: { typeId: 'product-discount', id: discount.id },
        discount: { key: discount.key, predicate: discount.predicate, value: { type: 'relative', permyriad: 1500 } },
      },
    });
    expect(data.product.masterData.current.masterVariant.prices[1].discounted).toBeNull();
    const one = await gqlData<{ productDiscount: any }>(server, admin, `query ($key: String) { productDiscount(key: $key) { id isActive value { type } } }`, {
      key: external.key,
    });
    expect(one.productDiscount).toEqual({ id: external.id, isActive: false, value: { type: 'external' } });
    const page = await gqlData<{ productDiscounts: any }>(
      server,
      admin,
      `query ($where: String) { productDiscounts(where: $where) { total results { id } } }`,
      { where: `key in ("${discount.key}", "${external.key}")` },
    );
    expect(page.productDiscounts).toMatchObject({ total: 2 });
    // The discount is another resource: a token that reads products but not discounts is refused it.
    const catalogue = await clientToken(server, 'view_published_products:test');
    const error = await gqlError(server, catalogue, `query ($key: String) { productDiscount(key: $key) { id } }`, { key: discount.key });
    expect(error.extensions?.code).toBe('insufficient_scope');
  });
});
