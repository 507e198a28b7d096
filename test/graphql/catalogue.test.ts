import { parse, validate } from 'graphql';
import { buildGraphQLSchema } from '../../src/graphql/schema.js';
import { api, clientToken, customerToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createCustomer } from '../customers/support.js';
import { eur, ok, type ProductBody } from '../carts/support.js';
import { myScopes } from '../shopping-lists/support.js';
import { gql, gqlData, gqlError } from './support.js';

let server: TestServer;
let admin: string;
let lamp: ProductBody;
let chair: ProductBody;
let typeId: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_orders:test manage_shopping_lists:test manage_customers:test');
  const type = await ok<{ id: string }>(
    api(server, admin, '/test/product-types', { body: { key: 'furniture', name: 'Furniture', description: 'things to sit on' } }),
    201,
  );
  typeId = type.id;
  const product = (key: string, name: string, variants: unknown[]) =>
    ok<ProductBody>(
      api(server, admin, '/test/products', {
        body: {
          key,
          productType: { key: 'furniture' },
          name: { en: name, de: `${name} (de)` },
          slug: { en: key },
          masterVariant: variants[0],
          variants: variants.slice(1),
          publish: true,
        },
      }),
      201,
    );
  lamp = await product('gql-lamp', 'Lamp', [
    {
      sku: 'gql-lamp-white',
      key: 'lamp-white',
      prices: [{ value: eur(4900) }, { value: eur(4500), country: 'DE' }, { value: { currencyCode: 'USD', centAmount: 5500 } }],
      images: [{ url: 'https://img.example.com/lamp.png', dimensions: { w: 800, h: 600 }, label: 'front' }],
      attributes: [
        { name: 'color', value: 'white' },
        { name: 'watts', value: 40 },
      ],
    },
    { sku: 'gql-lamp-black', key: 'lamp-black', prices: [{ value: eur(5200), tiers: [{ minimumQuantity: 3, value: eur(5000) }] }] },
  ]);
  chair = await product('gql-chair', 'Chair', [{ sku: 'gql-chair', prices: [{ value: eur(9900) }] }]);
  // A staged change not yet published: current and staged differ.
  lamp = await ok<ProductBody>(
    api(server, admin, `/test/products/${lamp.id}`, { body: { version: lamp.version, actions: [{ action: 'changeName', name: { en: 'Desk lamp' } }] } }),
  );
});
afterAll(async () => {
  await server.close();
});

const PRODUCT = `id key version productTypeRef { typeId id } productType { key name } skus
  masterData {
    published hasStagedChanges
    current { name(locale: "en") nameDe: name(acceptLanguage: ["fr", "de"]) slug(locale: "en") skus
      masterVariant { id sku key prices { value { centAmount currencyCode } country } images { url label dimensions { width height } } attributesRaw(includeNames: ["color"]) { name value } }
      variants { id sku }
      allVariants(skus: ["gql-lamp-black"]) { id sku prices { value { centAmount } tiers { minimumQuantity value { centAmount } } } }
      variant(key: "lamp-black") { id }
    }
    staged { name(locale: "en") }
  }`;

