import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct, type CartBody, type ProductBody } from './support.js';

let server: TestServer;
let admin: string;
let shirt: ProductBody;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_orders:test manage_customers:test');
  shirt = await publishedProduct(server, admin, 'shirt', [
    {
      sku: 'shirt-s',
      prices: [
        { value: eur(1000), tiers: [{ minimumQuantity: 5, value: eur(900) }] },
        { value: eur(950), country: 'DE' },
        { value: { currencyCode: 'USD', centAmount: 1200 } },
      ],
    },
    { sku: 'shirt-m', prices: [{ value: eur(1100) }] },
  ]);
  await publishedProduct(server, admin, 'mug', [
    { sku: 'mug', prices: [{ value: { type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 3333, fractionDigits: 4 } }] },
  ]);
});
afterAll(async () => {
  await server.close();
});

const update = (path: string, token: string, cart: { id: string; version: number }, actions: unknown[]) =>
  api(server, token, `${path}/${cart.id}`, { body: { version: cart.version, actions } });

describe('carts (merchant API)', () => {
  test('a draft with line items by product and by SKU is priced by the price selection', async () => {
    const cart = await ok<CartBody>(
      api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ productId: shirt.id, variantId: 1, quantity: 2 }, { sku: 'shirt-m' }] } }),
      201,
    );
    expect(cart).toMatchObject({
      cartState: 'Active',
      totalLineItemQuantity: 3,
      totalPrice: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 3100, fractionDigits: 2 },
    });
    expect(cart.lineItems.map((li) => [li.variant.sku, li.quantity, li.price.value.centAmount, li.totalPrice.centAmount])).toEqual([
      ['shirt-s', 2, 1000, 2000],
      ['shirt-m', 1, 1100, 1100],
    ]);
  });

  test('update actions recalculate totals: tiers by quantity, country prices, removal', async () => {
    let cart = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
    cart = await ok<CartBody>(update('/test/carts', admin, cart, [{ action: 'addLineItem', productId: shirt.id, variantId: 1, quantity: 4 }]));
    expect(cart.totalPrice.centAmount).toBe(4000);
    cart = await ok<CartBody>(update('/test/carts', admin, cart, [{ action: 'addLineItem', sku: 'shirt-s' }]));
    expect([cart.lineItems.length, cart.lineItems[0].quantity, cart.totalPrice.centAmount]).toEqual([1, 5, 4500]);
    const lineItemId = cart.lineItems[0].id;
    cart = await ok<CartBody>(
      update('/test/carts', admin, cart, [
        { action: 'setCountry', country: 'DE' },
        { action: 'changeLineItemQuantity', lineItemId, quantity: 2 },
      ]),
    );
    expect(cart.totalPrice.centAmount).toBe(1900);
    cart = await ok<CartBody>(update('/test/carts', admin, cart, [{ action: 'removeLineItem', lineItemId, quantity: 1 }]));
    expect(cart.totalPrice.centAmount).toBe(950);
    cart = await ok<CartBody>(update('/test/carts', admin, cart, [{ action: 'removeLineItem', lineItemId }]));
    expect([cart.lineItems.length, cart.totalPrice.centAmount, cart.totalLineItemQuantity]).toEqual([0, 0, undefined]);
  });

  test('high precision prices are multiplied exactly and rounded once', async () => {
    const cart = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'mug', quantity: 3 }] } }), 201);
    expect(cart.totalPrice.centAmount).toBe(100);
  });

  test('custom line items, item shipping addresses and shipping details', async () => {
    let cart = await ok<CartBody>(
      api(server, admin, '/test/carts', {
        body: {
          currency: 'EUR',
          itemShippingAddresses: [{ key: 'home', country: 'DE' }],
          lineItems: [{ sku: 'shirt-s', quantity: 2, shippingDetails: { targets: [{ addressKey: 'home', quantity: 2 }] } }],
        },
      }),
      201,
    );
    expect(cart.lineItems[0].shippingDetails).toEqual({ targets: [{ addressKey: 'home', quantity: 2 }], valid: true });
    cart = await ok<CartBody>(
      update('/test/carts', admin, cart, [
        { action: 'addItemShippingAddress', address: { key: 'office', country: 'DE', city: 'Berlin' } },
        {
          action: 'setLineItemShippingDetails',
          lineItemId: cart.lineItems[0].id,
          shippingDetails: {
            targets: [
              { addressKey: 'home', quantity: 1 },
              { addressKey: 'office', quantity: 2 },
            ],
          },
        },
        { action: 'addCustomLineItem', name: { en: 'Gift wrap' }, slug: 'wrap', money: eur(250), quantity: 2 },
        { action: 'setShippingAddress', address: { country: 'DE' } },
      ]),
    );
    expect(cart.lineItems[0].shippingDetails?.valid).toBe(false);
    expect(cart.itemShippingAddresses.map((a) => a.key)).toEqual(['home', 'office']);
    expect(cart.totalPrice.centAmount).toBe(2500);
    await expectError(
      await update('/test/carts', admin, cart, [{ action: 'addItemShippingAddress', address: { key: 'home', country: 'FR' } }]),
      400,
      'DuplicateField',
    );
    await expectError(
      await update('/test/carts', admin, cart, [
        { action: 'setLineItemShippingDetails', lineItemId: cart.lineItems[0].id, shippingDetails: { targets: [{ addressKey: 'nowhere', quantity: 1 }] } },
      ]),
      400,
      'InvalidOperation',
    );
    await expectError(
      await update('/test/carts', admin, cart, [{ action: 'addCustomLineItem', name: { en: 'x' }, slug: 'x', money: { currencyCode: 'USD', centAmount: 1 } }]),
      400,
      'InvalidField',
    );
    cart = await ok<CartBody>(update('/test/carts', admin, cart, [{ action: 'removeCustomLineItem', customLineItemId: cart.customLineItems[0].id }]));
    expect(cart.totalPrice.centAmount).toBe(2000);
  });

  test('no matching price is MatchingPriceNotFound; an unpublished product cannot be added; all or nothing', async () => {
    await expectError(await api(server, admin, '/test/carts', { body: { currency: 'GBP', lineItems: [{ sku: 'shirt-s' }] } }), 400, 'MatchingPriceNotFound');
    const type = await ok<{ id: string }>(api(server, admin, '/test/product-types', { body: { name: 'draft', description: 'd' } }), 201);
    await ok(
      api(server, admin, '/test/products', {
        body: { productType: { id: type.id }, name: { en: 'd' }, slug: { en: 'd' }, masterVariant: { sku: 'unpublished', prices: [{ value: eur(1) }] } },
      }),
      201,
    );
    let cart = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
    await expectError(
      await update('/test/carts', admin, cart, [
        { action: 'addLineItem', sku: 'shirt-s' },
        { action: 'addLineItem', sku: 'unpublished' },
      ]),
      400,
      'InvalidOperation',
    );
    cart = await ok<CartBody>(api(server, admin, `/test/carts/${cart.id}`));
    expect([cart.version, cart.lineItems.length]).toEqual([1, 0]);
    await expectError(await update('/test/carts', admin, { ...cart, version: 7 }, [{ action: 'setCountry', country: 'DE' }]), 409, 'ConcurrentModification', {
      currentVersion: 1,
    });
  });

  test('money overflow is 400 MoneyOverflow and writes nothing', async () => {
    const big = await publishedProduct(server, admin, 'big', [{ sku: 'big', prices: [{ value: eur(2 ** 52) }] }]);
    const cart = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ productId: big.id, quantity: 1 }] } }), 201);
    await expectError(
      await update('/test/carts', admin, cart, [{ action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 4 }]),
      400,
      'MoneyOverflow',
    );
    await expectError(
      await update('/test/carts', admin, cart, [{ action: 'addCustomLineItem', name: { en: 'x' }, slug: 'x', money: eur(2 ** 52) }]),
      400,
      'MoneyOverflow',
    );
    expect((await ok<CartBody>(api(server, admin, `/test/carts/${cart.id}`))).version).toBe(1);
  });

  test('property: random quantities and prices give exact totals or MoneyOverflow (both databases)', async () => {
    let seed = 11;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    for (let i = 0; i < 12; i++) {
      const centAmount = Math.floor(next() * 2 ** (8 + Math.floor(next() * 44)));
      const quantity = 1 + Math.floor(next() * 2 ** Math.floor(next() * 20));
      const cart = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
      const res = await update('/test/carts', admin, cart, [{ action: 'addCustomLineItem', name: { en: 'x' }, slug: 'x', money: eur(centAmount), quantity }]);
      const exact = BigInt(centAmount) * BigInt(quantity);
      if (exact > BigInt(Number.MAX_SAFE_INTEGER)) await expectError(res, 400, 'MoneyOverflow');
      else expect((await ok<CartBody>(Promise.resolve(res))).totalPrice.centAmount).toBe(Number(exact));
    }
  });

  test('orders: a cart is ordered once at its version and becomes Ordered', async () => {
    const cart = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'shirt-m' }] } }), 201);
    await expectError(await api(server, admin, '/test/orders', { body: { cart: { id: cart.id, typeId: 'cart' }, version: 9 } }), 409, 'ConcurrentModification');
    const order = await ok<{ id: string; orderState: string; totalPrice: { centAmount: number }; cart: { id: string } }>(
      api(server, admin, '/test/orders', { body: { cart: { id: cart.id, typeId: 'cart' }, version: 1, orderNumber: 'A-1' } }),
      201,
    );
    expect(order).toMatchObject({ orderState: 'Open', totalPrice: { centAmount: 1100 }, cart: { id: cart.id } });
    expect((await ok<CartBody>(api(server, admin, `/test/carts/${cart.id}`))).cartState).toBe('Ordered');
    await expectError(await api(server, admin, '/test/orders', { body: { cart: { id: cart.id }, version: 2 } }), 400, 'InvalidOperation');
    await expectError(await update('/test/carts', admin, { id: cart.id, version: 2 }, [{ action: 'setCountry', country: 'DE' }]), 400, 'InvalidOperation');
    expect((await ok<{ id: string }>(api(server, admin, `/test/orders/${order.id}`))).id).toBe(order.id);
  });
});

