import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, money, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Rate {
  price: ReturnType<typeof cents>;
  freeAbove?: ReturnType<typeof cents>;
  isMatching?: boolean;
  tiers: unknown[];
}
interface ShippingMethod extends Resource {
  name: string;
  active: boolean;
  isDefault: boolean;
  predicate?: string;
  taxCategory: { typeId: string; id: string; obj?: Resource };
  zoneRates: { zone: { typeId: string; id: string }; shippingRates: Rate[] }[];
}

let server: TestServer;
let manager: string;
let germany: Resource;
let usa: Resource;
let taxCategory: Resource;
let keys = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_shipping_methods:test manage_zones:test manage_tax_categories:test manage_orders:test');
  germany = await create(server, manager, 'zones', { key: 'de', name: 'Germany', locations: [{ country: 'DE' }] });
  usa = await create(server, manager, 'zones', { key: 'us', name: 'USA', locations: [{ country: 'US' }] });
  taxCategory = await create(server, manager, 'tax-categories', {
    key: 'shipping-tax',
    name: 'shipping',
    rates: [{ name: 'DE', amount: 0.19, includedInPrice: true, country: 'DE' }],
  });
});
afterAll(async () => {
  await server.close();
});

function draft(more: Record<string, unknown> = {}) {
  return {
    key: `method-${++keys}`,
    name: `Method ${keys}`,
    isDefault: false,
    taxCategory: { typeId: 'tax-category', key: 'shipping-tax' },
    zoneRates: [{ zone: { typeId: 'zone', key: 'de' }, shippingRates: [{ price: money(499), freeAbove: money(5000) }, { price: money(599, 'USD') }] }],
    ...more,
  };
}
const newMethod = (more: Record<string, unknown> = {}) => create<ShippingMethod>(server, manager, 'shipping-methods', draft(more));

describe('create', () => {
  it('answers 201 with references by id, rates in cent precision, active by default', async () => {
    const method = await newMethod({ localizedName: { en: 'Standard' }, predicate: 'country = "DE"', description: 'Two to three days' });
    expect(method).toMatchObject({
      description: 'Two to three days',
      version: 1,
      active: true,
      isDefault: false,
      predicate: 'country = "DE"',
      localizedName: { en: 'Standard' },
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
      zoneRates: [
        {
          zone: { typeId: 'zone', id: germany.id },
          shippingRates: [
            { price: cents(499), freeAbove: cents(5000), tiers: [] },
            { price: cents(599, 'USD'), tiers: [] },
          ],
        },
      ],
    });
  });

  it.each([
    ['an unknown tax category', { taxCategory: { key: 'nope' } }, 'ReferencedResourceNotFound', { typeId: 'tax-category', key: 'nope' }],
    ['an unknown zone', { zoneRates: [{ zone: { id: 'nope' }, shippingRates: [] }] }, 'ReferencedResourceNotFound', { typeId: 'zone', id: 'nope' }],
    [
      'two rates in one currency for a zone',
      { zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: money(1) }, { price: money(2) }] }] },
      'InvalidOperation',
      {},
    ],
    [
      'a zone twice',
      {
        zoneRates: [
          { zone: { key: 'de' }, shippingRates: [] },
          { zone: { key: 'de' }, shippingRates: [] },
        ],
      },
      'InvalidOperation',
      {},
    ],
    [
      'freeAbove in another currency',
      { zoneRates: [{ zone: { key: 'de' }, shippingRates: [{ price: money(1), freeAbove: money(2, 'USD') }] }] },
      'InvalidField',
      {},
    ],
    ['a malformed predicate', { predicate: 'country = ' }, 'InvalidInput', {}],
    ['a predicate on an unknown field', { predicate: 'colour = "red"' }, 'InvalidInput', {}],
    [
      'a high precision price',
      {
        zoneRates: [
          { zone: { key: 'de' }, shippingRates: [{ price: { type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 4990, fractionDigits: 3 } }] },
        ],
      },
      'InvalidField',
      {},
    ],
  ])('%s is 400 %s', async (_what, change, code, fields) => {
    await expectError(await api(server, manager, '/test/shipping-methods', { body: draft(change) }), 400, code, fields);
  });

  it('isDefault is required, and only one method of a project can be the default', async () => {
    const { isDefault: _omitted, ...withoutDefault } = draft();
    await expectError(await api(server, manager, '/test/shipping-methods', { body: withoutDefault }), 400, 'RequiredField', { field: 'isDefault' });
    const first = await newMethod({ isDefault: true });
    await expectError(await api(server, manager, '/test/shipping-methods', { body: draft({ isDefault: true }) }), 400, 'DuplicateField', {
      field: 'isDefault',
    });
    await updated(server, manager, 'shipping-methods', first, [{ action: 'changeIsDefault', isDefault: false }]);
    expect((await newMethod({ isDefault: true })).isDefault).toBe(true);
  });
});

