import { api, clientToken } from '../support/auth.js';
import { create, money, nextSortOrder } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { gql, gqlData, gqlError, type GraphQLBody } from './support.js';

/**
 * The catalogue resources that exist over HTTP are readable over GraphQL under the platform's names:
 * `x(id | key)` answers the resource or null, `xs(where, sort, limit, offset)` its QueryResult, each
 * with the scopes of the HTTP GET of that resource and only within the project of the endpoint.
 */
let server: TestServer;
let admin: string;
const ids: Record<string, string> = {};

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  const make = async (collection: string, draft: Record<string, unknown>) => (await create<{ id: string }>(server, admin, collection, draft)).id;

  ids.root = await make('categories', { key: 'gql-root', name: { en: 'Furniture', de: 'Möbel' }, slug: { en: 'furniture' }, orderHint: '0.1' });
  ids.child = await make('categories', {
    key: 'gql-child',
    name: { en: 'Chairs' },
    slug: { en: 'chairs' },
    parent: { typeId: 'category', key: 'gql-root' },
    orderHint: '0.2',
    metaTitle: { en: 'Sit down' },
  });
  ids.sibling = await make('categories', {
    key: 'gql-sibling',
    name: { en: 'Tables' },
    slug: { en: 'tables' },
    parent: { typeId: 'category', key: 'gql-root' },
    orderHint: '0.3',
  });

  ids.tax = await make('tax-categories', {
    key: 'gql-standard',
    name: 'standard',
    rates: [{ name: '19% DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
  });
  ids.reduced = await make('tax-categories', {
    key: 'gql-reduced',
    name: 'reduced',
    description: 'food',
    rates: [{ name: '7% DE', amount: 0.07, includedInPrice: true, country: 'DE' }],
  });

  ids.zone = await make('zones', { key: 'gql-de', name: 'Germany', locations: [{ country: 'DE' }] });
  ids.zoneUs = await make('zones', { key: 'gql-us', name: 'United States', description: 'lower 48', locations: [{ country: 'US', state: 'NY' }] });

  ids.channel = await make('channels', {
    key: 'gql-berlin',
    roles: ['InventorySupply', 'ProductDistribution'],
    name: { en: 'Berlin warehouse', de: 'Lager Berlin' },
    address: { country: 'DE', city: 'Berlin' },
    geoLocation: { type: 'Point', coordinates: [13.4, 52.5] },
  });
  ids.channelHamburg = await make('channels', { key: 'gql-hamburg', roles: ['InventorySupply'] });

  ids.shipping = await make('shipping-methods', {
    key: 'gql-standard-shipping',
    name: 'Standard',
    localizedDescription: { en: 'Three to five days' },
    taxCategory: { typeId: 'tax-category', key: 'gql-standard' },
    zoneRates: [{ zone: { typeId: 'zone', key: 'gql-de' }, shippingRates: [{ price: money(499), freeAbove: money(5000) }] }],
    isDefault: true,
  });
  ids.express = await make('shipping-methods', {
    key: 'gql-express',
    name: 'Express',
    taxCategory: { typeId: 'tax-category', key: 'gql-standard' },
    zoneRates: [],
    isDefault: false,
  });

  const discount = (key: string, more: Record<string, unknown>) =>
    make('cart-discounts', { key, name: { en: key }, cartPredicate: '1 = 1', sortOrder: nextSortOrder(), requiresDiscountCode: true, ...more });
  ids.discount = await discount('gql-ten-percent', { value: { type: 'relative', permyriad: 1000 }, target: { type: 'lineItems', predicate: 'sku = "shirt"' } });
  ids.discountShipping = await discount('gql-free-shipping', { value: { type: 'absolute', money: [money(499)] }, target: { type: 'shipping' } });

  ids.code = await make('discount-codes', {
    key: 'gql-save',
    code: 'SAVE10',
    name: { en: 'Save ten' },
    cartDiscounts: [{ typeId: 'cart-discount', key: 'gql-ten-percent' }],
    groups: ['spring'],
  });
  ids.codeShipping = await make('discount-codes', {
    key: 'gql-ship',
    code: 'SHIPFREE',
    cartDiscounts: [{ typeId: 'cart-discount', key: 'gql-free-shipping' }],
  });

  ids.object = await make('custom-objects', { container: 'gql-settings', key: 'theme', value: { color: 'teal', sizes: [1, 2] } });
  ids.objectFonts = await make('custom-objects', { container: 'gql-settings', key: 'fonts', value: 'serif' });
  ids.objectElsewhere = await make('custom-objects', { container: 'gql-other', key: 'theme', value: 1 });
});
afterAll(async () => {
  await server.close();
});

