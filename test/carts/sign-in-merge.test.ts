import { api, clientToken, customerToken } from '../support/auth.js';
import { gqlData, gqlError } from '../graphql/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct, type CartBody, type ProductBody } from './support.js';

/**
 * The spec's "States and transitions" rows for carts and its merge rules, each a row of a table
 * run against the real server: an anonymous visitor's cart, a customer who may have a cart, a
 * sign-in (GraphQL customerSignIn / customerSignMeIn / sign-up), and what the carts are afterwards.
 */
let server: TestServer;
let admin: string;
let a: ProductBody;
let c: ProductBody;
let emails = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_orders:test manage_customers:test');
  a = await publishedProduct(server, admin, 'pa', [{ sku: 'a', prices: [{ value: eur(100) }, { value: { currencyCode: 'USD', centAmount: 120 } }] }]);
  await publishedProduct(server, admin, 'pb', [{ sku: 'b', prices: [{ value: eur(200) }] }]);
  c = await publishedProduct(server, admin, 'pc', [{ sku: 'c', prices: [{ value: eur(300) }] }]);
});
afterAll(async () => {
  await server.close();
});

interface Line {
  sku: string;
  quantity: number;
  ship?: { addressKey: string; quantity: number }[];
}
interface CartSetup {
  currency?: string;
  lines: Line[];
  addresses?: { key: string; country: string; city?: string }[];
  custom?: { slug: string; quantity: number }[];
}

const SIGN_IN = `mutation ($draft: CustomerSignInDraft!) { customerSignIn(draft: $draft) { customer { id } cart { id version } } }`;
const SIGN_ME_IN = `mutation ($draft: CustomerSignMeInDraft!) { customerSignMeIn(draft: $draft) { customer { id } cart { id version } } }`;
const SIGN_ME_UP = `mutation ($draft: CustomerSignMeUpDraft!) { customerSignMeUp(draft: $draft) { customer { id } cart { id version } } }`;

function draftOf(setup: CartSetup) {
  return {
    currency: setup.currency ?? 'EUR',
    itemShippingAddresses: setup.addresses ?? [],
    lineItems: setup.lines.map((l) => ({ sku: l.sku, quantity: l.quantity, ...(l.ship ? { shippingDetails: { targets: l.ship } } : {}) })),
  };
}

/** A customer (password pw-123456), with a cart made through its own token when `cart` is given. */
async function customerWith(cart?: CartSetup): Promise<{ email: string; token: string; cart?: CartBody }> {
  const email = `merge-${++emails}@example.com`;
  await ok(api(server, admin, '/test/customers', { body: { email, password: 'pw-123456' } }), 201);
  const token = await customerToken(server, email, 'pw-123456');
  if (!cart) return { email, token };
  let created = await ok<CartBody>(api(server, token, '/test/me/carts', { body: draftOf(cart) }), 201);
  for (const item of cart.custom ?? []) {
    created = await ok<CartBody>(
      api(server, admin, `/test/carts/${created.id}`, {
        body: {
          version: created.version,
          actions: [{ action: 'addCustomLineItem', name: { en: item.slug }, slug: item.slug, money: eur(10), quantity: item.quantity }],
        },
      }),
    );
  }
  return { email, token, cart: created };
}

/** An anonymous session with a cart; with `storeKey`, a cart of that store (the in-store /me endpoint). */
async function anonymousWith(setup: CartSetup, storeKey?: string) {
  const session = await anonymousSession(server);
  let cart = await ok<CartBody>(
    api(server, session.token, storeKey ? `/test/in-store/key=${storeKey}/me/carts` : '/test/me/carts', { body: draftOf(setup) }),
    201,
  );
  for (const item of setup.custom ?? []) {
    cart = await ok<CartBody>(
      api(server, admin, `/test/carts/${cart.id}`, {
        body: {
          version: cart.version,
          actions: [{ action: 'addCustomLineItem', name: { en: item.slug }, slug: item.slug, money: eur(10), quantity: item.quantity }],
        },
      }),
    );
  }
  return { ...session, cart };
}

const quantities = (cart: CartBody) => Object.fromEntries(cart.lineItems.map((li) => [li.variant.sku, li.quantity]));

interface Row {
  name: string;
  customerCart?: CartSetup;
  anonymousCart: CartSetup;
  mode?: 'MergeWithExistingCustomerCart' | 'UseAsNewActiveCustomerCart';
  /** Which cart the customer's active cart is afterwards. */
  active: 'customer' | 'anonymous';
  anonymousState: 'Active' | 'Merged';
  quantities: Record<string, number>;
  check?: (active: CartBody) => void;
}

