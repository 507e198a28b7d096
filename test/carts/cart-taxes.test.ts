import { api } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { cents, create, money } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { cartDiscount, cartUpdate, deactivate, newCart, pricingShop, updatedCart, type PricedCart, type Shop } from './pricing-fixtures.js';
import { ok, publishedProduct } from './support.js';

let server: TestServer;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer();
  shop = await pricingShop(server);
});
afterAll(async () => {
  await server.close();
});

async function taxedProduct(key: string, centAmount: number, rate: Record<string, unknown>) {
  await create(server, shop.token, 'tax-categories', { key, name: key, rates: [{ name: key, country: 'DE', ...rate }] });
  return publishedProduct(server, shop.token, key, [{ sku: key, prices: [{ value: money(centAmount) }] }], { taxCategory: { key } });
}

describe('when taxes are computed', () => {
  it('not before the cart has a shipping address', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]]);
    expect(cart.taxedPrice).toBeUndefined();
    expect(cart.lineItems[0].taxRate).toBeUndefined();
    const addressed = await updatedCart(server, shop, cart, [{ action: 'setShippingAddress', address: { country: 'DE' } }]);
    expect(addressed.lineItems[0].taxRate).toMatchObject({ name: '19% MwSt', amount: 0.19, includedInPrice: true, country: 'DE' });
    expect(addressed.taxedPrice).toMatchObject({ totalNet: cents(840), totalGross: cents(1000), totalTax: cents(160) });
  });

  it("an address the product's tax category has no rate for fails the change (400 MissingTaxRateForCountry), the cart unchanged", async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE');
    const res = await cartUpdate(server, shop, cart, [{ action: 'setShippingAddress', address: { country: 'FR' } }]);
    await expectError(res, 400, 'MissingTaxRateForCountry', { taxCategoryId: shop.taxCategory.id, country: 'FR' });
    const current = await ok<PricedCart>(api(server, shop.token, `/test/carts/${cart.id}`));
    expect(current.version).toBe(cart.version);
  });

  it('a product without a tax category leaves its line item untaxed and the cart without taxedPrice', async () => {
    const cart = await newCart(
      server,
      shop,
      [
        [shop.mug, 1],
        [shop.untaxed, 1],
      ],
      'DE',
    );
    expect(cart.lineItems[0].taxedPrice).toBeDefined();
    expect(cart.lineItems[1].taxRate).toBeUndefined();
    expect(cart.taxedPrice).toBeUndefined();
  });

  it('taxMode Disabled computes none; back to Platform computes them again', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 1]], 'DE');
    const disabled = await updatedCart(server, shop, cart, [{ action: 'changeTaxMode', taxMode: 'Disabled' }]);
    expect(disabled.taxedPrice).toBeUndefined();
    expect(disabled.lineItems[0].taxRate).toBeUndefined();
    const platform = await updatedCart(server, shop, disabled, [{ action: 'changeTaxMode', taxMode: 'Platform' }]);
    expect(platform.taxedPrice?.totalGross).toEqual(cents(1000));
  });

  it('custom line items are taxed by the tax category they name (by key)', async () => {
    const cart = await newCart(server, shop, [], 'AT', {
      customLineItems: [{ name: { en: 'Gift wrap' }, slug: 'wrap', money: money(250), quantity: 2, taxCategory: { typeId: 'tax-category', key: 'standard' } }],
    });
    expect(cart.customLineItems[0].taxedPrice).toMatchObject({ totalNet: cents(500), totalGross: cents(600), totalTax: cents(100) });
    expect(cart.taxedPrice).toMatchObject({ totalNet: cents(500), totalGross: cents(600) });
    await expectError(
      await cartUpdate(server, shop, cart, [{ action: 'addCustomLineItem', name: { en: 'x' }, slug: 'x', money: money(1), taxCategory: { key: 'missing' } }]),
      400,
      'ReferencedResourceNotFound',
      { typeId: 'tax-category', key: 'missing' },
    );
  });
});