describe('update actions', () => {
  it('zones and rates: addZone, addShippingRate, removeShippingRate, removeZone', async () => {
    const method = await newMethod();
    const withUs = await updated<ShippingMethod>(server, manager, 'shipping-methods', method, [
      { action: 'addZone', zone: { typeId: 'zone', key: 'us' } },
      { action: 'addShippingRate', zone: { key: 'us' }, shippingRate: { price: money(999, 'USD') } },
      { action: 'removeShippingRate', zone: { key: 'de' }, shippingRate: { price: money(599, 'USD') } },
    ]);
    expect(withUs.zoneRates).toEqual([
      { zone: { typeId: 'zone', id: germany.id }, shippingRates: [{ price: cents(499), freeAbove: cents(5000), tiers: [] }] },
      { zone: { typeId: 'zone', id: usa.id }, shippingRates: [{ price: cents(999, 'USD'), tiers: [] }] },
    ]);
    const without = await updated<ShippingMethod>(server, manager, 'shipping-methods', withUs, [{ action: 'removeZone', zone: { id: germany.id } }]);
    expect(without.zoneRates.map((z) => z.zone.id)).toEqual([usa.id]);
  });

  it('a second rate in a currency, or a rate of a zone the method lacks, is 400 InvalidOperation', async () => {
    const method = await newMethod();
    await expectError(
      await update(server, manager, 'shipping-methods', method.id, 1, [{ action: 'addShippingRate', zone: { key: 'de' }, shippingRate: { price: money(1) } }]),
      400,
      'InvalidOperation',
    );
    await expectError(
      await update(server, manager, 'shipping-methods', method.id, 1, [
        { action: 'addShippingRate', zone: { key: 'us' }, shippingRate: { price: money(1, 'USD') } },
      ]),
      400,
      'InvalidOperation',
    );
  });

  it('changeName, changeActive, changeTaxCategory, setKey, setLocalizedName/Description, setPredicate', async () => {
    const method = await newMethod();
    const other = await create(server, manager, 'tax-categories', { name: 'other' });
    const next = await updated<ShippingMethod>(server, manager, 'shipping-methods', method, [
      { action: 'changeName', name: 'Express' },
      { action: 'changeActive', active: false },
      { action: 'changeTaxCategory', taxCategory: { id: other.id } },
      { action: 'setKey', key: 'express' },
      { action: 'setLocalizedName', localizedName: { de: 'Express' } },
      { action: 'setLocalizedDescription', localizedDescription: { de: 'schnell' } },
      { action: 'setDescription', description: 'fast' },
      { action: 'setPredicate', predicate: 'totalPrice > "10.00 EUR"' },
    ]);
    expect(next).toMatchObject({
      name: 'Express',
      active: false,
      key: 'express',
      localizedName: { de: 'Express' },
      localizedDescription: { de: 'schnell' },
      description: 'fast',
      predicate: 'totalPrice > "10.00 EUR"',
      taxCategory: { id: other.id },
    });
    const cleared = await updated<ShippingMethod>(server, manager, 'shipping-methods', next, [{ action: 'setPredicate' }, { action: 'setLocalizedName' }]);
    expect(cleared.predicate).toBeUndefined();
    expect(cleared.localizedName).toBeUndefined();
    await expectError(
      await update(server, manager, 'shipping-methods', cleared.id, cleared.version, [{ action: 'setPredicate', predicate: 'lineItemExists(' }]),
      400,
      'InvalidInput',
    );
  });
});