const ROWS: Row[] = [
  {
    name: 'customer has a cart, default mode (MergeWithExistingCustomerCart): content merged, anonymous cart Merged, customer cart stays Active',
    customerCart: { lines: [{ sku: 'a', quantity: 1 }] },
    anonymousCart: { lines: [{ sku: 'b', quantity: 2 }] },
    active: 'customer',
    anonymousState: 'Merged',
    quantities: { a: 1, b: 2 },
  },
  {
    name: 'customer has no cart: the anonymous cart becomes the customer cart and stays Active',
    anonymousCart: { lines: [{ sku: 'b', quantity: 2 }] },
    active: 'anonymous',
    anonymousState: 'Active',
    quantities: { b: 2 },
  },
  {
    name: 'UseAsNewActiveCustomerCart: the anonymous cart becomes the new active customer cart, nothing merged',
    customerCart: { lines: [{ sku: 'a', quantity: 1 }] },
    anonymousCart: { lines: [{ sku: 'b', quantity: 2 }] },
    mode: 'UseAsNewActiveCustomerCart',
    active: 'anonymous',
    anonymousState: 'Active',
    quantities: { b: 2 },
  },
  {
    name: 'the same line item in both carts gets the larger quantity, not the sum',
    customerCart: {
      lines: [
        { sku: 'a', quantity: 3 },
        { sku: 'c', quantity: 1 },
      ],
    },
    anonymousCart: {
      lines: [
        { sku: 'a', quantity: 2 },
        { sku: 'c', quantity: 5 },
      ],
    },
    active: 'customer',
    anonymousState: 'Merged',
    quantities: { a: 3, c: 5 },
    check: (cart) => expect(cart.totalPrice.centAmount).toBe(3 * 100 + 5 * 300),
  },
  {
    name: 'shipping details come from the item with the higher quantity; differing item shipping addresses are unioned',
    customerCart: {
      addresses: [{ key: 'home', country: 'DE' }],
      lines: [
        { sku: 'a', quantity: 1, ship: [{ addressKey: 'home', quantity: 1 }] },
        { sku: 'b', quantity: 4, ship: [{ addressKey: 'home', quantity: 4 }] },
      ],
    },
    anonymousCart: {
      addresses: [
        { key: 'office', country: 'DE' },
        { key: 'home', country: 'FR' },
      ],
      lines: [
        { sku: 'a', quantity: 3, ship: [{ addressKey: 'office', quantity: 3 }] },
        { sku: 'b', quantity: 2, ship: [{ addressKey: 'office', quantity: 2 }] },
      ],
    },
    active: 'customer',
    anonymousState: 'Merged',
    quantities: { a: 3, b: 4 },
    check: (cart) => {
      expect(cart.itemShippingAddresses.map((x) => [x.key, x.country])).toEqual([
        ['home', 'DE'],
        ['office', 'DE'],
        ['home-2', 'FR'],
      ]);
      const byS = Object.fromEntries(cart.lineItems.map((li) => [li.variant.sku, li.shippingDetails]));
      expect(byS.a).toEqual({ targets: [{ addressKey: 'office', quantity: 3 }], valid: true });
      expect(byS.b).toEqual({ targets: [{ addressKey: 'home', quantity: 4 }], valid: true });
    },
  },
  {
    name: 'carts of different currencies are never merged: the anonymous cart becomes the customer cart as it is',
    customerCart: { lines: [{ sku: 'a', quantity: 1 }] },
    anonymousCart: { currency: 'USD', lines: [{ sku: 'a', quantity: 2 }] },
    active: 'anonymous',
    anonymousState: 'Active',
    quantities: { a: 2 },
    check: (cart) => expect(cart.totalPrice).toMatchObject({ currencyCode: 'USD', centAmount: 240 }),
  },
  {
    name: 'custom line items: one in both carts gets the larger quantity; one only in the anonymous cart is not copied',
    customerCart: { lines: [{ sku: 'a', quantity: 1 }], custom: [{ slug: 'wrap', quantity: 1 }] },
    anonymousCart: {
      lines: [],
      custom: [
        { slug: 'wrap', quantity: 3 },
        { slug: 'card', quantity: 1 },
      ],
    },
    active: 'customer',
    anonymousState: 'Merged',
    quantities: { a: 1 },
    check: (cart) => {
      expect(cart.customLineItems.map((x) => [x.slug, x.quantity])).toEqual([['wrap', 3]]);
      expect(cart.totalPrice.centAmount).toBe(100 + 30);
    },
  },
];

