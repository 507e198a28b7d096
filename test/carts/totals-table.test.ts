import type { Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { cartDiscount, discountCode, newCart, pricingShop, updatedCart, type PricedCart, type Shop } from './pricing-fixtures.js';

/**
 * A cart with a category-filtered cart discount, a discount code, a
 * shipping method and a tax rate has the totals the platform computes, money in integer cents.
 *
 * The shop (see pricing-fixtures.ts): shirt 20.00 EUR in the category "shirts", mug 10.00 EUR;
 * shipping 4.99 EUR, free from 100.00 EUR of items. Discounts, in the platform's order (greater
 * sortOrder first, each on what the previous left):
 *   A (0.9)  10% off line items in "shirts", every cart;
 *   B (0.8)  5.00 EUR off all line items, only with the code SAVE5 — shared in proportion to the
 *            prices A left (36.00 and 10.00 EUR: 3.91 and 1.09, the cent left over to the larger
 *            remainder), each item's share spread over its units (1.95 and 1.96 on the two shirts).
 * Taxes come last, on the discounted totals, per line item, rounded half even:
 *   DE 19% included (net = gross / 1.19), Bavaria 7% included, AT 20% added, US 10% + 5% added.
 */
interface Row {
  name: string;
  country: string;
  state?: string;
  shirts: number;
  mugs: number;
  code?: string;
  expected: {
    shirtTotal: number;
    mugTotal: number;
    shipping: number;
    totalPrice: number;
    net: number;
    gross: number;
    portions: [string, number, number][];
    shirtTax: [number, number];
    shippingTax: [number, number];
    codeState?: string;
  };
}

const table: Row[] = [
  {
    name: 'DE, 19% included, without the code',
    country: 'DE',
    shirts: 2,
    mugs: 1,
    expected: {
      shirtTotal: 3600,
      mugTotal: 1000,
      shipping: 499,
      totalPrice: 5099,
      net: 4284,
      gross: 5099,
      portions: [['19% MwSt', 0.19, 815]],
      shirtTax: [3025, 3600],
      shippingTax: [419, 499],
    },
  },
  {
    name: 'DE, 19% included, with SAVE5',
    country: 'DE',
    shirts: 2,
    mugs: 1,
    code: 'SAVE5',
    expected: {
      shirtTotal: 3209,
      mugTotal: 891,
      shipping: 499,
      totalPrice: 4599,
      net: 3865,
      gross: 4599,
      portions: [['19% MwSt', 0.19, 734]],
      shirtTax: [2697, 3209],
      shippingTax: [419, 499],
      codeState: 'MatchesCart',
    },
  },
  {
    name: 'DE Bavaria, the state rate (7% included), with SAVE5',
    country: 'DE',
    state: 'Bavaria',
    shirts: 2,
    mugs: 1,
    code: 'SAVE5',
    expected: {
      shirtTotal: 3209,
      mugTotal: 891,
      shipping: 499,
      totalPrice: 4599,
      net: 4298,
      gross: 4599,
      portions: [['7% Bavaria', 0.07, 301]],
      shirtTax: [2999, 3209],
      shippingTax: [466, 499],
      codeState: 'MatchesCart',
    },
  },
  {
    name: 'AT, 20% added, with SAVE5',
    country: 'AT',
    shirts: 2,
    mugs: 1,
    code: 'SAVE5',
    expected: {
      shirtTotal: 3209,
      mugTotal: 891,
      shipping: 499,
      totalPrice: 4599,
      net: 4599,
      gross: 5519,
      portions: [['20% USt', 0.2, 920]],
      shirtTax: [3209, 3851],
      shippingTax: [499, 599],
      codeState: 'MatchesCart',
    },
  },
  {
    name: 'US, 10% + 5% sub-rates added, with SAVE5',
    country: 'US',
    shirts: 2,
    mugs: 1,
    code: 'SAVE5',
    expected: {
      shirtTotal: 3209,
      mugTotal: 891,
      shipping: 499,
      totalPrice: 4599,
      net: 4599,
      gross: 5289,
      portions: [
        ['state', 0.1, 460],
        ['city', 0.05, 230],
      ],
      shirtTax: [3209, 3690],
      shippingTax: [499, 574],
      codeState: 'MatchesCart',
    },
  },
  {
    name: 'DE, free shipping from 100.00 EUR of items (before discounts)',
    country: 'DE',
    shirts: 5,
    mugs: 1,
    expected: {
      shirtTotal: 9000,
      mugTotal: 1000,
      shipping: 0,
      totalPrice: 10000,
      net: 8403,
      gross: 10000,
      portions: [['19% MwSt', 0.19, 1597]],
      shirtTax: [7563, 9000],
      shippingTax: [0, 0],
    },
  },
];

let server: TestServer;
let shop: Shop;
let categoryDiscount: Resource;
let codeDiscount: Resource;

beforeAll(async () => {
  server = await startTestServer();
  shop = await pricingShop(server);
  categoryDiscount = await cartDiscount(server, shop, {
    sortOrder: '0.9',
    target: { type: 'lineItems', predicate: `categories.id contains "${shop.shirts.id}"` },
  });
  codeDiscount = await cartDiscount(server, shop, {
    sortOrder: '0.8',
    requiresDiscountCode: true,
    value: { type: 'absolute', money: [{ currencyCode: 'EUR', centAmount: 500 }] },
  });
  await discountCode(server, shop, 'SAVE5', [codeDiscount]);
});
afterAll(async () => {
  await server.close();
});

/** The cart built step by step, as a storefront would: items, address, shipping method, code. */
async function checkout(row: Row): Promise<PricedCart> {
  const cart = await newCart(server, shop, [
    [shop.shirt, row.shirts],
    [shop.mug, row.mugs],
  ]);
  return updatedCart(server, shop, cart, [
    { action: 'setShippingAddress', address: { country: row.country, ...(row.state ? { state: row.state } : {}) } },
    { action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'standard' } },
    ...(row.code ? [{ action: 'addDiscountCode', code: row.code }] : []),
  ]);
}

