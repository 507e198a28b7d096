import { api, clientToken } from '../support/auth.js';
import { create, money, nextSortOrder, type Resource } from '../support/pricing.js';
import type { TestServer } from '../support/test-server.js';
import { ok, publishedProduct } from './support.js';

/** A cart as the totals tests read it. */
export interface PricedCart {
  id: string;
  version: number;
  totalPrice: Money;
  taxedPrice?: Taxed;
  taxedShippingPrice?: Taxed;
  discountOnTotalPrice?: { discountedAmount: Money; includedDiscounts: Portion[]; discountedNetAmount?: Money; discountedGrossAmount?: Money };
  lineItems: {
    id: string;
    productId: string;
    quantity: number;
    totalPrice: Money;
    taxRate?: { name: string; amount: number; includedInPrice: boolean; country: string; state?: string };
    taxedPrice?: Taxed;
    discountedPricePerQuantity: { quantity: number; discountedPrice: { value: Money; includedDiscounts: Portion[] } }[];
  }[];
  customLineItems: { id: string; totalPrice: Money; taxedPrice?: Taxed; discountedPricePerQuantity: unknown[] }[];
  shippingInfo?: {
    shippingMethodName: string;
    price: Money;
    shippingRate: { price: Money; freeAbove?: Money; isMatching?: boolean };
    taxRate?: { amount: number };
    taxedPrice?: Taxed;
    discountedPrice?: { value: Money; includedDiscounts: Portion[] };
    shippingMethod: { id: string };
    shippingMethodState: string;
  };
  discountCodes: { discountCode: { typeId: string; id: string }; state: string }[];
}
interface Money {
  centAmount: number;
  currencyCode: string;
}
interface Portion {
  discount: { typeId: string; id: string };
  discountedAmount: Money;
}
export interface Taxed {
  totalNet: Money;
  totalGross: Money;
  totalTax?: Money;
  taxPortions: { name?: string; rate: number; amount: Money }[];
}

/**
 * The shop the totals tests price in: a tax category (19% included in DE, 20% added in AT, 10% +
 * 5% sub-rates added in the US, a state rate for Bavaria), a zone and shipping method for DE, AT and
 * US (4.99 EUR, free from 100.00 EUR), a category "shirts", a shirt (20.00 EUR) in it and a mug
 * (10.00 EUR) outside it, both taxed by that category, and a product without a tax category.
 */
export interface Shop {
  token: string;
  taxCategory: Resource;
  shirts: Resource;
  shirt: { id: string };
  mug: { id: string };
  untaxed: { id: string };
  zone: Resource;
  standard: Resource;
}

export async function pricingShop(server: TestServer): Promise<Shop> {
  const token = await clientToken(server, 'manage_project:test');
  const taxCategory = await create(server, token, 'tax-categories', {
    key: 'standard',
    name: 'Standard',
    rates: [
      { name: '19% MwSt', amount: 0.19, includedInPrice: true, country: 'DE' },
      { name: '7% Bavaria', amount: 0.07, includedInPrice: true, country: 'DE', state: 'Bavaria' },
      { name: '20% USt', amount: 0.2, includedInPrice: false, country: 'AT' },
      {
        name: 'US',
        amount: 0.15,
        includedInPrice: false,
        country: 'US',
        subRates: [
          { name: 'state', amount: 0.1 },
          { name: 'city', amount: 0.05 },
        ],
      },
    ],
  });
  const zone = await create(server, token, 'zones', { key: 'shop', name: 'Shop', locations: [{ country: 'DE' }, { country: 'AT' }, { country: 'US' }] });
  const standard = await create(server, token, 'shipping-methods', {
    key: 'standard',
    name: 'Standard',
    isDefault: true,
    taxCategory: { key: 'standard' },
    zoneRates: [{ zone: { key: 'shop' }, shippingRates: [{ price: money(499), freeAbove: money(10000) }] }],
  });
  const shirts = await create(server, token, 'categories', { key: 'shirts', name: { en: 'Shirts' }, slug: { en: 'shirts' } });
  const priced = (centAmount: number) => [{ value: money(centAmount) }];
  const shirt = await publishedProduct(server, token, 'shirt', [{ sku: 'shirt', prices: priced(2000) }], {
    taxCategory: { key: 'standard' },
    categories: [{ typeId: 'category', id: shirts.id }],
  });
  const mug = await publishedProduct(server, token, 'mug', [{ sku: 'mug', prices: priced(1000) }], { taxCategory: { key: 'standard' } });
  const untaxed = await publishedProduct(server, token, 'untaxed', [{ sku: 'untaxed', prices: priced(500) }]);
  return { token, taxCategory, shirts, shirt, mug, untaxed, zone, standard };
}

/** A cart (EUR) of `lines` (product id and quantity) shipped to `country`, and more draft fields. */
export function newCart(
  server: TestServer,
  shop: Shop,
  lines: [{ id: string }, number][],
  country?: string,
  more: Record<string, unknown> = {},
): Promise<PricedCart> {
  return create<PricedCart>(server, shop.token, 'carts', {
    currency: 'EUR',
    lineItems: lines.map(([product, quantity]) => ({ productId: product.id, quantity })),
    ...(country ? { shippingAddress: { country } } : {}),
    ...more,
  });
}

export function cartUpdate(server: TestServer, shop: Shop, cart: { id: string; version: number }, actions: unknown[]): Promise<Response> {
  return api(server, shop.token, `/test/carts/${cart.id}`, { body: { version: cart.version, actions } });
}

export function updatedCart(server: TestServer, shop: Shop, cart: { id: string; version: number }, actions: unknown[]): Promise<PricedCart> {
  return ok<PricedCart>(cartUpdate(server, shop, cart, actions));
}

/** A cart discount (10% off every line item, for every cart, unless `more` says otherwise). */
export function cartDiscount(server: TestServer, shop: Shop, more: Record<string, unknown> = {}): Promise<Resource> {
  return create(server, shop.token, 'cart-discounts', {
    name: { en: 'discount' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: '1 = 1' },
    sortOrder: nextSortOrder(),
    ...more,
  });
}

export async function discountCode(server: TestServer, shop: Shop, code: string, discounts: Resource[], more: Record<string, unknown> = {}): Promise<Resource> {
  return create(server, shop.token, 'discount-codes', { code, cartDiscounts: discounts.map((d) => ({ typeId: 'cart-discount', id: d.id })), ...more });
}

/** Deactivates cart discounts, so the next test starts from none. */
export async function deactivate(server: TestServer, shop: Shop, discounts: Resource[]): Promise<void> {
  for (const d of discounts) {
    const current = await ok<Resource>(api(server, shop.token, `/test/cart-discounts/${d.id}`));
    await ok(
      api(server, shop.token, `/test/cart-discounts/${d.id}`, { body: { version: current.version, actions: [{ action: 'changeIsActive', isActive: false }] } }),
    );
  }
}
