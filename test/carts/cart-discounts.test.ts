import { api } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, money, type Resource } from '../support/pricing.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { cartDiscount, cartUpdate, discountCode, newCart, pricingShop, updatedCart, type PricedCart, type Shop } from './pricing-fixtures.js';
import { anonymousSession, ok, publishedProduct } from './support.js';

/**
 * How cart discounts apply. Discounts are project-wide, so each test limits its own to carts of one
 * e-mail address (`only(...)`) and creates its carts with that address.
 */
let server: TestServer;
let shop: Shop;
const clock = new ManualClock(Date.parse('2030-06-01T00:00:00.000Z'));
let mails = 0;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  shop = await pricingShop(server);
});
afterAll(async () => {
  await server.close();
});

/** A fresh e-mail and the cart predicate matching only carts of it. */
function only(): { email: string; cartPredicate: string } {
  const email = `shopper-${++mails}@example.com`;
  return { email, cartPredicate: `customer.email = "${email}"` };
}

const portion = (discount: Resource, amount: number) => ({ discount: { typeId: 'cart-discount', id: discount.id }, discountedAmount: cents(amount) });

function cartFor(email: string, lines: [{ id: string }, number][], more: Record<string, unknown> = {}): Promise<PricedCart> {
  return newCart(server, shop, lines, undefined, { customerEmail: email, ...more });
}

describe('values', () => {
  it('relative: 10% of three units of 3.33 is 1.00 for the line, two units at 3.00 and one at 2.99', async () => {
    const { email, cartPredicate } = only();
    const product = await publishedProduct(server, shop.token, 'odd-price', [{ sku: 'odd-price', prices: [{ value: money(333) }] }]);
    const discount = await cartDiscount(server, shop, { cartPredicate });
    const cart = await cartFor(email, [[product, 3]]);
    expect(cart.lineItems[0].totalPrice).toEqual(cents(899));
    expect(cart.lineItems[0].discountedPricePerQuantity).toEqual([
      { quantity: 2, discountedPrice: { value: cents(300), includedDiscounts: [portion(discount, 33)] } },
      { quantity: 1, discountedPrice: { value: cents(299), includedDiscounts: [portion(discount, 34)] } },
    ]);
  });

  it('fixed: matching units cost the fixed price (never more than before)', async () => {
    const { email, cartPredicate } = only();
    await cartDiscount(server, shop, { cartPredicate, value: { type: 'fixed', money: [money(1500)] } });
    const cart = await cartFor(email, [
      [shop.shirt, 2],
      [shop.mug, 1],
    ]);
    expect(cart.lineItems.map((li) => li.totalPrice.centAmount)).toEqual([3000, 1000]);
  });

  it.each([
    ['ProportionateDistribution', [400, 200]],
    ['EvenDistribution', [300, 300]],
    ['IndividualApplication', [1200, 1200]],
  ])('absolute 6.00 EUR, %s: off the shirts and the mug %j', async (applicationMode, off) => {
    const { email, cartPredicate } = only();
    await cartDiscount(server, shop, { cartPredicate, value: { type: 'absolute', money: [money(600), money(1, 'USD')], applicationMode } });
    const cart = await cartFor(email, [
      [shop.shirt, 2],
      [shop.mug, 2],
    ]);
    expect(cart.lineItems.map((li) => li.totalPrice.centAmount)).toEqual([4000 - off[0], 2000 - off[1]]);
  });

  it('an absolute value without the cart currency does not apply', async () => {
    const { email, cartPredicate } = only();
    await cartDiscount(server, shop, { cartPredicate, value: { type: 'absolute', money: [money(100, 'USD')] } });
    const cart = await cartFor(email, [[shop.mug, 1]]);
    expect(cart.totalPrice).toEqual(cents(1000));
  });

  it('custom line items: the target predicate on their fields', async () => {
    const { email, cartPredicate } = only();
    const discount = await cartDiscount(server, shop, {
      cartPredicate,
      target: { type: 'customLineItems', predicate: 'slug = "wrap"' },
      value: { type: 'relative', permyriad: 5000 },
    });
    const cart = await cartFor(email, [], {
      customLineItems: [
        { name: { en: 'Wrap' }, slug: 'wrap', money: money(300) },
        { name: { en: 'Card' }, slug: 'card', money: money(200) },
      ],
    });
    expect(cart.customLineItems.map((c) => c.totalPrice.centAmount)).toEqual([150, 200]);
    expect(cart.customLineItems[0].discountedPricePerQuantity).toEqual([
      { quantity: 1, discountedPrice: { value: cents(150), includedDiscounts: [portion(discount, 150)] } },
    ]);
  });
});