const eur = (centAmount: number) => ({ type: 'centPrecision', currencyCode: 'EUR', centAmount, fractionDigits: 2 });

describe.each(table)('$name', (row) => {
  let cart: PricedCart;
  beforeAll(async () => {
    cart = await checkout(row);
  });
  const { expected } = row;
  const [shirtLine, mugLine] = [0, 1];

  it('line totals after the cart discounts', () => {
    expect(cart.lineItems[shirtLine].totalPrice).toEqual(eur(expected.shirtTotal));
    expect(cart.lineItems[mugLine].totalPrice).toEqual(eur(expected.mugTotal));
  });

  it('the shipping price (the rate, free above 100.00 EUR)', () => {
    expect(cart.shippingInfo).toMatchObject({ shippingMethodName: 'Standard', price: eur(expected.shipping), shippingMethodState: 'MatchesCart' });
  });

  it('totalPrice: line items + shipping', () => {
    expect(cart.totalPrice).toEqual(eur(expected.totalPrice));
  });

  it('taxedPrice: the sums of the items and the shipping, one portion per rate', () => {
    expect(cart.taxedPrice).toEqual({
      totalNet: eur(expected.net),
      totalGross: eur(expected.gross),
      totalTax: eur(expected.gross - expected.net),
      taxPortions: expected.portions.map(([name, rate, amount]) => ({ name, rate, amount: eur(amount) })),
    });
  });

  it('each line item and the shipping carry their rate and taxed price', () => {
    const [net, gross] = expected.shirtTax;
    expect(cart.lineItems[shirtLine].taxedPrice).toMatchObject({ totalNet: eur(net), totalGross: eur(gross), totalTax: eur(gross - net) });
    expect(cart.lineItems[shirtLine].taxRate?.country).toBe(row.country);
    const [shippingNet, shippingGross] = expected.shippingTax;
    expect(cart.shippingInfo?.taxedPrice).toMatchObject({ totalNet: eur(shippingNet), totalGross: eur(shippingGross) });
    expect(cart.taxedShippingPrice).toEqual(cart.shippingInfo?.taxedPrice);
  });

  it('the discount code state', () => {
    expect(cart.discountCodes.map((c) => c.state)).toEqual(expected.codeState ? [expected.codeState] : []);
  });
});

describe('the units behind the totals', () => {
  it('with SAVE5, each shirt carries both discounts; the 3.91 share splits 1.95 + 1.96 over the two units', async () => {
    const cart = await checkout(table[1]);
    const discount = (id: string, amount: number) => ({ discount: { typeId: 'cart-discount', id }, discountedAmount: eur(amount) });
    expect(cart.lineItems[0].discountedPricePerQuantity).toEqual([
      { quantity: 1, discountedPrice: { value: eur(1605), includedDiscounts: [discount(categoryDiscount.id, 200), discount(codeDiscount.id, 195)] } },
      { quantity: 1, discountedPrice: { value: eur(1604), includedDiscounts: [discount(categoryDiscount.id, 200), discount(codeDiscount.id, 196)] } },
    ]);
    expect(cart.lineItems[1].discountedPricePerQuantity).toEqual([
      { quantity: 1, discountedPrice: { value: eur(891), includedDiscounts: [discount(codeDiscount.id, 109)] } },
    ]);
  });

  it('the category discount needs the category: the mug alone gets nothing', async () => {
    const cart = await newCart(server, shop, [[shop.mug, 2]], 'DE');
    expect(cart.lineItems[0].discountedPricePerQuantity).toEqual([]);
    expect(cart.totalPrice).toEqual(eur(2000));
  });

  it('the same totals when the cart is created with address, method and code in its draft', async () => {
    const cart = await newCart(
      server,
      shop,
      [
        [shop.shirt, 2],
        [shop.mug, 1],
      ],
      'DE',
      { shippingMethod: { key: 'standard' }, discountCodes: ['SAVE5'] },
    );
    expect(cart.totalPrice).toEqual(eur(4599));
    expect(cart.taxedPrice?.totalNet).toEqual(eur(3865));
    expect(cart.discountCodes[0].state).toBe('MatchesCart');
  });
});