interface Resource {
  /** The lookup field and the query field. */
  lookup: string;
  query: string;
  /** The fixture read by id and by key, and what the query below must answer. */
  fixture: string;
  key: string;
  where: string;
  sort: string;
  expected: string[];
  /** A token with one scope the HTTP GET accepts, and one it does not. */
  scope: string;
}

const RESOURCES: Resource[] = [
  {
    lookup: 'category',
    query: 'categories',
    fixture: 'child',
    key: 'gql-child',
    where: 'parent(id is defined)',
    sort: 'orderHint desc',
    expected: ['gql-sibling', 'gql-child'],
    scope: 'view_categories',
  },
  {
    lookup: 'taxCategory',
    query: 'taxCategories',
    fixture: 'tax',
    key: 'gql-standard',
    where: 'key in ("gql-standard", "gql-reduced")',
    sort: 'name asc',
    expected: ['gql-reduced', 'gql-standard'],
    scope: 'view_tax_categories',
  },
  {
    lookup: 'zone',
    query: 'zones',
    fixture: 'zone',
    key: 'gql-de',
    where: 'locations(country = "DE" or country = "US")',
    sort: 'key desc',
    expected: ['gql-us', 'gql-de'],
    scope: 'view_zones',
  },
  {
    lookup: 'channel',
    query: 'channels',
    fixture: 'channel',
    key: 'gql-berlin',
    where: 'roles contains any ("InventorySupply")',
    sort: 'key desc',
    expected: ['gql-hamburg', 'gql-berlin'],
    scope: 'view_channels',
  },
  {
    lookup: 'shippingMethod',
    query: 'shippingMethods',
    fixture: 'shipping',
    key: 'gql-standard-shipping',
    where: 'name in ("Standard", "Express")',
    sort: 'name asc',
    expected: ['gql-express', 'gql-standard-shipping'],
    scope: 'view_shipping_methods',
  },
  {
    lookup: 'cartDiscount',
    query: 'cartDiscounts',
    fixture: 'discount',
    key: 'gql-ten-percent',
    where: 'requiresDiscountCode = true',
    sort: 'sortOrder desc',
    expected: ['gql-free-shipping', 'gql-ten-percent'],
    scope: 'view_cart_discounts',
  },
  {
    lookup: 'discountCode',
    query: 'discountCodes',
    fixture: 'code',
    key: 'gql-save',
    where: 'isActive = true',
    sort: 'code asc',
    expected: ['gql-save', 'gql-ship'],
    scope: 'view_discount_codes',
  },
];

const unrelated = () => clientToken(server, 'view_project_settings:test view_shopping_lists:test');

