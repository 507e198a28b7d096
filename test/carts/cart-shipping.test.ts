import { api } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, money } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { cartDiscount, cartUpdate, newCart, pricingShop, updatedCart, type Shop } from './pricing-fixtures.js';
import { ok } from './support.js';

let server: TestServer;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer();
  shop = await pricingShop(server);
});
afterAll(async () => {
  await server.close();
});

const standard = { typeId: 'shipping-method', key: 'standard' };
const setMethod = (shippingMethod?: unknown) => ({ action: 'setShippingMethod', ...(shippingMethod ? { shippingMethod } : {}) });

async function method(more: Record<string, unknown>) {
  return create(server, shop.token, 'shipping-methods', {
    name: `method ${Math.random()}`,
    isDefault: false,
    taxCategory: { key: 'standard' },
    zoneRates: [{ zone: { key: 'shop' }, shippingRates: [{ price: money(999) }] }],
    ...more,
  });
}

describe('setShippingMethod', () => {
  it('sets shippingInfo from the matching rate: name, price, rate (isMatching), tax category, method, state', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE');
    const next = await updatedCart(server, shop, cart, [setMethod(standard)]);
    expect(next.shippingInfo).toEqual({
      shippingMethodName: 'Standard',
      price: cents(499),
      shippingRate: { price: cents(499), freeAbove: cents(10000), tiers: [], isMatching: true },
      taxCategory: { typeId: 'tax-category', id: shop.taxCategory.id },
      shippingMethod: { typeId: 'shipping-method', id: shop.standard.id },
      deliveries: [],
      shippingMethodState: 'MatchesCart',
      taxRate: expect.objectContaining({ name: '19% MwSt', amount: 0.19 }),
      taxedPrice: expect.objectContaining({ totalGross: cents(499) }),
    });
    expect(next.totalPrice).toEqual(cents(1499));
  });

  it('without a shipping method the shipping info goes, and the total with it', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE', { shippingMethod: standard });
    const next = await updatedCart(server, shop, cart, [setMethod()]);
    expect(next.shippingInfo).toBeUndefined();
    expect(next.taxedShippingPrice).toBeUndefined();
    expect(next.totalPrice).toEqual(cents(1000));
  });

  it('needs a shipping address (400 InvalidOperation)', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]]);
    await expectError(await cartUpdate(server, shop, cart, [setMethod(standard)]), 400, 'InvalidOperation');
  });

  it("the address must be in one of the method's zones, with a rate in the cart's currency (400 InvalidOperation)", async () => {
    const abroad = await newCart(server, shop, [[shop.untaxed, 1]], 'FR');
    await expectError(await cartUpdate(server, shop, abroad, [setMethod(standard)]), 400, 'InvalidOperation');
    const dollars = await create(server, shop.token, 'carts', { currency: 'USD', shippingAddress: { country: 'DE' } });
    await expectError(await cartUpdate(server, shop, dollars as { id: string; version: number }, [setMethod(standard)]), 400, 'InvalidOperation');
  });

  it('an unknown or inactive method is refused', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE');
    await expectError(await cartUpdate(server, shop, cart, [setMethod({ key: 'nope' })]), 400, 'ReferencedResourceNotFound', {
      typeId: 'shipping-method',
      key: 'nope',
    });
    const inactive = await method({ active: false });
    await expectError(await cartUpdate(server, shop, cart, [setMethod({ id: inactive.id })]), 400, 'InvalidOperation');
  });

  it('an id and a key of two different methods name neither (400 ReferencedResourceNotFound): the key is not ignored', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE');
    const other = await method({ key: 'other-method' });
    await expectError(
      await cartUpdate(server, shop, cart, [setMethod({ typeId: 'shipping-method', id: shop.standard.id, key: 'other-method' })]),
      400,
      'ReferencedResourceNotFound',
      {
        typeId: 'shipping-method',
        id: shop.standard.id,
      },
    );
    const next = await updatedCart(server, shop, cart, [setMethod({ typeId: 'shipping-method', id: other.id, key: 'other-method' })]);
    expect(next.shippingInfo?.shippingMethod).toEqual({ typeId: 'shipping-method', id: other.id });
  });

  it("a method whose predicate does not match the cart is 400 ShippingMethodDoesNotMatchCart; the state follows the cart's changes", async () => {
    const big = await method({ predicate: 'lineItemCount(1 = 1) >= 2' });
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE');
    await expectError(await cartUpdate(server, shop, cart, [setMethod({ id: big.id })]), 400, 'ShippingMethodDoesNotMatchCart', {
      message: 'The predicate does not match the cart.',
    });
    const two = await updatedCart(server, shop, cart, [
      { action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 2 },
      setMethod({ id: big.id }),
    ]);
    expect(two.shippingInfo?.shippingMethodState).toBe('MatchesCart');
    const one = await updatedCart(server, shop, two, [{ action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 1 }]);
    expect(one.shippingInfo?.shippingMethodState).toBe('DoesNotMatchCart');
  });

  it('shipping is free once the items reach freeAbove, and costs again below it', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 10]], 'DE', { shippingMethod: standard });
    expect(cart.shippingInfo?.price).toEqual(cents(0));
    expect(cart.totalPrice).toEqual(cents(10000));
    const fewer = await updatedCart(server, shop, cart, [{ action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 9 }]);
    expect(fewer.shippingInfo?.price).toEqual(cents(499));
    expect(fewer.totalPrice).toEqual(cents(9499));
  });

  it('a shipping discount: shippingInfo keeps the price, discountedPrice says what is paid', async () => {
    const discount = await cartDiscount(server, shop, {
      target: { type: 'shipping' },
      value: { type: 'relative', permyriad: 5000 },
      cartPredicate: 'customer.email = "ship@example.com"',
    });
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE', { shippingMethod: standard, customerEmail: 'ship@example.com' });
    expect(cart.shippingInfo?.price).toEqual(cents(499));
    expect(cart.shippingInfo?.discountedPrice).toEqual({
      value: cents(249),
      includedDiscounts: [{ discount: { typeId: 'cart-discount', id: discount.id }, discountedAmount: cents(250) }],
    });
    expect(cart.totalPrice).toEqual(cents(1249));
    expect(cart.taxedShippingPrice?.totalGross).toEqual(cents(249));
  });

  it('an order keeps the shipping info and the taxed prices', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE', { shippingMethod: standard });
    const order = await ok<{ shippingInfo: unknown; taxedPrice: unknown; totalPrice: unknown }>(
      api(server, shop.token, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } }),
      201,
    );
    expect(order).toMatchObject({
      shippingInfo: cart.shippingInfo,
      taxedPrice: cart.taxedPrice,
      totalPrice: cart.totalPrice,
      taxedShippingPrice: cart.taxedShippingPrice,
    });
  });

  it('a cart whose shipping method no longer matches cannot be ordered (400 ShippingMethodDoesNotMatchCart)', async () => {
    const picky = await method({ predicate: 'lineItemCount(1 = 1) >= 2' });
    const cart = await newCart(server, shop, [[shop.mug, 2]], 'DE', { shippingMethod: { id: picky.id } });
    const less = await updatedCart(server, shop, cart, [{ action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 1 }]);
    await expectError(
      await api(server, shop.token, '/test/orders', { body: { cart: { id: less.id }, version: less.version } }),
      400,
      'ShippingMethodDoesNotMatchCart',
    );
  });
});