describe('query and expansion', () => {
  it('where by zone, expand the tax category', async () => {
    const method = await newMethod({ zoneRates: [{ zone: { key: 'us' }, shippingRates: [{ price: money(100, 'USD') }] }], name: 'US only' });
    const where = encodeURIComponent(`zoneRates(zone(id = "${usa.id}"))`);
    const page = (await (await api(server, manager, `/test/shipping-methods?where=${where}&expand=taxCategory`)).json()) as { results: ShippingMethod[] };
    expect(page.results.map((m) => m.id)).toContain(method.id);
    expect(page.results.find((m) => m.id === method.id)!.taxCategory.obj).toMatchObject({ key: 'shipping-tax' });
  });
});

describe('matching-cart', () => {
  let cartToken: string;
  beforeAll(async () => {
    cartToken = await clientToken(server, 'manage_orders:test view_shipping_methods:test');
  });

  it('lists the active methods shipping to the cart address in its currency, narrowed to the matching rate, the default first', async () => {
    const zone = await create(server, manager, 'zones', { name: 'Austria', locations: [{ country: 'AT' }] });
    const rates = (price: number) => [{ zone: { id: zone.id }, shippingRates: [{ price: money(price) }, { price: money(price + 1, 'USD') }] }];
    const plain = await newMethod({ zoneRates: rates(300) });
    const fallback = await (async () => {
      const all = (await (await api(server, manager, `/test/shipping-methods?where=isDefault%20%3D%20true`)).json()) as { results: ShippingMethod[] };
      for (const m of all.results) await updated(server, manager, 'shipping-methods', m, [{ action: 'changeIsDefault', isDefault: false }]);
      return newMethod({ zoneRates: rates(500), isDefault: true });
    })();
    await newMethod({ zoneRates: rates(100), active: false });
    await newMethod({ zoneRates: rates(200), predicate: 'totalPrice > "1000.00 EUR"' });
    const cart = await create(server, cartToken, 'carts', { currency: 'EUR', shippingAddress: { country: 'AT' } });
    const res = await api(server, cartToken, `/test/shipping-methods/matching-cart?cartId=${cart.id}`);
    expect(res.status).toBe(200);
    const page = (await res.json()) as { count: number; results: ShippingMethod[] };
    expect(page.results.map((m) => m.id)).toEqual([fallback.id, plain.id]);
    expect(page.results[1].zoneRates).toEqual([{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: cents(300), tiers: [], isMatching: true }] }]);
    expect((await api(server, cartToken, `/test/shipping-methods/matching-cart?cartId=${cart.id}`, { method: 'HEAD' })).status).toBe(200);
  });

  it('a cart without a shipping address is 400 InvalidOperation; an unknown cart 400 ReferencedResourceNotFound', async () => {
    const cart = await create(server, cartToken, 'carts', { currency: 'EUR' });
    await expectError(await api(server, cartToken, `/test/shipping-methods/matching-cart?cartId=${cart.id}`), 400, 'InvalidOperation');
    await expectError(await api(server, cartToken, '/test/shipping-methods/matching-cart?cartId=nope'), 400, 'ReferencedResourceNotFound', { typeId: 'cart' });
    await expectError(await api(server, cartToken, '/test/shipping-methods/matching-cart'), 400, 'InvalidInput');
  });

  it("in a store: only a cart of the store (another's, or one of no store, is 400 ReferencedResourceNotFound)", async () => {
    const storeKey = 'matching-store';
    await expect(create(server, await clientToken(server, 'manage_stores:test'), 'stores', { key: storeKey })).resolves.toBeDefined();
    const zone = await create(server, manager, 'zones', { name: 'Belgium', locations: [{ country: 'BE' }] });
    const method = await newMethod({ zoneRates: [{ zone: { id: zone.id }, shippingRates: [{ price: money(700) }] }] });
    const local = await create(server, cartToken, 'carts', { currency: 'EUR', shippingAddress: { country: 'BE' }, store: { key: storeKey } });
    const global = await create(server, cartToken, 'carts', { currency: 'EUR', shippingAddress: { country: 'BE' } });
    const path = (cartId: string) => `/test/in-store/key=${storeKey}/shipping-methods/matching-cart?cartId=${cartId}`;
    const page = (await (await api(server, cartToken, path(local.id))).json()) as { results: ShippingMethod[] };
    expect(page.results.map((m) => m.id)).toContain(method.id);
    expect((await api(server, cartToken, path(local.id), { method: 'HEAD' })).status).toBe(200);
    await expectError(await api(server, cartToken, path(global.id)), 400, 'ReferencedResourceNotFound', { typeId: 'cart' });
  });
});

