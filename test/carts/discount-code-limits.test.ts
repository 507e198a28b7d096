import { api } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { cartDiscount, discountCode, newCart, pricingShop, updatedCart, type PricedCart, type Shop } from './pricing-fixtures.js';
import { ok } from './support.js';

/**
 * maxApplications and maxApplicationsPerCustomer of discount codes: an order created from a cart
 * holding a code counts one application of it (in all, and for the cart's customer); a code that
 * has reached a limit shows MaxApplicationReached in carts, takes nothing off, and cannot be ordered.
 */
let server: TestServer;
let shop: Shop;
let codes = 0;
let customers = 0;

beforeAll(async () => {
  server = await startTestServer();
  shop = await pricingShop(server);
});
afterAll(async () => {
  await server.close();
});

/** A code unlocking 10% off every line item, with the limits in `more`. */
async function limitedCode(more: Record<string, unknown>): Promise<Resource & { code: string }> {
  const discount = await cartDiscount(server, shop, { requiresDiscountCode: true });
  return (await discountCode(server, shop, `LIMITED-${++codes}`, [discount], more)) as Resource & { code: string };
}

/** A cart of one mug (10.00 EUR) holding the code; with `customerId`, that customer's. */
const cartWith = (code: string, customerId?: string) =>
  newCart(server, shop, [[shop.mug, 1]], undefined, { discountCodes: [code], ...(customerId ? { customerId } : {}) });

const order = (cart: PricedCart) => api(server, shop.token, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } });

async function customer(): Promise<string> {
  const { customer } = await create<{ customer: { id: string } }>(server, shop.token, 'customers', {
    email: `limited-${++customers}@example.com`,
    password: 'secret-pw',
  });
  return customer.id;
}

const states = (cart: PricedCart) => cart.discountCodes.map((c) => c.state);

describe('maxApplications', () => {
  it('each order counts one application; once the code reached its limit, new carts show MaxApplicationReached and pay full price', async () => {
    const code = await limitedCode({ maxApplications: 2 });
    for (let i = 0; i < 2; i++) {
      const cart = await cartWith(code.code);
      expect(states(cart)).toEqual(['MatchesCart']);
      expect(cart.totalPrice).toEqual(cents(900));
      await ok(order(cart), 201);
    }
    const third = await cartWith(code.code);
    expect(states(third)).toEqual(['MaxApplicationReached']);
    expect(third.totalPrice).toEqual(cents(1000));
    await expectError(await order(third), 400, 'DiscountCodeNonApplicable', { discountCodeId: code.id });
  });

  it('a cart that took the code before the limit was reached cannot be ordered after it: no order, the cart stays Active', async () => {
    const code = await limitedCode({ maxApplications: 1 });
    const early = await cartWith(code.code);
    const other = await cartWith(code.code);
    await ok(order(other), 201);
    expect(states(early)).toEqual(['MatchesCart']);
    await expectError(await order(early), 400, 'DiscountCodeNonApplicable', { discountCodeId: code.id });
    const after = await ok<PricedCart & { cartState: string }>(api(server, shop.token, `/test/carts/${early.id}`));
    expect(after.cartState).toBe('Active');
    const recalculated = await updatedCart(server, shop, after, [{ action: 'recalculate' }]);
    expect(states(recalculated)).toEqual(['MaxApplicationReached']);
  });

  it('counting leaves the code as it is (same version); raising maxApplications lets carts match again', async () => {
    const code = await limitedCode({ maxApplications: 1 });
    await ok(order(await cartWith(code.code)), 201);
    const stored = await ok<Resource>(api(server, shop.token, `/test/discount-codes/${code.id}`));
    expect(stored.version).toBe(code.version);
    const cart = await cartWith(code.code);
    expect(states(cart)).toEqual(['MaxApplicationReached']);
    await ok(
      api(server, shop.token, `/test/discount-codes/${code.id}`, {
        body: { version: stored.version, actions: [{ action: 'setMaxApplications', maxApplications: 2 }] },
      }),
    );
    const again = await updatedCart(server, shop, cart, [{ action: 'recalculate' }]);
    expect(states(again)).toEqual(['MatchesCart']);
    expect(again.totalPrice).toEqual(cents(900));
    await ok(order(again), 201);
  });

  it('maxApplications 0: the code never applies', async () => {
    const code = await limitedCode({ maxApplications: 0 });
    const cart = await cartWith(code.code);
    expect(states(cart)).toEqual(['MaxApplicationReached']);
    await expectError(await order(cart), 400, 'DiscountCodeNonApplicable');
  });
});

describe('maxApplicationsPerCustomer', () => {
  it("counts each customer's orders apart; anonymous carts are not limited by it", async () => {
    const code = await limitedCode({ maxApplicationsPerCustomer: 1 });
    const [ann, bob] = [await customer(), await customer()];
    await ok(order(await cartWith(code.code, ann)), 201);
    const annAgain = await cartWith(code.code, ann);
    expect(states(annAgain)).toEqual(['MaxApplicationReached']);
    expect(annAgain.totalPrice).toEqual(cents(1000));
    await expectError(await order(annAgain), 400, 'DiscountCodeNonApplicable');
    const bobs = await cartWith(code.code, bob);
    expect(states(bobs)).toEqual(['MatchesCart']);
    await ok(order(bobs), 201);
    for (let i = 0; i < 2; i++) await ok(order(await cartWith(code.code)), 201);
  });

  it('both limits: the code in all and the customer each count the order', async () => {
    const code = await limitedCode({ maxApplications: 2, maxApplicationsPerCustomer: 5 });
    const ann = await customer();
    await ok(order(await cartWith(code.code, ann)), 201);
    await ok(order(await cartWith(code.code)), 201);
    expect(states(await cartWith(code.code, ann))).toEqual(['MaxApplicationReached']);
  });
});