describe('products and product types', () => {
  test('product(id | key | sku | variantKey) answers masterData current and staged, variants, prices, images and raw attributes', async () => {
    const byId = (await gqlData<{ product: any }>(server, admin, `query ($id: String) { product(id: $id) { ${PRODUCT} } }`, { id: lamp.id })).product;
    expect(byId).toMatchObject({
      id: lamp.id,
      key: 'gql-lamp',
      productTypeRef: { typeId: 'product-type', id: typeId },
      productType: { key: 'furniture', name: 'Furniture' },
      skus: ['gql-lamp-white', 'gql-lamp-black'],
      masterData: {
        published: true,
        hasStagedChanges: true,
        current: {
          name: 'Lamp',
          nameDe: 'Lamp (de)',
          slug: 'gql-lamp',
          skus: ['gql-lamp-white', 'gql-lamp-black'],
          masterVariant: {
            id: 1,
            sku: 'gql-lamp-white',
            key: 'lamp-white',
            prices: [
              { value: { centAmount: 4900, currencyCode: 'EUR' }, country: null },
              { value: { centAmount: 4500, currencyCode: 'EUR' }, country: 'DE' },
              { value: { centAmount: 5500, currencyCode: 'USD' }, country: null },
            ],
            images: [{ url: 'https://img.example.com/lamp.png', label: 'front', dimensions: { width: 800, height: 600 } }],
            attributesRaw: [{ name: 'color', value: 'white' }],
          },
          variants: [{ id: 2, sku: 'gql-lamp-black' }],
          allVariants: [
            { id: 2, sku: 'gql-lamp-black', prices: [{ value: { centAmount: 5200 }, tiers: [{ minimumQuantity: 3, value: { centAmount: 5000 } }] }] },
          ],
          variant: { id: 2 },
        },
        staged: { name: 'Desk lamp' },
      },
    });
    const ids = async (args: string) => (await gqlData<{ product: { id: string } | null }>(server, admin, `{ product(${args}) { id } }`)).product?.id ?? null;
    expect([
      await ids('key: "gql-lamp"'),
      await ids('sku: "gql-lamp-black"'),
      await ids('variantKey: "lamp-black"'),
      await ids('key: "nope"'),
      await ids('id: "nope"'),
    ]).toEqual([lamp.id, lamp.id, lamp.id, null, null]);
    expect((await gqlError(server, admin, '{ product(id: "a", key: "b") { id } }')).extensions.code).toBe('InvalidInput');
  });

  test('ProductVariant.price runs the price selection (currency, country, date)', async () => {
    const query = `query ($id: String, $country: Country, $date: DateTime) { product(id: $id) { masterData { current { masterVariant {
      eur: price(currency: "EUR", country: $country, date: $date) { value { centAmount } country }
      gbp: price(currency: "GBP") { id } } } } } }`;
    const price = async (variables: Record<string, unknown>) =>
      (await gqlData<{ product: any }>(server, admin, query, { id: lamp.id, ...variables })).product.masterData.current.masterVariant;
    expect(await price({ country: 'DE' })).toEqual({ eur: { value: { centAmount: 4500 }, country: 'DE' }, gbp: null });
    expect((await price({ country: 'FR', date: '2031-01-01T00:00:00.000Z' })).eur).toEqual({ value: { centAmount: 4900 }, country: null });
  });

  test('products(where, sort, limit, offset, skus) run on the query engine with the platform QueryResult', async () => {
    const PAGE =
      'query ($where: String, $sort: [String!], $limit: Int, $offset: Int, $skus: [String!]) { products(where: $where, sort: $sort, limit: $limit, offset: $offset, skus: $skus) { offset count total results { key } } }';
    const page = async (variables: Record<string, unknown>) => (await gqlData<{ products: any }>(server, admin, PAGE, variables)).products;
    expect(await page({ sort: ['key desc'], limit: 1, offset: 1 })).toEqual({ offset: 1, count: 1, total: 2, results: [{ key: 'gql-chair' }] });
    expect(await page({ where: 'masterData(current(masterVariant(sku = "gql-chair")))' })).toMatchObject({ total: 1, results: [{ key: 'gql-chair' }] });
    expect(await page({ skus: ['gql-lamp-black', 'nope'] })).toMatchObject({ total: 1, results: [{ key: 'gql-lamp' }] });
    expect((await page({ where: `key = "gql-chair"`, skus: ['gql-lamp-white'] })).total).toBe(0);
    expect((await gqlError(server, admin, '{ products(where: "nope = 1") { total } }')).extensions.code).toBe('InvalidInput');
    expect((await gqlError(server, admin, '{ products(limit: 501) { total } }')).extensions.code).toBe('InvalidInput');
  });

  test('productType(id | key) and productTypes', async () => {
    const data = await gqlData<{ productType: any; productTypes: any }>(
      server,
      admin,
      `{ productType(key: "furniture") { id key name description version } productTypes(where: "name = \\"Furniture\\"") { total results { id } } }`,
    );
    expect(data.productType).toEqual({ id: typeId, key: 'furniture', name: 'Furniture', description: 'things to sit on', version: 1 });
    expect(data.productTypes).toEqual({ total: 1, results: [{ id: typeId }] });
  });
});