describe('which discounts apply, in which order', () => {
  it('greater sortOrder first, each on what the previous left; StopAfterThisDiscount ends the chain', async () => {
    const { email, cartPredicate } = only();
    const first = await cartDiscount(server, shop, { cartPredicate, sortOrder: '0.99', value: { type: 'relative', permyriad: 5000 } });
    const second = await cartDiscount(server, shop, {
      cartPredicate,
      sortOrder: '0.98',
      value: { type: 'absolute', money: [money(100)] },
      stackingMode: 'StopAfterThisDiscount',
    });
    await cartDiscount(server, shop, { cartPredicate, sortOrder: '0.97', value: { type: 'relative', permyriad: 10000 } });
    const cart = await cartFor(email, [[shop.mug, 1]]);
    expect(cart.lineItems[0].discountedPricePerQuantity[0].discountedPrice).toEqual({
      value: cents(400),
      includedDiscounts: [portion(first, 500), portion(second, 100)],
    });
  });

  it('inactive discounts and discounts outside their validity period do not apply', async () => {
    const { email, cartPredicate } = only();
    await cartDiscount(server, shop, { cartPredicate, isActive: false });
    await cartDiscount(server, shop, { cartPredicate, validFrom: '2030-07-01T00:00:00.000Z' });
    await cartDiscount(server, shop, { cartPredicate, validUntil: '2030-06-01T00:00:00.000Z' });
    const cart = await cartFor(email, [[shop.mug, 1]]);
    expect(cart.totalPrice).toEqual(cents(1000));
  });

  it('the cart predicate is evaluated on every change: the discount comes and goes with the quantity', async () => {
    const { email } = only();
    await cartDiscount(server, shop, { cartPredicate: `customer.email = "${email}" and lineItemCount(1 = 1) >= 3` });
    const cart = await cartFor(email, [[shop.mug, 2]]);
    expect(cart.totalPrice).toEqual(cents(2000));
    const three = await updatedCart(server, shop, cart, [{ action: 'changeLineItemQuantity', lineItemId: cart.lineItems[0].id, quantity: 3 }]);
    expect(three.totalPrice).toEqual(cents(2700));
    const two = await updatedCart(server, shop, three, [{ action: 'removeLineItem', lineItemId: cart.lineItems[0].id, quantity: 1 }]);
    expect(two.totalPrice).toEqual(cents(2000));
    expect(two.lineItems[0].discountedPricePerQuantity).toEqual([]);
  });

  it('a discount requiring a code applies only through one', async () => {
    const { email, cartPredicate } = only();
    const discount = await cartDiscount(server, shop, { cartPredicate, requiresDiscountCode: true });
    await discountCode(server, shop, `ONLY-${mails}`, [discount]);
    const cart = await cartFor(email, [[shop.mug, 1]]);
    expect(cart.totalPrice).toEqual(cents(1000));
    const coded = await updatedCart(server, shop, cart, [{ action: 'addDiscountCode', code: `ONLY-${mails}` }]);
    expect(coded.totalPrice).toEqual(cents(900));
  });
});