/** The merchant's sign-in with a draft naming the anonymous cart: GraphQL customerSignIn, or HTTP POST /{projectKey}/login. */
const SIGN_IN_WAYS = {
  'GraphQL customerSignIn': async (draft: Record<string, unknown>) =>
    (await gqlData<{ customerSignIn: { cart: { id: string; version: number } | null } }>(server, admin, SIGN_IN, { draft })).customerSignIn.cart,
  'HTTP POST /{projectKey}/login': async (draft: Record<string, unknown>) => {
    const signed = await ok<{ customer: { id: string }; cart?: CartBody }>(api(server, admin, '/test/login', { body: draft }));
    return signed.cart ? { id: signed.cart.id, version: signed.cart.version } : null;
  },
};

describe.each(Object.keys(SIGN_IN_WAYS) as (keyof typeof SIGN_IN_WAYS)[])('sign-in with an anonymous cart (%s, anonymousCartId)', (way) => {
  test.each(ROWS)('$name', async (row) => {
    const customer = await customerWith(row.customerCart);
    const anonymous = await anonymousWith(row.anonymousCart);
    const draft = {
      email: customer.email,
      password: 'pw-123456',
      anonymousCartId: anonymous.cart.id,
      ...(row.mode ? { anonymousCartSignInMode: row.mode } : {}),
    };
    const returnedCart = await SIGN_IN_WAYS[way](draft);

    const active = await ok<CartBody>(api(server, customer.token, '/test/me/active-cart'));
    const expectedId = row.active === 'customer' ? customer.cart!.id : anonymous.cart.id;
    expect(active.id).toBe(expectedId);
    expect(returnedCart).toEqual({ id: expectedId, version: active.version });
    expect(active.cartState).toBe('Active');
    expect(quantities(active)).toEqual(row.quantities);
    row.check?.(active);

    const anonymousAfter = await ok<CartBody>(api(server, admin, `/test/carts/${anonymous.cart.id}`));
    expect(anonymousAfter.cartState).toBe(row.anonymousState);
    expect(anonymousAfter.customerId).toBe(active.customerId);
    if (row.anonymousState === 'Merged') {
      // A Merged cart takes no further changes.
      const res = await api(server, admin, `/test/carts/${anonymousAfter.id}`, {
        body: { version: anonymousAfter.version, actions: [{ action: 'setCountry', country: 'DE' }] },
      });
      expect(res.status).toBe(400);
    }
  });
});

// The carts of a store customer and of the visitor are the store's (in-store /me endpoints): an in-store
// sign-in merges only into the customer's active cart of that store (test/carts/in-store-carts.test.ts
// shows that carts of other stores are not merged).
describe('in-store sign-in with an anonymous cart (HTTP POST /{projectKey}/in-store/key={storeKey}/login)', () => {
  test.each([
    { label: 'default mode, merged', mode: undefined, active: 'customer', quantities: { a: 3, b: 2 }, anonymousState: 'Merged' },
    { label: 'UseAsNewActiveCustomerCart', mode: 'UseAsNewActiveCustomerCart', active: 'anonymous', quantities: { a: 3 }, anonymousState: 'Active' },
  ] as const)('a store customer signs in with anonymousCart ($label): the answer and /me/active-cart show the same cart', async (row) => {
    const storeAdmin = await clientToken(server, 'manage_stores:test manage_customers:test');
    await api(server, storeAdmin, '/test/stores', { body: { key: 'berlin' } });
    const email = `store-merge-${++emails}@example.com`;
    await ok(api(server, storeAdmin, '/test/in-store/key=berlin/customers', { body: { email, password: 'pw-123456' } }), 201);
    const token = await customerToken(server, email, 'pw-123456', 'berlin');
    const own = await ok<CartBody>(
      api(server, token, '/test/in-store/key=berlin/me/carts', {
        body: draftOf({
          lines: [
            { sku: 'a', quantity: 1 },
            { sku: 'b', quantity: 2 },
          ],
        }),
      }),
      201,
    );
    const anonymous = await anonymousWith({ lines: [{ sku: 'a', quantity: 3 }] }, 'berlin');

    const draft = {
      email,
      password: 'pw-123456',
      anonymousCart: { typeId: 'cart', id: anonymous.cart.id },
      ...(row.mode ? { anonymousCartSignInMode: row.mode } : {}),
    };
    const signed = await ok<{ customer: { id: string }; cart?: CartBody }>(api(server, admin, '/test/in-store/key=berlin/login', { body: draft }));
    const active = await ok<CartBody>(api(server, token, '/test/in-store/key=berlin/me/active-cart'));
    expect(active.id).toBe(row.active === 'customer' ? own.id : anonymous.cart.id);
    expect([signed.cart?.id, signed.cart?.version, quantities(signed.cart!)]).toEqual([active.id, active.version, row.quantities]);
    expect(quantities(active)).toEqual(row.quantities);
    const anonymousAfter = await ok<CartBody>(api(server, admin, `/test/carts/${anonymous.cart.id}`));
    expect([anonymousAfter.cartState, anonymousAfter.customerId]).toEqual([row.anonymousState, signed.customer.id]);
  });
});