describe.each(RESOURCES)('$lookup and $query', ({ lookup, query, fixture, key, where, sort, expected, scope }) => {
  test('the lookup answers the resource by id and by key', async () => {
    const byId = await gqlData(server, admin, `query ($id: String) { ${lookup}(id: $id) { id key version createdAt lastModifiedAt } }`, { id: ids[fixture] });
    expect(byId[lookup]).toMatchObject({ id: ids[fixture], key, version: 1 });
    const byKey = await gqlData(server, admin, `query ($key: String) { ${lookup}(key: $key) { id key } }`, { key });
    expect(byKey[lookup]).toEqual({ id: ids[fixture], key });
  });

  test('the query takes where, sort, limit and offset as the HTTP query does', async () => {
    const page = `${query}(where: $where, sort: [$sort], limit: $limit, offset: $offset) { offset count total results { key } }`;
    const all = await gqlData(server, admin, `query ($where: String, $sort: String!, $limit: Int, $offset: Int) { ${page} }`, {
      where,
      sort,
      limit: 10,
      offset: 0,
    });
    expect(all[query]).toEqual({ offset: 0, count: expected.length, total: expected.length, results: expected.map((k) => ({ key: k })) });
    const second = await gqlData(server, admin, `query ($where: String, $sort: String!, $limit: Int, $offset: Int) { ${page} }`, {
      where,
      sort,
      limit: 1,
      offset: 1,
    });
    expect(second[query]).toEqual({ offset: 1, count: 1, total: expected.length, results: [{ key: expected[1] }] });
  });

  test('an unknown id or key answers null; neither or both is InvalidInput', async () => {
    expect(await gqlData(server, admin, `{ byId: ${lookup}(id: "no-such-id") { id } byKey: ${lookup}(key: "no-such-key") { id } }`)).toEqual({
      byId: null,
      byKey: null,
    });
    const both = await gqlError(server, admin, `{ ${lookup}(id: "a", key: "b") { id } }`);
    expect(both.extensions.code).toBe('InvalidInput');
  });

  test('a malformed where is InvalidInput, never a 500', async () => {
    const error = await gqlError(server, admin, `{ ${query}(where: "key = = 1") { total } }`);
    expect(error.extensions.code).toBe('InvalidInput');
  });

  test(`needs the scopes of the HTTP GET (${scope}); a refused field leaves the others resolved`, async () => {
    const token = await unrelated();
    const { status, body } = await gql(server, token, `{ ${lookup}(id: "${ids[fixture]}") { id } project { key } }`);
    expect(status).toBe(200);
    expect(body.data).toEqual({ [lookup]: null, project: { key: 'test' } });
    expect(body.errors?.map((e) => [e.path, e.extensions.code])).toEqual([[[lookup], 'insufficient_scope']]);
    expect(body.errors![0].message).toContain(`${scope}:test`);
    // The query result is non-null (as in the platform's schema): refused, it nulls the whole answer.
    const refused = await gqlError(server, token, `{ ${query} { total } }`);
    expect([refused.path, refused.extensions.code, refused.data]).toEqual([[query], 'insufficient_scope', null]);
    const allowed = await gqlData(server, await clientToken(server, `${scope}:test`), `{ ${lookup}(id: "${ids[fixture]}") { id } ${query} { total } }`);
    expect(allowed).toEqual({ [lookup]: { id: ids[fixture] }, [query]: { total: expected.length + (lookup === 'category' ? 1 : 0) } });
  });

  test("another project's resource is not visible", async () => {
    const answer = await otherProject(`{ ${lookup}(id: "${ids[fixture]}") { id } byKey: ${lookup}(key: "${key}") { id } ${query} { total } }`);
    expect(answer).toEqual({ data: { [lookup]: null, byKey: null, [query]: { total: 0 } } });
  });
});

let otherToken: string | undefined;
async function otherProject(query: string): Promise<GraphQLBody> {
  if (!otherToken) {
    await server.app.services.projects.create({ key: 'other-shop' });
    otherToken = await clientToken(server, 'manage_project:other-shop', 'other-shop');
  }
  const res = await api(server, otherToken, '/other-shop/graphql', { body: { query } });
  return (await res.json()) as GraphQLBody;
}