describe('my carts (/me)', () => {
  test('an anonymous session and a customer each see only their own carts and orders', async () => {
    const anon = await anonymousSession(server);
    const other = await anonymousSession(server);
    await ok(api(server, admin, '/test/customers', { body: { email: 'me-carts@example.com', password: 'pw-123456' } }), 201);
    const customer = await customerToken(server, 'me-carts@example.com', 'pw-123456');

    let mine = await ok<CartBody>(api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'shirt-s' }] } }), 201);
    expect(mine).toMatchObject({ anonymousId: anon.anonymousId, cartState: 'Active' });
    expect(mine.customerId).toBeUndefined();
    mine = await ok<CartBody>(update('/test/me/carts', anon.token, mine, [{ action: 'addLineItem', sku: 'shirt-m', quantity: 2 }]));
    expect(mine.totalPrice.centAmount).toBe(3200);
    expect((await ok<CartBody>(api(server, anon.token, '/test/me/active-cart'))).id).toBe(mine.id);

    await expectError(await api(server, other.token, `/test/me/carts/${mine.id}`), 404, 'ResourceNotFound');
    await expectError(await update('/test/me/carts', other.token, mine, [{ action: 'setCountry', country: 'DE' }]), 404, 'ResourceNotFound');
    await expectError(await api(server, other.token, '/test/me/active-cart'), 404, 'ResourceNotFound');
    expect((await ok<{ results: CartBody[] }>(api(server, other.token, '/test/me/carts'))).results).toEqual([]);
    expect((await ok<{ results: CartBody[] }>(api(server, anon.token, '/test/me/carts'))).results.map((c) => c.id)).toEqual([mine.id]);

    const customerCart = await ok<CartBody>(api(server, customer, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    expect(customerCart.customerId).toEqual(expect.any(String));
    expect((await ok<{ results: CartBody[] }>(api(server, customer, '/test/me/carts'))).results.map((c) => c.id)).toEqual([customerCart.id]);
    await expectError(await api(server, customer, `/test/me/carts/${mine.id}`), 404, 'ResourceNotFound');

    await expectError(await api(server, other.token, '/test/me/orders', { body: { cart: { id: mine.id }, version: mine.version } }), 404, 'ResourceNotFound');
    const order = await ok<{ id: string; anonymousId: string }>(
      api(server, anon.token, '/test/me/orders', { body: { cart: { id: mine.id }, version: mine.version } }),
      201,
    );
    expect(order.anonymousId).toBe(anon.anonymousId);
    expect((await ok<{ results: { id: string }[] }>(api(server, anon.token, '/test/me/orders'))).results.map((o) => o.id)).toEqual([order.id]);
    await expectError(await api(server, other.token, `/test/me/orders/${order.id}`), 404, 'ResourceNotFound');
    await expectError(await api(server, anon.token, '/test/me/active-cart'), 404, 'ResourceNotFound');

    // HEAD answers the same: the caller's own only.
    const head = async (token: string, path: string) => (await api(server, token, path, { method: 'HEAD' })).status;
    expect([await head(anon.token, `/test/me/carts/${mine.id}`), await head(other.token, `/test/me/carts/${mine.id}`)]).toEqual([200, 404]);
    expect([await head(anon.token, `/test/me/orders/${order.id}`), await head(other.token, `/test/me/orders/${order.id}`)]).toEqual([200, 404]);
    const where = `?where=${encodeURIComponent(`id="${order.id}"`)}`;
    expect([await head(anon.token, `/test/me/orders${where}`), await head(other.token, `/test/me/orders${where}`)]).toEqual([200, 404]);
    expect([await head(customer, '/test/me/carts'), await head(other.token, '/test/me/carts')]).toEqual([200, 404]);
  });

  test("a customer's active cart by customer id: the most recently modified Active one, in a store only the store's", async () => {
    const customer = (
      await ok<{ customer: { id: string } }>(
        api(server, admin, '/test/customers', { body: { email: 'by-customer-id@example.com', password: 'pw-123456' } }),
        201,
      )
    ).customer.id;
    const path = `/test/carts/customer-id=${customer}`;
    await expectError(await api(server, admin, path), 404, 'ResourceNotFound');
    expect((await api(server, admin, path, { method: 'HEAD' })).status).toBe(404);
    const older = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR', customerId: customer } }), 201);
    const newer = await ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR', customerId: customer } }), 201);
    expect((await ok<CartBody>(api(server, admin, path))).id).toBe(newer.id);
    // Ordering it leaves the older one as the active cart.
    await ok(api(server, admin, '/test/orders', { body: { cart: { id: newer.id }, version: newer.version } }), 201);
    expect((await ok<CartBody>(api(server, admin, path))).id).toBe(older.id);
    expect((await api(server, admin, path, { method: 'HEAD' })).status).toBe(200);
    // In a store: only a cart of that store.
    await ok(api(server, await clientToken(server, 'manage_stores:test'), '/test/stores', { body: { key: 'by-customer-id' } }), 201);
    const inStore = `/test/in-store/key=by-customer-id/carts/customer-id=${customer}`;
    await expectError(await api(server, admin, inStore), 404, 'ResourceNotFound');
    const local = await ok<CartBody>(api(server, admin, '/test/in-store/key=by-customer-id/carts', { body: { currency: 'EUR', customerId: customer } }), 201);
    expect((await ok<CartBody>(api(server, admin, inStore))).id).toBe(local.id);
    await expectError(await api(server, await clientToken(server, 'view_products:test'), path), 403, 'insufficient_scope');
  });

  test('an anonymous id that a cart or order carries is in use for the anonymous-token endpoint', async () => {
    await ok(api(server, admin, '/test/carts', { body: { currency: 'EUR', anonymousId: 'taken-by-a-cart' } }), 201);
    await expect(anonymousSession(server, 'taken-by-a-cart')).rejects.toThrow(/AnonymousIdAlreadyInUse/);
    const session = await anonymousSession(server, 'free-anonymous-id');
    expect(session.anonymousId).toBe('free-anonymous-id');
  });

  test('/me carts need a customer or anonymous token and manage_my_orders', async () => {
    const client = await clientToken(server, 'manage_my_orders:test');
    await expectError(await api(server, client, '/test/me/carts', { body: { currency: 'EUR' } }), 400, 'InvalidOperation');
    const noScope = await clientToken(server, 'view_products:test');
    await expectError(await api(server, noScope, '/test/me/active-cart'), 403, 'insufficient_scope');
    const viewer = await clientToken(server, 'view_orders:test');
    await expectError(await api(server, viewer, '/test/carts', { body: { currency: 'EUR' } }), 403, 'insufficient_scope');
  });
});