describe('discount codes on a cart', () => {
  async function codeCase(codeMore: Record<string, unknown>, discountMore: Record<string, unknown> = {}) {
    const { email, cartPredicate } = only();
    const discount = await cartDiscount(server, shop, { cartPredicate, requiresDiscountCode: true, ...discountMore });
    const code = await discountCode(server, shop, `CODE-${mails}`, [discount], codeMore);
    const cart = await updatedCart(server, shop, await cartFor(email, [[shop.mug, 1]]), [{ action: 'addDiscountCode', code: `CODE-${mails}` }]);
    return { cart, code, discount };
  }

  it('MatchesCart: the reference and the state', async () => {
    const { cart, code } = await codeCase({});
    expect(cart.discountCodes).toEqual([{ discountCode: { typeId: 'discount-code', id: code.id }, state: 'MatchesCart' }]);
  });

  it.each([
    ['NotActive: the code is inactive', { isActive: false }, {}, 'NotActive'],
    ['NotActive: its cart discount is inactive', {}, { isActive: false }, 'NotActive'],
    ['NotValid: its cart discount is not valid yet', {}, { validFrom: '2031-01-01T00:00:00.000Z' }, 'NotValid'],
    ["DoesNotMatchCart: the code's predicate", { cartPredicate: 'country = "AT"' }, {}, 'DoesNotMatchCart'],
    ["DoesNotMatchCart: the discount's predicate", {}, { cartPredicate: 'totalPrice > "100.00 EUR"' }, 'DoesNotMatchCart'],
  ])('%s', async (_name, codeMore, discountMore, state) => {
    const { cart } = await codeCase(codeMore, discountMore);
    expect(cart.discountCodes.map((c) => c.state)).toEqual([state]);
    expect(cart.totalPrice).toEqual(cents(1000));
  });

  it('ApplicationStoppedByPreviousDiscount: a discount before it stopped the chain', async () => {
    const { email, cartPredicate } = only();
    await cartDiscount(server, shop, { cartPredicate, sortOrder: '0.999', stackingMode: 'StopAfterThisDiscount' });
    const discount = await cartDiscount(server, shop, { cartPredicate, sortOrder: '0.001', requiresDiscountCode: true });
    await discountCode(server, shop, 'STOPPED', [discount]);
    const cart = await cartFor(email, [[shop.mug, 1]], { discountCodes: ['STOPPED'] });
    expect(cart.discountCodes.map((c) => c.state)).toEqual(['ApplicationStoppedByPreviousDiscount']);
    expect(cart.totalPrice).toEqual(cents(900));
  });

  it('an unknown code is 400 DiscountCodeNonApplicable (DoesNotExist); one outside its validity TimeRangeNonApplicable', async () => {
    const cart = await cartFor(only().email, [[shop.mug, 1]]);
    await expectError(await cartUpdate(server, shop, cart, [{ action: 'addDiscountCode', code: 'NOPE' }]), 400, 'DiscountCodeNonApplicable', {
      discountCode: 'NOPE',
      reason: 'DoesNotExist',
    });
    const discount = await cartDiscount(server, shop, { cartPredicate: '1 = 2', requiresDiscountCode: true });
    const later = await discountCode(server, shop, 'LATER', [discount], { validFrom: '2031-01-01T00:00:00.000Z' });
    await expectError(await cartUpdate(server, shop, cart, [{ action: 'addDiscountCode', code: 'LATER' }]), 400, 'DiscountCodeNonApplicable', {
      reason: 'TimeRangeNonApplicable',
      discountCodeId: later.id,
      validFrom: '2031-01-01T00:00:00.000Z',
    });
  });

  it('adding a code twice keeps it once; removeDiscountCode takes it and its discount off; removing one the cart lacks is 400 InvalidOperation', async () => {
    const { cart, code } = await codeCase({});
    const again = await updatedCart(server, shop, cart, [{ action: 'addDiscountCode', code: code.code }]);
    expect(again.discountCodes).toHaveLength(1);
    const removed = await updatedCart(server, shop, again, [{ action: 'removeDiscountCode', discountCode: { typeId: 'discount-code', id: code.id } }]);
    expect(removed.discountCodes).toEqual([]);
    expect(removed.totalPrice).toEqual(cents(1000));
    await expectError(
      await cartUpdate(server, shop, removed, [{ action: 'removeDiscountCode', discountCode: { typeId: 'discount-code', id: code.id } }]),
      400,
      'InvalidOperation',
    );
  });

  it('a cart whose code does not match cannot be ordered (400 DiscountCodeNonApplicable)', async () => {
    const { cart } = await codeCase({ cartPredicate: 'country = "AT"' });
    await expectError(
      await api(server, shop.token, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } }),
      400,
      'DiscountCodeNonApplicable',
    );
  });

  it('an anonymous shopper adds a code to their own cart (/me/carts)', async () => {
    const { email, cartPredicate } = only();
    const discount = await cartDiscount(server, shop, { cartPredicate, requiresDiscountCode: true });
    await discountCode(server, shop, 'ANON', [discount]);
    const anon = await anonymousSession(server);
    const mine = await ok<PricedCart>(
      api(server, anon.token, '/test/me/carts', { body: { currency: 'EUR', customerEmail: email, lineItems: [{ productId: shop.mug.id }] } }),
      201,
    );
    const coded = await ok<PricedCart>(
      api(server, anon.token, `/test/me/carts/${mine.id}`, { body: { version: mine.version, actions: [{ action: 'addDiscountCode', code: 'ANON' }] } }),
    );
    expect(coded.totalPrice).toEqual(cents(900));
  });
});