describe('what each resource answers', () => {
  test('a category: localized fields, its parent and ancestors, its children by orderHint', async () => {
    const data = await gqlData(
      server,
      admin,
      `query ($id: String) { category(id: $id) {
        name(locale: "en") nameAllLocales { locale value } slug(acceptLanguage: ["fr", "en"]) metaTitle(locale: "en") orderHint
        parentRef { typeId id } parent { key name(locale: "de") childCount children { key } }
        ancestorsRef { id } ancestors { key } childCount children { key } assets { id }
      } }`,
      { id: ids.child },
    );
    expect(data.category).toEqual({
      name: 'Chairs',
      nameAllLocales: [{ locale: 'en', value: 'Chairs' }],
      slug: 'chairs',
      metaTitle: 'Sit down',
      orderHint: '0.2',
      parentRef: { typeId: 'category', id: ids.root },
      parent: { key: 'gql-root', name: 'Möbel', childCount: 2, children: [{ key: 'gql-child' }, { key: 'gql-sibling' }] },
      ancestorsRef: [{ id: ids.root }],
      ancestors: [{ key: 'gql-root' }],
      childCount: 0,
      children: [],
      assets: [],
    });
  });

  test('a tax category its rates; a zone its locations', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ taxCategory(key: "gql-reduced") { name description rates { id name amount includedInPrice country state subRates { name } } }
         zone(key: "gql-us") { name description locations { country state } } }`,
    );
    expect(data.taxCategory).toEqual({
      name: 'reduced',
      description: 'food',
      rates: [{ id: expect.any(String), name: '7% DE', amount: 0.07, includedInPrice: true, country: 'DE', state: null, subRates: [] }],
    });
    expect(data.zone).toEqual({ name: 'United States', description: 'lower 48', locations: [{ country: 'US', state: 'NY' }] });
  });

  test('a channel: roles, localized name, address and geo location', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ channel(key: "gql-berlin") { key roles name(locale: "de") descriptionAllLocales { locale } address { country city } geoLocation { type ... on Point { coordinates } } custom { typeRef { id } } } }`,
    );
    expect(data.channel).toEqual({
      key: 'gql-berlin',
      roles: ['InventorySupply', 'ProductDistribution'],
      name: 'Lager Berlin',
      descriptionAllLocales: null,
      address: { country: 'DE', city: 'Berlin' },
      geoLocation: { type: 'Point', coordinates: [13.4, 52.5] },
      custom: null,
    });
  });

  test('a shipping method: its tax category and zone rates, as references and as resources', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ shippingMethod(key: "gql-standard-shipping") {
        name localizedDescription(locale: "en") isDefault active predicate taxCategoryRef { typeId id } taxCategory { key }
        zoneRates { zoneRef { typeId id } zone { key } shippingRates { price { centAmount currencyCode } freeAbove { centAmount } tiers { type } } }
      } }`,
    );
    expect(data.shippingMethod).toEqual({
      name: 'Standard',
      localizedDescription: 'Three to five days',
      isDefault: true,
      active: true,
      predicate: null,
      taxCategoryRef: { typeId: 'tax-category', id: ids.tax },
      taxCategory: { key: 'gql-standard' },
      zoneRates: [
        {
          zoneRef: { typeId: 'zone', id: ids.zone },
          zone: { key: 'gql-de' },
          shippingRates: [{ price: { centAmount: 499, currencyCode: 'EUR' }, freeAbove: { centAmount: 5000 }, tiers: [] }],
        },
      ],
    });
  });

  test("a shipping method's tax category and zones need their own view scope", async () => {
    const token = await clientToken(server, 'view_shipping_methods:test');
    const { body } = await gql(server, token, '{ shippingMethod(key: "gql-standard-shipping") { name taxCategory { key } zoneRates { zone { key } } } }');
    expect(body.data).toEqual({ shippingMethod: { name: 'Standard', taxCategory: null, zoneRates: [{ zone: null }] } });
    expect(body.errors?.map((e) => [e.path, e.extensions.code])).toEqual([
      [['shippingMethod', 'taxCategory'], 'insufficient_scope'],
      [['shippingMethod', 'zoneRates', 0, 'zone'], 'insufficient_scope'],
    ]);
  });

  test('a cart discount: its value and target typed as the platform types them', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ percent: cartDiscount(key: "gql-ten-percent") { ...discount } shipping: cartDiscount(key: "gql-free-shipping") { ...discount } }
       fragment discount on CartDiscount {
         name(locale: "en") cartPredicate stackingMode isActive requiresDiscountCode referenceRefs { id } validFrom
         value { type ... on RelativeDiscountValue { permyriad } ... on AbsoluteDiscountValue { money { centAmount currencyCode } } }
         target { type ... on LineItemsTarget { predicate } }
       }`,
    );
    expect(data.percent).toEqual({
      name: 'gql-ten-percent',
      cartPredicate: '1 = 1',
      stackingMode: 'Stacking',
      isActive: true,
      requiresDiscountCode: true,
      referenceRefs: [],
      validFrom: null,
      value: { type: 'relative', permyriad: 1000 },
      target: { type: 'lineItems', predicate: 'sku = "shirt"' },
    });
    expect(data.shipping).toMatchObject({ value: { type: 'absolute', money: [{ centAmount: 499, currencyCode: 'EUR' }] }, target: { type: 'shipping' } });
  });

  test("a discount code: its cart discounts as references and as resources (with the cart discounts' view scope)", async () => {
    const query =
      '{ discountCode(key: "gql-save") { code name(locale: "en") groups isActive maxApplications cartDiscountRefs { typeId id } cartDiscounts { key } } }';
    expect((await gqlData(server, admin, query)).discountCode).toEqual({
      code: 'SAVE10',
      name: 'Save ten',
      groups: ['spring'],
      isActive: true,
      maxApplications: null,
      cartDiscountRefs: [{ typeId: 'cart-discount', id: ids.discount }],
      cartDiscounts: [{ key: 'gql-ten-percent' }],
    });
    const { body } = await gql(server, await clientToken(server, 'view_discount_codes:test'), query);
    expect(body.data?.discountCode).toBeNull();
    expect(body.errors?.map((e) => [e.path, e.extensions.code])).toEqual([[['discountCode', 'cartDiscounts'], 'insufficient_scope']]);
  });
});