describe('shopping lists and orders', () => {
  test('shoppingList(id | key), shoppingLists and a line item resolved to its product (variant, slug, product type)', async () => {
    const list = await ok<{ id: string }>(
      api(server, admin, '/test/shopping-lists', {
        body: {
          key: 'gql-list',
          name: { en: 'Home office' },
          slug: { en: 'home-office' },
          lineItems: [{ sku: 'gql-lamp-black', quantity: 2 }, { productId: chair.id }],
          textLineItems: [{ name: { en: 'cable ties' } }],
        },
      }),
      201,
    );
    const LIST = `id key name(locale: "en") slugAllLocales { locale value } lineItems { productId variantId quantity name(locale: "en") productSlug(locale: "en")
      productTypeRef { id } productType { name } published variant { sku } } textLineItems { name(locale: "en") quantity }`;
    const data = await gqlData<{ byId: any; byKey: any; shoppingLists: any }>(
      server,
      admin,
      `query ($id: String) { byId: shoppingList(id: $id) { ${LIST} } byKey: shoppingList(key: "gql-list") { id } shoppingLists(where: "key = \\"gql-list\\"") { offset count total results { id } } }`,
      { id: list.id },
    );
    expect(data.byId).toEqual({
      id: list.id,
      key: 'gql-list',
      name: 'Home office',
      slugAllLocales: [{ locale: 'en', value: 'home-office' }],
      lineItems: [
        {
          productId: lamp.id,
          variantId: 2,
          quantity: 2,
          name: 'Lamp',
          productSlug: 'gql-lamp',
          productTypeRef: { id: typeId },
          productType: { name: 'Furniture' },
          published: true,
          variant: { sku: 'gql-lamp-black' },
        },
        {
          productId: chair.id,
          variantId: null,
          quantity: 1,
          name: 'Chair',
          productSlug: 'gql-chair',
          productTypeRef: { id: typeId },
          productType: { name: 'Furniture' },
          published: true,
          variant: { sku: 'gql-chair' },
        },
      ],
      textLineItems: [{ name: 'cable ties', quantity: 1 }],
    });
    expect([data.byKey.id, data.shoppingLists]).toEqual([list.id, { offset: 0, count: 1, total: 1, results: [{ id: list.id }] }]);
    expect((await gqlData<{ shoppingList: unknown }>(server, admin, '{ shoppingList(id: "nope") { id } }')).shoppingList).toBeNull();
  });

  test("me.shoppingLists and me.shoppingList answer only the caller's lists; customer resolves for the owner", async () => {
    const email = 'gql-lists@example.com';
    const customer = await createCustomer(server, admin, { email, password: 'pw-123456' });
    const token = await customerToken(server, email, 'pw-123456', undefined, myScopes('test'));
    const mine = await ok<{ id: string }>(api(server, token, '/test/me/shopping-lists', { body: { name: { en: 'Mine' } } }), 201);
    const other = await ok<{ id: string }>(api(server, admin, '/test/shopping-lists', { body: { name: { en: 'Not mine' } } }), 201);
    const data = await gqlData<{ me: any }>(
      server,
      token,
      `query ($mine: String, $other: String) { me { shoppingLists { total results { id customer { email } customerRef { id } } } mine: shoppingList(id: $mine) { id } other: shoppingList(id: $other) { id } } }`,
      { mine: mine.id, other: other.id },
    );
    expect(data.me).toEqual({
      shoppingLists: { total: 1, results: [{ id: mine.id, customer: { email }, customerRef: { id: customer.id } }] },
      mine: { id: mine.id },
      other: null,
    });
  });

  test('order(id | orderNumber), orders and me.orders over the order service; an order links its cart', async () => {
    let cart = await ok<{ id: string; version: number }>(
      api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'gql-chair', quantity: 2 }] } }),
      201,
    );
    const order = await ok<{ id: string }>(
      api(server, admin, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version, orderNumber: 'gql-1001' } }),
      201,
    );
    const ORDER =
      'id orderNumber orderState origin taxMode totalPrice { centAmount } lineItems { quantity variant { sku } } cartRef { id } cart { id cartState }';
    const data = await gqlData<{ byId: any; byNumber: any; orders: any; none: unknown }>(
      server,
      admin,
      `query ($id: String) { byId: order(id: $id) { ${ORDER} } byNumber: order(orderNumber: "gql-1001") { id } none: order(orderNumber: "nope") { id } orders(where: "orderNumber = \\"gql-1001\\"") { total results { id } } }`,
      { id: order.id },
    );
    expect(data.byId).toEqual({
      id: order.id,
      orderNumber: 'gql-1001',
      orderState: 'Open',
      origin: 'Customer',
      taxMode: 'Platform',
      totalPrice: { centAmount: 19800 },
      lineItems: [{ quantity: 2, variant: { sku: 'gql-chair' } }],
      cartRef: { id: cart.id },
      cart: { id: cart.id, cartState: 'Ordered' },
    });
    expect([data.byNumber.id, data.none, data.orders]).toEqual([order.id, null, { total: 1, results: [{ id: order.id }] }]);
    expect((await gqlError(server, admin, '{ order { id } }')).extensions.code).toBe('InvalidInput');
    // Another caller's order is not in me.orders.
    const email = 'gql-orders@example.com';
    await createCustomer(server, admin, { email, password: 'pw-123456' });
    const token = await customerToken(server, email, 'pw-123456');
    cart = await ok(api(server, token, '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'gql-chair' }] } }), 201);
    const mine = await ok<{ id: string }>(api(server, token, '/test/me/orders', { body: { cart: { id: cart.id }, version: cart.version } }), 201);
    const me = await gqlData<{ me: any }>(server, token, `query ($other: String) { me { orders { total results { id } } order(id: $other) { id } } }`, {
      other: order.id,
    });
    expect(me.me).toEqual({ orders: { total: 1, results: [{ id: mine.id }] }, order: null });
  });

  test('carts gain the platform fields storefronts read (origin, taxMode, line item slug and product type)', async () => {
    const cart = await ok<{ id: string }>(
      api(server, admin, '/test/carts', { body: { currency: 'EUR', locale: 'de', lineItems: [{ sku: 'gql-lamp-white' }] } }),
      201,
    );
    const data = await gqlData<{ cart: any }>(
      server,
      admin,
      `query ($id: String!) { cart(id: $id) { origin taxMode locale lineItems { name(acceptLanguage: ["de"]) productSlug(locale: "en") productTypeRef { id } addedAt } } }`,
      { id: cart.id },
    );
    expect(data.cart).toEqual({
      origin: 'Customer',
      taxMode: 'Platform',
      locale: 'de',
      lineItems: [{ name: 'Lamp (de)', productSlug: 'gql-lamp', productTypeRef: { id: typeId }, addedAt: expect.any(String) }],
    });
  });
});

