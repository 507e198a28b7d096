import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct, type CartBody } from './support.js';

/**
 * The checkout's cart actions (customer email, billing address, locale, line item order, item
 * shipping addresses) on both cart APIs, the merchant-only ones (key, customer, anonymous id), and
 * the /me boundary: a customer's token may apply only the platform's MyCartUpdateAction set, so it
 * cannot price its own cart (custom line items) or hand the cart to someone else.
 */
let server: TestServer;
let admin: string;

interface CheckoutCart extends CartBody {
  key?: string;
  customerEmail?: string;
  billingAddress?: { country: string; city?: string };
  locale?: string;
}

const update = (path: string, token: string, cart: { id: string; version: number }, actions: unknown[]) =>
  api(server, token, `${path}/${cart.id}`, { body: { version: cart.version, actions } });

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_orders:test manage_customers:test manage_customer_groups:test');
  await publishedProduct(server, admin, 'checkout-shirt', [{ sku: 'co-shirt', prices: [{ value: eur(1000) }] }]);
  await publishedProduct(server, admin, 'checkout-mug', [{ sku: 'co-mug', prices: [{ value: eur(500) }] }]);
});
afterAll(() => server.close());

describe('checkout actions (merchant API)', () => {
  test('setCustomerEmail, setBillingAddress and setLocale set and, without a value, remove', async () => {
    let cart = await ok<CheckoutCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
    cart = await ok<CheckoutCart>(
      update('/test/carts', admin, cart, [
        { action: 'setCustomerEmail', email: 'buyer@example.com' },
        { action: 'setBillingAddress', address: { country: 'DE', city: 'Berlin' } },
        { action: 'setLocale', locale: 'de-DE' },
      ]),
    );
    expect(cart).toMatchObject({ version: 2, customerEmail: 'buyer@example.com', billingAddress: { country: 'DE', city: 'Berlin' }, locale: 'de-DE' });
    cart = await ok<CheckoutCart>(
      update('/test/carts', admin, cart, [{ action: 'setCustomerEmail' }, { action: 'setBillingAddress' }, { action: 'setLocale' }]),
    );
    expect([cart.customerEmail, cart.billingAddress, cart.locale]).toEqual([undefined, undefined, undefined]);
    await expectError(await update('/test/carts', admin, cart, [{ action: 'setLocale', locale: 'not a locale' }]), 400, 'InvalidField');
    await expectError(await update('/test/carts', admin, cart, [{ action: 'setBillingAddress', address: { city: 'no country' } }]), 400, 'RequiredField');
  });

  test('changeLineItemsOrder takes every line item exactly once', async () => {
    let cart = await ok<CheckoutCart>(
      api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-shirt' }, { sku: 'co-mug' }] } }),
      201,
    );
    const [shirt, mug] = cart.lineItems.map((li) => li.id);
    cart = await ok<CheckoutCart>(update('/test/carts', admin, cart, [{ action: 'changeLineItemsOrder', lineItemOrder: [mug, shirt] }]));
    expect(cart.lineItems.map((li) => li.id)).toEqual([mug, shirt]);
    for (const order of [[mug], [mug, shirt, shirt], [mug, 'unknown-line-item'], [mug, mug]]) {
      await expectError(await update('/test/carts', admin, cart, [{ action: 'changeLineItemsOrder', lineItemOrder: order }]), 400, 'InvalidOperation');
    }
    expect((await ok<CheckoutCart>(api(server, admin, `/test/carts/${cart.id}`))).version).toBe(cart.version);
  });

  test('updateItemShippingAddress replaces an address by key; removeItemShippingAddress refuses one a line item still ships to', async () => {
    let cart = await ok<CheckoutCart>(
      api(server, admin, '/test/carts', {
        body: {
          currency: 'EUR',
          lineItems: [{ sku: 'co-shirt', quantity: 2 }],
          itemShippingAddresses: [
            { key: 'home', country: 'DE' },
            { key: 'office', country: 'DE' },
          ],
        },
      }),
      201,
    );
    const lineItemId = cart.lineItems[0].id;
    cart = await ok<CheckoutCart>(
      update('/test/carts', admin, cart, [
        { action: 'updateItemShippingAddress', address: { key: 'home', country: 'AT', city: 'Wien' } },
        { action: 'setLineItemShippingDetails', lineItemId, shippingDetails: { targets: [{ addressKey: 'office', quantity: 2 }] } },
      ]),
    );
    expect(cart.itemShippingAddresses).toEqual([
      { key: 'home', country: 'AT', city: 'Wien' },
      { key: 'office', country: 'DE' },
    ]);
    await expectError(
      await update('/test/carts', admin, cart, [{ action: 'updateItemShippingAddress', address: { key: 'nowhere', country: 'DE' } }]),
      400,
      'InvalidOperation',
    );
    await expectError(await update('/test/carts', admin, cart, [{ action: 'removeItemShippingAddress', addressKey: 'office' }]), 400, 'InvalidOperation');
    await expectError(await update('/test/carts', admin, cart, [{ action: 'removeItemShippingAddress', addressKey: 'nowhere' }]), 400, 'InvalidOperation');
    cart = await ok<CheckoutCart>(update('/test/carts', admin, cart, [{ action: 'removeItemShippingAddress', addressKey: 'home' }]));
    expect(cart.itemShippingAddresses.map((a) => a.key)).toEqual(['office']);
  });

  test('setKey, setCustomerId and setAnonymousId: keys stay unique, the customer must exist, and /me follows the new owner', async () => {
    let cart = await ok<CheckoutCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR', key: 'first-cart' } }), 201);
    const other = await ok<CheckoutCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
    await expectError(await update('/test/carts', admin, other, [{ action: 'setKey', key: 'first-cart' }]), 400, 'DuplicateField');
    cart = await ok<CheckoutCart>(update('/test/carts', admin, cart, [{ action: 'setKey', key: 'renamed-cart' }]));
    expect((await ok<CheckoutCart>(api(server, admin, '/test/carts/key=renamed-cart'))).id).toBe(cart.id);
    cart = await ok<CheckoutCart>(update('/test/carts', admin, cart, [{ action: 'setKey' }]));
    expect(cart.key).toBeUndefined();
    await expectError(await api(server, admin, '/test/carts/key=renamed-cart'), 404, 'ResourceNotFound');

    const { customer } = await ok<{ customer: { id: string } }>(
      api(server, admin, '/test/customers', { body: { email: 'new-owner@example.com', password: 'pw-123456' } }),
      201,
    );
    await expectError(
      await update('/test/carts', admin, cart, [{ action: 'setCustomerId', customerId: '00000000-0000-0000-0000-000000000000' }]),
      400,
      'ReferencedResourceNotFound',
    );
    cart = await ok<CheckoutCart>(update('/test/carts', admin, cart, [{ action: 'setCustomerId', customerId: customer.id }]));
    expect(cart.customerId).toBe(customer.id);
    const owner = await customerToken(server, 'new-owner@example.com', 'pw-123456');
    expect((await ok<CheckoutCart>(api(server, owner, '/test/me/active-cart'))).id).toBe(cart.id);
    cart = await ok<CheckoutCart>(update('/test/carts', admin, cart, [{ action: 'setCustomerId' }, { action: 'setAnonymousId', anonymousId: 'handed-over' }]));
    expect([cart.customerId, cart.anonymousId]).toEqual([undefined, 'handed-over']);
    await expectError(await api(server, owner, '/test/me/active-cart'), 404, 'ResourceNotFound');
    expect((await ok<{ results: CheckoutCart[] }>(api(server, admin, '/test/carts?where=anonymousId%3D%22handed-over%22'))).results.map((c) => c.id)).toEqual([
      cart.id,
    ]);
  });
  test("setCustomerId gives the cart the customer's group, and the group's prices; removing the customer keeps the group", async () => {
    const group = await ok<{ id: string }>(api(server, admin, '/test/customer-groups', { body: { key: 'co-vip', groupName: 'VIP' } }), 201);
    await publishedProduct(server, admin, 'checkout-vip-hat', [
      { sku: 'co-vip-hat', prices: [{ value: eur(2000) }, { value: eur(1500), customerGroup: { typeId: 'customer-group', id: group.id } }] },
    ]);
    const vip = await ok<{ customer: { id: string } }>(
      api(server, admin, '/test/customers', {
        body: { email: 'vip-owner@example.com', password: 'pw-123456', customerGroup: { typeId: 'customer-group', key: 'co-vip' } },
      }),
      201,
    );
    const plain = await ok<{ customer: { id: string } }>(
      api(server, admin, '/test/customers', { body: { email: 'plain-owner@example.com', password: 'pw-123456' } }),
      201,
    );
    let cart = await ok<CheckoutCart & { customerGroup?: { id: string } }>(
      api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-vip-hat' }] } }),
      201,
    );
    expect(cart.totalPrice.centAmount).toBe(2000);
    cart = await ok(update('/test/carts', admin, cart, [{ action: 'setCustomerId', customerId: vip.customer.id }]));
    expect(cart.customerGroup).toEqual({ typeId: 'customer-group', id: group.id });
    expect(cart.totalPrice.centAmount).toBe(1500);
    cart = await ok(update('/test/carts', admin, cart, [{ action: 'setCustomerId' }]));
    expect([cart.customerId, cart.customerGroup?.id, cart.totalPrice.centAmount]).toEqual([undefined, group.id, 1500]);
    cart = await ok(update('/test/carts', admin, cart, [{ action: 'setCustomerId', customerId: plain.customer.id }]));
    expect([cart.customerId, cart.customerGroup, cart.totalPrice.centAmount]).toEqual([plain.customer.id, undefined, 2000]);
    // A cart with a customer has the customer's group; setCustomerGroup is for carts without one.
    await expectError(await update('/test/carts', admin, cart, [{ action: 'setCustomerGroup', customerGroup: { key: 'co-vip' } }]), 400, 'InvalidOperation');
  });

  test('setCustomerGroup on a cart without a customer: by key or id, prices follow, unknown groups refused, none removes it', async () => {
    const group = await ok<{ id: string }>(api(server, admin, '/test/customer-groups/key=co-vip'));
    let cart = await ok<CheckoutCart & { customerGroup?: { id: string } }>(
      api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-vip-hat' }] } }),
      201,
    );
    cart = await ok(update('/test/carts', admin, cart, [{ action: 'setCustomerGroup', customerGroup: { typeId: 'customer-group', key: 'co-vip' } }]));
    expect([cart.customerGroup, cart.totalPrice.centAmount]).toEqual([{ typeId: 'customer-group', id: group.id }, 1500]);
    await expectError(
      await update('/test/carts', admin, cart, [{ action: 'setCustomerGroup', customerGroup: { key: 'no-such-group' } }]),
      400,
      'ReferencedResourceNotFound',
    );
    cart = await ok(update('/test/carts', admin, cart, [{ action: 'setCustomerGroup' }]));
    expect([cart.customerGroup, cart.totalPrice.centAmount]).toEqual([undefined, 2000]);
    cart = await ok(update('/test/carts', admin, cart, [{ action: 'setCustomerGroup', customerGroup: { id: group.id } }]));
    expect(cart.customerGroup?.id).toBe(group.id);
    // Not a customer's own action: a token of the cart's owner cannot choose its price group.
    const anon = await anonymousSession(server);
    const mine = await ok<CheckoutCart>(api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    await expectError(
      await update('/test/me/carts', anon.token, mine, [{ action: 'setCustomerGroup', customerGroup: { key: 'co-vip' } }]),
      400,
      'InvalidInput',
    );
  });
});

describe('/me carts take only the platform MyCartUpdateAction set', () => {
  test('a customer sets email, billing address, locale and line item order on its own cart', async () => {
    const anon = await anonymousSession(server);
    let cart = await ok<CheckoutCart>(
      api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-shirt' }, { sku: 'co-mug' }] } }),
      201,
    );
    const [shirt, mug] = cart.lineItems.map((li) => li.id);
    cart = await ok<CheckoutCart>(
      update('/test/me/carts', anon.token, cart, [
        { action: 'setCustomerEmail', email: 'anon@example.com' },
        { action: 'setBillingAddress', address: { country: 'DE' } },
        { action: 'setLocale', locale: 'en' },
        { action: 'changeLineItemsOrder', lineItemOrder: [mug, shirt] },
      ]),
    );
    expect(cart).toMatchObject({ customerEmail: 'anon@example.com', billingAddress: { country: 'DE' }, locale: 'en' });
    expect(cart.lineItems.map((li) => li.id)).toEqual([mug, shirt]);
  });

  test.each([
    [
      'addCustomLineItem (a price of its own choosing)',
      { action: 'addCustomLineItem', name: { en: 'rebate' }, slug: 'rebate', money: { currencyCode: 'EUR', centAmount: -1500 } },
    ],
    ['setCustomerId', { action: 'setCustomerId', customerId: '00000000-0000-0000-0000-000000000000' }],
    ['setAnonymousId', { action: 'setAnonymousId', anonymousId: 'someone-else' }],
    ['setKey', { action: 'setKey', key: 'my-own-key' }],
    ['changeTaxRoundingMode', { action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' }],
  ])('%s is refused as an unknown action and changes nothing', async (_name, action) => {
    const anon = await anonymousSession(server);
    const cart = await ok<CheckoutCart>(api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-shirt' }] } }), 201);
    await expectError(await update('/test/me/carts', anon.token, cart, [action]), 400, 'InvalidInput', {
      message: expect.stringContaining(`Unknown action '${action.action}'`),
    });
    const after = await ok<CheckoutCart>(api(server, anon.token, `/test/me/carts/${cart.id}`));
    expect([after.version, after.totalPrice.centAmount, after.customLineItems.length]).toEqual([cart.version, 1000, 0]);
  });

  test("an order from a cart of its own gets no order number of the customer's choosing", async () => {
    const anon = await anonymousSession(server);
    const cart = await ok<CheckoutCart>(api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-mug' }] } }), 201);
    const order = await ok<{ id: string; orderNumber?: string }>(
      api(server, anon.token, '/test/me/orders', { body: { cart: { id: cart.id }, version: cart.version, orderNumber: 'chosen-by-customer' } }),
      201,
    );
    expect(order.orderNumber).toBeUndefined();
    const merchantCart = await ok<CheckoutCart>(api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-mug' }] } }), 201);
    const merchantOrder = await ok<{ orderNumber?: string }>(
      api(server, admin, '/test/orders', { body: { cart: { id: merchantCart.id }, version: merchantCart.version, orderNumber: 'chosen-by-customer' } }),
      201,
    );
    expect(merchantOrder.orderNumber).toBe('chosen-by-customer');
  });

  test('GraphQL updateMyCart has the checkout actions', async () => {
    const anon = await anonymousSession(server);
    const cart = await ok<CheckoutCart>(
      api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'co-shirt' }, { sku: 'co-mug' }] } }),
      201,
    );
    const [shirt, mug] = cart.lineItems.map((li) => li.id);
    const query = `mutation ($id: String!, $version: Long!, $actions: [MyCartUpdateAction!]!) {
      updateMyCart(id: $id, version: $version, actions: $actions) { version customerEmail locale billingAddress { country city } lineItems { id } }
    }`;
    const actions = [
      { setCustomerEmail: { email: 'graphql@example.com' } },
      { setBillingAddress: { address: { country: 'DE', city: 'Hamburg' } } },
      { setLocale: { locale: 'de' } },
      { changeLineItemsOrder: { lineItemOrder: [mug, shirt] } },
    ];
    const res = await ok<{ data: { updateMyCart: Record<string, unknown> } }>(
      api(server, anon.token, '/test/graphql', { body: { query, variables: { id: cart.id, version: cart.version, actions } } }),
    );
    expect(res.data.updateMyCart).toEqual({
      version: cart.version + 1,
      customerEmail: 'graphql@example.com',
      locale: 'de',
      billingAddress: { country: 'DE', city: 'Hamburg' },
      lineItems: [{ id: mug }, { id: shirt }],
    });
  });
});
