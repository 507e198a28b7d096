import { api } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, money, update, updated, type Resource } from '../support/pricing.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { cartDiscount, discountCode, newCart, pricingShop, updatedCart, type PricedCart, type Shop } from './pricing-fixtures.js';
import { gqlData } from '../graphql/support.js';
import { ok } from './support.js';

/**
 * Discount groups: of a group's cart discounts that match a cart only the one that takes the most
 * off applies, at the group's sort order, while the group is active. Discounts are project-wide, so
 * each test limits its own to carts of one e-mail address (`only()`), as cart-discounts.test.ts does.
 */
let server: TestServer;
let shop: Shop;
const clock = new ManualClock(Date.parse('2030-06-01T00:00:00.000Z'));
let mails = 0;
let groups = 0;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  shop = await pricingShop(server);
});
afterAll(async () => {
  await server.close();
});

function only(): { email: string; cartPredicate: string } {
  const email = `grouped-${++mails}@example.com`;
  return { email, cartPredicate: `customer.email = "${email}"` };
}

const group = (sortOrder: string, more: Record<string, unknown> = {}) =>
  create(server, shop.token, 'discount-groups', { key: `group-${++groups}`, sortOrder, ...more });
const inGroup = (g: Resource) => ({ discountGroup: { typeId: 'discount-group', id: g.id }, sortOrder: undefined });
const cartFor = (email: string, mugs: number, more: Record<string, unknown> = {}) =>
  newCart(server, shop, [[shop.mug, mugs]], undefined, { customerEmail: email, ...more });
/** The discounts in the cart's first line's first price, with the amounts they took off. */
const taken = (cart: PricedCart) =>
  cart.lineItems[0].discountedPricePerQuantity.flatMap((d) => d.discountedPrice.includedDiscounts).map((p) => [p.discount.id, p.discountedAmount.centAmount]);
const states = (cart: PricedCart) => cart.discountCodes.map((c) => c.state);
const getDiscount = async (id: string) => ok<Resource>(api(server, shop.token, `/test/cart-discounts/${id}`));