describe('matching-location and matching-cart-location', () => {
  it('matches by location: with a currency only methods with a rate in it (marked isMatching); with a cart, its currency and predicates', async () => {
    const token = await clientToken(server, 'manage_orders:test view_shipping_methods:test');
    const zone = await create(server, manager, 'zones', { name: 'Luxembourg', locations: [{ country: 'LU' }, { country: 'IT', state: 'Sicily' }] });
    const both = await newMethod({ zoneRates: [{ zone: { id: zone.id }, shippingRates: [{ price: money(500) }, { price: money(600, 'USD') }] }] });
    const euroOnly = await newMethod({ zoneRates: [{ zone: { id: zone.id }, shippingRates: [{ price: money(400) }] }] });
    const bigCarts = await newMethod({
      zoneRates: [{ zone: { id: zone.id }, shippingRates: [{ price: money(100) }] }],
      predicate: 'totalPrice > "1000.00 EUR"',
    });
    const ids = async (path: string) => ((await (await api(server, token, path)).json()) as { results: ShippingMethod[] }).results.map((m) => m.id);

    expect((await ids('/test/shipping-methods/matching-location?country=LU')).sort()).toEqual([both.id, euroOnly.id, bigCarts.id].sort());
    expect(await ids('/test/shipping-methods/matching-location?country=LU&currency=USD')).toEqual([both.id]);
    const usd = ((await (await api(server, token, '/test/shipping-methods/matching-location?country=LU&currency=USD')).json()) as { results: ShippingMethod[] })
      .results[0];
    expect(usd.zoneRates).toEqual([{ zone: { typeId: 'zone', id: zone.id }, shippingRates: [{ price: cents(600, 'USD'), tiers: [], isMatching: true }] }]);
    // A zone location with a state matches that state only.
    expect(await ids('/test/shipping-methods/matching-location?country=IT&state=Sicily&currency=USD')).toEqual([both.id]);
    expect((await api(server, token, '/test/shipping-methods/matching-location?country=IT&currency=USD', { method: 'HEAD' })).status).toBe(404);
    await expectError(await api(server, token, '/test/shipping-methods/matching-location'), 400, 'InvalidInput');

    // A small EUR cart without an address: the location decides the zone, the cart the currency and the predicates.
    const cart = await create(server, token, 'carts', { currency: 'EUR' });
    expect((await ids(`/test/shipping-methods/matching-cart-location?cartId=${cart.id}&country=LU`)).sort()).toEqual([both.id, euroOnly.id].sort());
    expect((await api(server, token, `/test/shipping-methods/matching-cart-location?cartId=${cart.id}&country=FR`, { method: 'HEAD' })).status).toBe(404);
    await expectError(await api(server, token, '/test/shipping-methods/matching-cart-location?cartId=nope&country=LU'), 400, 'ReferencedResourceNotFound', {
      typeId: 'cart',
    });
  });
});

describe('scopes', () => {
  it('view_shipping_methods and manage_my_orders read; view_orders cannot write', async () => {
    const method = await newMethod();
    for (const scope of ['view_shipping_methods:test', 'view_orders:test', 'manage_my_orders:test']) {
      expect((await api(server, await clientToken(server, scope), `/test/shipping-methods/${method.id}`)).status).toBe(200);
    }
    await expectError(await api(server, await clientToken(server, 'view_orders:test'), '/test/shipping-methods', { body: draft() }), 403, 'insufficient_scope');
  });
});