describe('customObject and customObjects', () => {
  const OBJECT = 'id container key value version';

  test('customObject answers the object by id, or by container and key', async () => {
    const byId = await gqlData(server, admin, `query ($id: String) { customObject(id: $id) { ${OBJECT} } }`, { id: ids.object });
    expect(byId.customObject).toEqual({ id: ids.object, container: 'gql-settings', key: 'theme', value: { color: 'teal', sizes: [1, 2] }, version: 1 });
    const byKey = await gqlData(server, admin, '{ customObject(container: "gql-other", key: "theme") { id value } }');
    expect(byKey.customObject).toEqual({ id: ids.objectElsewhere, value: 1 });
    expect(
      await gqlData(server, admin, '{ a: customObject(container: "gql-settings", key: "nothing") { id } b: customObject(id: "no-such-id") { id } }'),
    ).toEqual({ a: null, b: null });
  });

  test('customObject needs exactly id, or key with container', async () => {
    for (const args of ['key: "theme"', 'container: "gql-settings"', 'id: "x", key: "theme", container: "gql-settings"']) {
      expect([args, (await gqlError(server, admin, `{ customObject(${args}) { id } }`)).extensions.code]).toEqual([args, 'InvalidInput']);
    }
  });

  test('customObjects queries one container with where, sort, limit and offset', async () => {
    const data = await gqlData(
      server,
      admin,
      '{ customObjects(container: "gql-settings", sort: ["key asc"], limit: 1, offset: 1) { offset count total results { key } } all: customObjects(container: "gql-settings", where: "key = \\"theme\\"") { results { id } } }',
    );
    expect(data.customObjects).toEqual({ offset: 1, count: 1, total: 2, results: [{ key: 'theme' }] });
    expect(data.all).toEqual({ results: [{ id: ids.object }] });
  });

  test('needs a scope the HTTP read accepts (view_key_value_documents, view_products, view_orders, view_customers)', async () => {
    const token = await unrelated();
    const { body } = await gql(server, token, `{ customObject(id: "${ids.object}") { id } project { key } }`);
    expect(body.data).toEqual({ customObject: null, project: { key: 'test' } });
    expect(body.errors?.map((e) => [e.path, e.extensions.code])).toEqual([[['customObject'], 'insufficient_scope']]);
    const refused = await gqlError(server, token, '{ customObjects(container: "gql-settings") { total } }');
    expect([refused.path, refused.extensions.code]).toEqual([['customObjects'], 'insufficient_scope']);
    for (const scope of ['view_key_value_documents', 'view_products', 'view_orders', 'view_customers']) {
      const data = await gqlData(
        server,
        await clientToken(server, `${scope}:test`),
        `{ customObject(id: "${ids.object}") { key } customObjects(container: "gql-settings") { total } }`,
      );
      expect([scope, data]).toEqual([scope, { customObject: { key: 'theme' }, customObjects: { total: 2 } }]);
    }
  });

  test("another project's objects are not visible", async () => {
    const answer = await otherProject(
      `{ customObject(id: "${ids.object}") { id } byKey: customObject(container: "gql-settings", key: "theme") { id } customObjects(container: "gql-settings") { total } }`,
    );
    expect(answer).toEqual({ data: { customObject: null, byKey: null, customObjects: { total: 0 } } });
  });
});