describe('best deal within a group', () => {
  it('only the discount that takes the most off applies, and which one follows the cart', async () => {
    const { email, cartPredicate } = only();
    const g = await group('0.61');
    const quarter = await cartDiscount(server, shop, { cartPredicate, value: { type: 'relative', permyriad: 2500 }, ...inGroup(g) });
    const threeOff = await cartDiscount(server, shop, { cartPredicate, value: { type: 'absolute', money: [money(300)] }, ...inGroup(g) });
    // One mug (10.00): 25% is 2.50, 3.00 off is more.
    const one = await cartFor(email, 1);
    expect(taken(one)).toEqual([[threeOff.id, 300]]);
    expect(one.totalPrice).toEqual(cents(700));
    // Two mugs (20.00): 25% is 5.00.
    const two = await updatedCart(server, shop, one, [{ action: 'changeLineItemQuantity', lineItemId: one.lineItems[0].id, quantity: 2 }]);
    expect(two.totalPrice).toEqual(cents(1500));
    expect(two.lineItems[0].discountedPricePerQuantity).toHaveLength(1);
    expect(taken(two)).toEqual([[quarter.id, 250]]);
  });

  it('the group applies at its sort order, on what the discounts before it left; a discount outside it stacks', async () => {
    const { email, cartPredicate } = only();
    const g = await group('0.62');
    const before = await cartDiscount(server, shop, { cartPredicate, sortOrder: '0.63', value: { type: 'relative', permyriad: 5000 } });
    // On 5.00 left: 40% is 2.00, 1.50 off is less.
    const forty = await cartDiscount(server, shop, { cartPredicate, value: { type: 'relative', permyriad: 4000 }, ...inGroup(g) });
    await cartDiscount(server, shop, { cartPredicate, value: { type: 'absolute', money: [money(150)] }, ...inGroup(g) });
    const after = await cartDiscount(server, shop, { cartPredicate, sortOrder: '0.601', value: { type: 'absolute', money: [money(100)] } });
    const cart = await cartFor(email, 1);
    expect(taken(cart)).toEqual([
      [before.id, 500],
      [forty.id, 200],
      [after.id, 100],
    ]);
    expect(cart.totalPrice).toEqual(cents(200));
  });

  it("the losing discount's code is ApplicationStoppedByGroupBestDeal; the cart can still be ordered, without it", async () => {
    const { email, cartPredicate } = only();
    const g = await group('0.64');
    await cartDiscount(server, shop, { cartPredicate, value: { type: 'relative', permyriad: 2000 }, ...inGroup(g) });
    const coded = await cartDiscount(server, shop, { cartPredicate, requiresDiscountCode: true, value: { type: 'relative', permyriad: 1000 }, ...inGroup(g) });
    const code = await discountCode(server, shop, `GROUPED-${mails}`, [coded], { maxApplications: 1 });
    const cart = await cartFor(email, 1, { discountCodes: [code.code] });
    expect(states(cart)).toEqual(['ApplicationStoppedByGroupBestDeal']);
    expect(cart.totalPrice).toEqual(cents(800));
    await ok(api(server, shop.token, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } }), 201);
    // The code was not applied, so it was not counted against its one application.
    const next = await cartFor(email, 1, { discountCodes: [code.code] });
    expect(states(next)).toEqual(['ApplicationStoppedByGroupBestDeal']);
  });

  it('a code whose discount wins the group is MatchesCart', async () => {
    const { email, cartPredicate } = only();
    const g = await group('0.65');
    await cartDiscount(server, shop, { cartPredicate, value: { type: 'relative', permyriad: 1000 }, ...inGroup(g) });
    const coded = await cartDiscount(server, shop, { cartPredicate, requiresDiscountCode: true, value: { type: 'relative', permyriad: 3000 }, ...inGroup(g) });
    await discountCode(server, shop, `WINNER-${mails}`, [coded]);
    const cart = await cartFor(email, 1, { discountCodes: [`WINNER-${mails}`] });
    expect(states(cart)).toEqual(['MatchesCart']);
    expect(taken(cart)).toEqual([[coded.id, 300]]);
  });

  it("an inactive group's discounts do not apply; activating it again brings them back", async () => {
    const { email, cartPredicate } = only();
    const g = await group('0.66', { isActive: false });
    await cartDiscount(server, shop, { cartPredicate, ...inGroup(g) });
    expect((await cartFor(email, 1)).totalPrice).toEqual(cents(1000));
    await updated(server, shop.token, 'discount-groups', g, [{ action: 'setIsActive', isActive: true }]);
    expect((await cartFor(email, 1)).totalPrice).toEqual(cents(900));
  });
});