describe('scopes', () => {
  const refusal = async (token: string, document: string) => (await gqlError(server, token, document)).extensions.code;

  test('each query field needs its resource scope (manage_* implies view_*)', async () => {
    const ordersOnly = await clientToken(server, 'view_orders:test');
    for (const field of ['products', 'productTypes', 'shoppingLists'])
      expect([field, await refusal(ordersOnly, `{ ${field} { total } }`)]).toEqual([field, 'insufficient_scope']);
    for (const field of ['product(key: "gql-chair")', 'productType(key: "furniture")', 'shoppingList(key: "gql-list")']) {
      expect([field, await refusal(ordersOnly, `{ ${field} { id } }`)]).toEqual([field, 'insufficient_scope']);
    }
    expect(await gqlData(server, ordersOnly, '{ orders { total } }')).toEqual({ orders: { total: expect.any(Number) } });
    const managers = await clientToken(server, 'manage_shopping_lists:test manage_products:test');
    expect(await refusal(managers, '{ orders { total } }')).toBe('insufficient_scope');
    // A refused lookup is null with its error; the other fields of the document still answer.
    const { body } = await gql(server, managers, '{ order(id: "x") { id } product(key: "gql-chair") { id } shoppingLists { total } }');
    expect(body.errors?.map((e) => [e.path?.[0], e.extensions.code])).toEqual([['order', 'insufficient_scope']]);
    expect(body.data).toEqual({ order: null, product: { id: chair.id }, shoppingLists: { total: expect.any(Number) } });
  });

  test("me.shoppingLists needs manage_my_shopping_lists and me.orders manage_my_orders besides the token's manage_my_profile", async () => {
    const email = 'gql-profile-only@example.com';
    await createCustomer(server, admin, { email, password: 'pw-123456' });
    const token = await customerToken(server, email, 'pw-123456', undefined, 'manage_my_profile:test');
    expect(await refusal(token, '{ me { shoppingLists { total } } }')).toBe('insufficient_scope');
    expect(await refusal(token, '{ me { orders { total } } }')).toBe('insufficient_scope');
    const { body } = await gql(server, token, '{ me { customer { email } shoppingList(key: "x") { id } } }');
    expect([body.data, body.errors?.map((e) => e.path?.join('.'))]).toEqual([{ me: { customer: { email }, shoppingList: null } }, ['me.shoppingList']]);
  });
});