describe('sign-in with an anonymous session (anonymousId)', () => {
  test('every cart and order of the anonymousId is reassigned; the returned cart is recalculated', async () => {
    const customer = await customerWith({ lines: [{ sku: 'a', quantity: 1 }] });
    const anonymous = await anonymousWith({ lines: [{ sku: 'a', quantity: 4 }] });
    const ordered = await ok<CartBody>(api(server, anonymous.token, '/test/me/carts', { body: draftOf({ lines: [{ sku: 'c', quantity: 1 }] }) }), 201);
    const order = await ok<{ id: string }>(
      api(server, anonymous.token, '/test/me/orders', { body: { cart: { id: ordered.id }, version: ordered.version } }),
      201,
    );
    // The price of `a` changes after it was put in the cart: the merged cart answers the current price.
    const product = await ok<ProductBody>(api(server, admin, `/test/products/${a.id}`));
    const priceId = product.masterData.current.masterVariant.prices[0].id;
    const changed = await ok<ProductBody>(
      api(server, admin, `/test/products/${a.id}`, {
        body: { version: product.version, actions: [{ action: 'changePrice', priceId, price: { value: eur(150) } }, { action: 'publish' }] },
      }),
    );
    try {
      await gqlData(server, admin, SIGN_IN, { draft: { email: customer.email, password: 'pw-123456', anonymousId: anonymous.anonymousId } });
      const active = await ok<CartBody>(api(server, customer.token, '/test/me/active-cart'));
      expect([active.id, quantities(active), active.totalPrice.centAmount]).toEqual([customer.cart!.id, { a: 4 }, 600]);
      const myOrders = await ok<{ results: { id: string; customerId: string }[] }>(api(server, customer.token, '/test/me/orders'));
      expect(myOrders.results.map((o) => o.id)).toEqual([order.id]);
      const myCarts = await ok<{ results: CartBody[] }>(api(server, customer.token, '/test/me/carts'));
      expect(myCarts.results.map((x) => x.id).sort()).toEqual([customer.cart!.id, anonymous.cart.id, ordered.id].sort());
      // The anonymous session no longer sees what the customer took over.
      expect((await ok<{ results: CartBody[] }>(api(server, anonymous.token, '/test/me/carts'))).results).toEqual([]);
    } finally {
      await ok(
        api(server, admin, `/test/products/${a.id}`, {
          body: { version: changed.version, actions: [{ action: 'changePrice', priceId, price: { value: eur(100) } }, { action: 'publish' }] },
        }),
      );
    }
  });

  test('with both anonymousCartId and anonymousId the cart must carry that anonymousId', async () => {
    const customer = await customerWith();
    const anonymous = await anonymousWith({ lines: [{ sku: 'a', quantity: 1 }] });
    const error = await gqlError(server, admin, SIGN_IN, {
      draft: { email: customer.email, password: 'pw-123456', anonymousCartId: anonymous.cart.id, anonymousId: 'someone-else' },
    });
    expect(error.extensions.code).toBe('InvalidOperation');
    // Nothing happened: the cart is still the anonymous session's.
    expect((await ok<CartBody>(api(server, anonymous.token, '/test/me/active-cart'))).id).toBe(anonymous.cart.id);
  });
});