describe('rounding', () => {
  it('taxCalculationMode: 3 × 1.08 at 19% added is 3.86 per line (LineItemLevel), 3.87 per unit (UnitPriceLevel), as the platform documents', async () => {
    const product = await taxedProduct('doc-example', 108, { amount: 0.19, includedInPrice: false });
    const cart = await newCart(server, shop, [[product, 3]], 'DE');
    expect(cart.taxedPrice).toMatchObject({ totalNet: cents(324), totalGross: cents(386) });
    const perUnit = await updatedCart(server, shop, cart, [{ action: 'changeTaxCalculationMode', taxCalculationMode: 'UnitPriceLevel' }]);
    expect(perUnit.taxedPrice).toMatchObject({ totalNet: cents(324), totalGross: cents(387), totalTax: cents(63) });
    const fromDraft = await newCart(server, shop, [[product, 3]], 'DE', { taxCalculationMode: 'UnitPriceLevel' });
    expect(fromDraft.taxedPrice?.totalGross).toEqual(cents(387));
  });

  it.each([
    ['HalfEven', 46],
    ['HalfUp', 47],
    ['HalfDown', 46],
  ])('taxRoundingMode %s: 50%% of 0.93 is 0.465, rounded to %s cents', async (mode, tax) => {
    const product = await taxedProduct(`half-${mode}`, 93, { amount: 0.5, includedInPrice: false });
    const cart = await newCart(server, shop, [[product, 1]], 'DE', { taxRoundingMode: mode });
    expect(cart.taxedPrice?.totalTax).toEqual(cents(tax));
    const changed = await updatedCart(server, shop, cart, [{ action: 'changeTaxRoundingMode', taxRoundingMode: 'HalfUp' }]);
    expect(changed.taxedPrice?.totalTax).toEqual(cents(47));
  });

  it('an included rate: the net is the gross / (1 + rate), rounded, the tax the exact rest (1.23 at 20%: 1.02 + 0.21)', async () => {
    const product = await taxedProduct('included-20', 123, { amount: 0.2, includedInPrice: true });
    const cart = await newCart(server, shop, [[product, 1]], 'DE');
    expect(cart.taxedPrice).toEqual({
      totalNet: cents(102),
      totalGross: cents(123),
      totalTax: cents(21),
      taxPortions: [{ name: 'included-20', rate: 0.2, amount: cents(21) }],
    });
  });
});

describe('a discount on the total price', () => {
  it('reduces totalPrice and, by the same share, taxedPrice and taxedShippingPrice (discountOnTotalPrice)', async () => {
    const discount = await cartDiscount(server, shop, {
      target: { type: 'totalPrice' },
      value: { type: 'absolute', money: [money(1000)] },
      cartPredicate: 'totalPrice >= "40.00 EUR"',
    });
    try {
      const cart = await newCart(server, shop, [[shop.mug, 4]], 'DE', { shippingMethod: { key: 'standard' } });
      expect(cart.totalPrice).toEqual(cents(4499 - 1000));
      expect(cart.discountOnTotalPrice).toMatchObject({
        discountedAmount: cents(1000),
        includedDiscounts: [{ discount: { typeId: 'cart-discount', id: discount.id }, discountedAmount: cents(1000) }],
      });
      // All prices include the tax: the gross falls by exactly the discount, the net by its share of the net.
      // Per line item: 40.00 / 1.19 = 33.61, 4.99 / 1.19 = 4.19.
      const fullNet = 3361 + 419;
      expect(cart.taxedPrice?.totalGross).toEqual(cents(3499));
      expect(cart.discountOnTotalPrice?.discountedGrossAmount).toEqual(cents(1000));
      expect(cart.taxedPrice!.totalNet.centAmount + cart.discountOnTotalPrice!.discountedNetAmount!.centAmount).toBe(fullNet);
      expect(cart.taxedShippingPrice?.totalGross).toEqual(cents(499 - Math.round((499 * 1000) / 4499)));
    } finally {
      await deactivate(server, shop, [discount]);
    }
  });
});