describe('sort orders and membership', () => {
  it("a group's discounts take its sort order and share it; the group's new sort order is written to them", async () => {
    const g = await group('0.67');
    const a = await cartDiscount(server, shop, { cartPredicate: '1 = 2', ...inGroup(g) });
    const b = await cartDiscount(server, shop, { cartPredicate: '1 = 2', sortOrder: '0.9999', discountGroup: { typeId: 'discount-group', key: g.key } });
    expect([a.sortOrder, b.sortOrder]).toEqual(['0.67', '0.67']);
    expect(a.discountGroup).toEqual({ typeId: 'discount-group', id: g.id });
    const expanded = await ok<{ discountGroup: { obj?: Resource } }>(api(server, shop.token, `/test/cart-discounts/${a.id}?expand=discountGroup`));
    expect(expanded.discountGroup.obj).toMatchObject({ id: g.id, key: g.key });
    const read = await gqlData(server, shop.token, 'query ($id: String) { cartDiscount(id: $id) { sortOrder discountGroupRef { typeId id } } }', { id: a.id });
    expect(read.cartDiscount).toEqual({ sortOrder: '0.67', discountGroupRef: { typeId: 'discount-group', id: g.id } });
    await updated(server, shop.token, 'discount-groups', g, [{ action: 'setSortOrder', sortOrder: '0.671' }]);
    const moved = await getDiscount(a.id);
    expect(moved).toMatchObject({ sortOrder: '0.671', version: 2 });
    // A write based on the version before the group moved is refused, not applied over it.
    await expectError(
      await update(server, shop.token, 'cart-discounts', a.id, a.version, [{ action: 'changeName', name: { en: 'x' } }]),
      409,
      'ConcurrentModification',
    );
  });

  it('a sort order is unique among the groups and the discounts outside them (400 DuplicateField)', async () => {
    const g = await group('0.68');
    const outside = await cartDiscount(server, shop, { cartPredicate: '1 = 2', sortOrder: '0.681' });
    await expectError(await api(server, shop.token, '/test/cart-discounts', { body: draft({ sortOrder: '0.68' }) }), 400, 'DuplicateField', {
      field: 'sortOrder',
      duplicateValue: '0.68',
    });
    await expectError(await api(server, shop.token, '/test/discount-groups', { body: { key: 'taken-order', sortOrder: '0.681' } }), 400, 'DuplicateField', {
      field: 'sortOrder',
      duplicateValue: '0.681',
    });
    await expectError(
      await update(server, shop.token, 'discount-groups', g.id, g.version, [{ action: 'setSortOrder', sortOrder: '0.681' }]),
      400,
      'DuplicateField',
      { field: 'sortOrder' },
    );
    await expectError(
      await update(server, shop.token, 'cart-discounts', outside.id, outside.version, [{ action: 'changeSortOrder', sortOrder: '0.68' }]),
      400,
      'DuplicateField',
      { field: 'sortOrder' },
    );
    expect((await ok<Resource>(api(server, shop.token, `/test/discount-groups/${g.id}`))).sortOrder).toBe('0.68');
  });

  it('a draft needs a sort order or a group; an unknown group is 400 ReferencedResourceNotFound', async () => {
    await expectError(await api(server, shop.token, '/test/cart-discounts', { body: draft({ sortOrder: undefined }) }), 400, 'RequiredField', {
      field: 'sortOrder',
    });
    await expectError(
      await api(server, shop.token, '/test/cart-discounts', {
        body: draft({ sortOrder: undefined, discountGroup: { typeId: 'discount-group', key: 'nope' } }),
      }),
      400,
      'ReferencedResourceNotFound',
    );
  });

  it('setDiscountGroup moves a discount into a group and out of it (with its own sort order); changeSortOrder inside a group is 400', async () => {
    const g = await group('0.69');
    const discount = await cartDiscount(server, shop, { cartPredicate: '1 = 2', sortOrder: '0.691' });
    const joined = await updated<Resource>(server, shop.token, 'cart-discounts', discount, [{ action: 'setDiscountGroup', discountGroup: { key: g.key } }]);
    expect(joined).toMatchObject({ sortOrder: '0.69', discountGroup: { typeId: 'discount-group', id: g.id } });
    await expectError(
      await update(server, shop.token, 'cart-discounts', joined.id, joined.version, [{ action: 'changeSortOrder', sortOrder: '0.692' }]),
      400,
      'InvalidOperation',
    );
    await expectError(await update(server, shop.token, 'cart-discounts', joined.id, joined.version, [{ action: 'setDiscountGroup' }]), 400, 'RequiredField', {
      field: 'sortOrder',
    });
    // The sort order it left is free again for another discount outside groups.
    await cartDiscount(server, shop, { cartPredicate: '1 = 2', sortOrder: '0.691' });
    const left = await updated<Resource>(server, shop.token, 'cart-discounts', joined, [{ action: 'setDiscountGroup', sortOrder: '0.693' }]);
    expect(left.sortOrder).toBe('0.693');
    expect(left.discountGroup).toBeUndefined();
  });

  it('a group with discounts in it cannot be deleted (400 ReferenceExists); once empty it can', async () => {
    const g = await group('0.71');
    const discount = await cartDiscount(server, shop, { cartPredicate: '1 = 2', ...inGroup(g) });
    await expectError(await api(server, shop.token, `/test/discount-groups/${g.id}?version=${g.version}`, { method: 'DELETE' }), 400, 'ReferenceExists');
    await updated(server, shop.token, 'cart-discounts', discount, [{ action: 'setDiscountGroup', sortOrder: '0.711' }]);
    expect((await api(server, shop.token, `/test/discount-groups/${g.id}?version=${g.version}`, { method: 'DELETE' })).status).toBe(200);
  });
});

let drafts = 0;
function draft(more: Record<string, unknown>) {
  return {
    key: `grouped-draft-${++drafts}`,
    name: { en: 'd' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 2',
    target: { type: 'lineItems', predicate: '1 = 1' },
    ...more,
  };
}