describe('end to end: an anonymous visitor fills a cart, then signs in or signs up', () => {
  test('POST /me/carts, addLineItem, customerSignMeIn (GraphQL), GET /me/active-cart has the merged quantities', async () => {
    const customer = await customerWith({
      lines: [
        { sku: 'a', quantity: 2 },
        { sku: 'b', quantity: 1 },
      ],
    });
    const visitor = await anonymousSession(server);
    let cart = await ok<CartBody>(api(server, visitor.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    cart = await ok<CartBody>(
      api(server, visitor.token, `/test/me/carts/${cart.id}`, {
        body: {
          version: cart.version,
          actions: [
            { action: 'addLineItem', sku: 'a', quantity: 5 },
            { action: 'addLineItem', productId: c.id, variantId: 1, quantity: 1 },
          ],
        },
      }),
    );
    const signed = await gqlData<{ customerSignMeIn: { customer: { id: string }; cart: { id: string } } }>(server, visitor.token, SIGN_ME_IN, {
      draft: { email: customer.email, password: 'pw-123456' },
    });
    expect(signed.customerSignMeIn.cart.id).toBe(customer.cart!.id);
    const active = await ok<CartBody>(api(server, customer.token, '/test/me/active-cart'));
    expect([active.id, quantities(active), active.totalPrice.centAmount]).toEqual([customer.cart!.id, { a: 5, b: 1, c: 1 }, 500 + 200 + 300]);
    expect((await ok<CartBody>(api(server, admin, `/test/carts/${cart.id}`))).cartState).toBe('Merged');
  });

  test('POST /me/carts, addLineItem, customerSignMeUp (GraphQL): the new customer has the cart as active cart', async () => {
    const visitor = await anonymousSession(server);
    let cart = await ok<CartBody>(api(server, visitor.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    cart = await ok<CartBody>(
      api(server, visitor.token, `/test/me/carts/${cart.id}`, { body: { version: cart.version, actions: [{ action: 'addLineItem', sku: 'b', quantity: 3 }] } }),
    );
    const signed = await gqlData<{ customerSignMeUp: { customer: { id: string }; cart: { id: string; version: number } } }>(server, visitor.token, SIGN_ME_UP, {
      draft: { email: 'signed-up@example.com', password: 'pw-123456' },
    });
    expect(signed.customerSignMeUp.cart.id).toBe(cart.id);
    expect(signed.customerSignMeUp.cart.version).toBeGreaterThan(cart.version);
    const token = await customerToken(server, 'signed-up@example.com', 'pw-123456');
    const active = await ok<CartBody>(api(server, token, '/test/me/active-cart'));
    expect([active.id, active.customerId, quantities(active)]).toEqual([cart.id, signed.customerSignMeUp.customer.id, { b: 3 }]);
  });

  test('the same over HTTP: POST /me/login merges the anonymous cart into the customer cart', async () => {
    const customer = await customerWith({ lines: [{ sku: 'a', quantity: 2 }] });
    const visitor = await anonymousSession(server);
    let cart = await ok<CartBody>(api(server, visitor.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    cart = await ok<CartBody>(
      api(server, visitor.token, `/test/me/carts/${cart.id}`, { body: { version: cart.version, actions: [{ action: 'addLineItem', sku: 'a', quantity: 4 }] } }),
    );
    const signed = await ok<{ customer: { id: string }; cart?: CartBody }>(
      api(server, visitor.token, '/test/me/login', { body: { email: customer.email, password: 'pw-123456' } }),
    );
    expect(signed.cart?.id).toBe(customer.cart!.id);
    const active = await ok<CartBody>(api(server, customer.token, '/test/me/active-cart'));
    expect([active.id, quantities(active)]).toEqual([customer.cart!.id, { a: 4 }]);
    expect((await ok<CartBody>(api(server, admin, `/test/carts/${cart.id}`))).cartState).toBe('Merged');
  });

  test("the same over HTTP: POST /me/signup makes the anonymous cart the new customer's active cart", async () => {
    const visitor = await anonymousSession(server);
    let cart = await ok<CartBody>(api(server, visitor.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    cart = await ok<CartBody>(
      api(server, visitor.token, `/test/me/carts/${cart.id}`, { body: { version: cart.version, actions: [{ action: 'addLineItem', sku: 'b', quantity: 2 }] } }),
    );
    const signed = await ok<{ customer: { id: string }; cart?: CartBody }>(
      api(server, visitor.token, '/test/me/signup', { body: { email: 'http-signed-up@example.com', password: 'pw-123456' } }),
      201,
    );
    expect(signed.cart?.id).toBe(cart.id);
    const token = await customerToken(server, 'http-signed-up@example.com', 'pw-123456');
    const active = await ok<CartBody>(api(server, token, '/test/me/active-cart'));
    expect([active.id, active.customerId, quantities(active)]).toEqual([cart.id, signed.customer.id, { b: 2 }]);
  });
});