describe('storefront documents', () => {
  /** Shapes of the platform's documentation and sample storefronts; each validates unchanged and runs. */
  const DOCUMENTS: Record<string, string> = {
    productListing: `
      query ProductListing($where: String, $limit: Int, $offset: Int, $locale: Locale, $currency: Currency!, $country: Country) {
        products(where: $where, limit: $limit, offset: $offset, sort: ["createdAt desc"]) {
          offset count total
          results {
            id key
            masterData { current {
              name(locale: $locale) slug(locale: $locale)
              masterVariant { id sku images { url label } price(currency: $currency, country: $country) { value { ...Money } discounted: tiers { minimumQuantity } } }
              variants { id sku prices { value { ...Money } country } }
            } }
          }
        }
      }
      fragment Money on BaseMoney { type currencyCode centAmount fractionDigits ... on HighPrecisionMoney { preciseAmount } }`,
    productDetailByKey: `
      query ProductDetail($key: String!, $locale: Locale!, $acceptLanguage: [Locale!], $currency: Currency!) {
        product(key: $key) {
          id version key
          productType { id key name }
          masterData {
            current {
              name(locale: $locale, acceptLanguage: $acceptLanguage) description(locale: $locale) slug(locale: $locale)
              nameAllLocales { locale value }
              categoriesRef { id typeId }
              allVariants { id sku key
                images { url label dimensions { width height } }
                assets { id name(locale: $locale) sources { uri contentType } }
                prices { id value { centAmount currencyCode fractionDigits } country validFrom validUntil tiers { minimumQuantity value { centAmount } } }
                price(currency: $currency) { value { centAmount currencyCode } }
                attributesRaw { name value }
              }
            }
          }
        }
      }`,
    myWishlist: `
      query MyWishlist($locale: Locale) {
        me { shoppingLists(limit: 1, sort: ["lastModifiedAt desc"]) { results { id version name(locale: $locale)
          lineItems { id quantity productId variantId name(locale: $locale) productSlug(locale: $locale) addedAt variant { sku images { url } prices { value { centAmount currencyCode } } } }
          textLineItems { id name(locale: $locale) quantity } } } }
      }`,
    orderHistory: `
      query OrderHistory($limit: Int) {
        me { orders(limit: $limit, sort: ["createdAt desc"]) { total results { id orderNumber orderState createdAt totalPrice { centAmount currencyCode }
          lineItems { name(locale: "en") quantity totalPrice { centAmount } variant { sku } } } } }
      }`,
  };
  const schema = buildGraphQLSchema();

  test.each(Object.keys(DOCUMENTS))('%s validates against the schema', (name) => {
    expect(validate(schema, parse(DOCUMENTS[name]))).toEqual([]);
  });

  test('the listing and the detail page run and answer the catalogue', async () => {
    const listing = await gqlData<{ products: any }>(server, admin, DOCUMENTS.productListing, {
      where: 'key = "gql-lamp"',
      limit: 10,
      locale: 'en',
      currency: 'EUR',
      country: 'DE',
    });
    expect(listing.products.results[0].masterData.current).toMatchObject({
      name: 'Lamp',
      masterVariant: { sku: 'gql-lamp-white', price: { value: { centAmount: 4500, type: 'centPrecision' } } },
    });
    const detail = await gqlData<{ product: any }>(server, admin, DOCUMENTS.productDetailByKey, { key: 'gql-chair', locale: 'de', currency: 'EUR' });
    expect(detail.product.masterData.current).toMatchObject({
      name: 'Chair (de)',
      description: null,
      allVariants: [{ sku: 'gql-chair', price: { value: { centAmount: 9900 } } }],
    });
  });
});
