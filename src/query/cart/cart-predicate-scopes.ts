import type { Cart, CustomLineItem, LineItem, Product } from '../../../generated/openapi/client/types.gen.js';
import { cachedCartPredicate, itemsFunction, type CartPredicateScope, type FieldSpec, type MoneyValue } from './index.js';

/** A line item with the product it was added from, when that still exists, and the product's categories. */
export interface LineItemFacts {
  item: LineItem;
  product?: Product;
  /** Ids of the product's (current) categories and of their ancestors. */
  categoriesWithAncestors: string[];
}

/** What cart predicates are evaluated on: the cart before its cart discounts, with its line items' products. */
export interface CartFacts {
  cart: Cart;
  lineItems: LineItemFacts[];
  /** The cart's total before cart discounts (line items, custom line items and shipping). */
  totalPrice: MoneyValue;
}

const string = <C>(get: (c: C) => unknown): FieldSpec<C> => ({ kind: 'string', get });
const number = <C>(get: (c: C) => unknown): FieldSpec<C> => ({ kind: 'number', get });
const money = <C>(get: (c: C) => unknown): FieldSpec<C> => ({ kind: 'money', get });
const custom =
  <C>(holder: (c: C) => { custom?: { fields: Record<string, unknown> } }) =>
  (c: C, name: string) =>
    holder(c).custom?.fields[name];

const sumMoney = (currencyCode: string, amounts: readonly number[]): MoneyValue => ({ currencyCode, centAmount: amounts.reduce((a, b) => a + b, 0) });

/** Line item identifiers: the product, its variant and categories, the price and quantity. */
export const lineItemScope: CartPredicateScope<LineItemFacts> = {
  fields: {
    sku: string((l) => l.item.variant.sku),
    productId: string((l) => l.item.productId),
    'product.id': string((l) => l.item.productId),
    'product.key': string((l) => l.item.productKey),
    'productType.id': string((l) => l.item.productType.id),
    'variant.id': number((l) => l.item.variant.id),
    'variant.key': string((l) => l.item.variant.key),
    key: string((l) => l.item.key),
    quantity: number((l) => l.item.quantity),
    price: money((l) => l.item.price.value),
    'price.id': string((l) => l.item.price.id),
    totalPrice: money((l) => l.item.totalPrice),
    'categories.id': { kind: 'set', get: (l) => (l.product?.masterData.current.categories ?? []).map((c) => c.id) },
    'categoriesWithAncestors.id': { kind: 'set', get: (l) => l.categoriesWithAncestors },
  },
  prefixes: {
    attributes: (l, name) => l.item.variant.attributes?.find((a) => a.name === name)?.value,
    custom: custom((l) => l.item),
  },
};

export const customLineItemScope: CartPredicateScope<CustomLineItem> = {
  fields: {
    slug: string((c) => c.slug),
    key: string((c) => c.key),
    quantity: number((c) => c.quantity),
    money: money((c) => c.money),
    price: money((c) => c.money),
    totalPrice: money((c) => c.totalPrice),
    'taxCategory.id': string((c) => c.taxCategory?.id),
  },
  prefixes: {
    name: (c, locale) => c.name[locale],
    custom: custom((c) => c),
  },
};

/** Cart identifiers, and the functions over its line items and custom line items. */
export const cartScope: CartPredicateScope<CartFacts> = {
  fields: {
    totalPrice: money((f) => f.totalPrice),
    currency: string((f) => f.cart.totalPrice.currencyCode),
    country: string((f) => f.cart.country),
    'customer.id': string((f) => f.cart.customerId),
    customerId: string((f) => f.cart.customerId),
    'customer.email': string((f) => f.cart.customerEmail),
    customerEmail: string((f) => f.cart.customerEmail),
    'customer.customerGroup.id': string((f) => f.cart.customerGroup?.id),
    'customerGroup.id': string((f) => f.cart.customerGroup?.id),
    anonymousId: string((f) => f.cart.anonymousId),
    'shippingInfo.shippingMethodName': string((f) => f.cart.shippingInfo?.shippingMethodName),
    'shippingInfo.shippingMethod.id': string((f) => f.cart.shippingInfo?.shippingMethod?.id),
    'shippingInfo.price': money((f) => f.cart.shippingInfo?.price),
    'shippingInfo.taxCategory.id': string((f) => f.cart.shippingInfo?.taxCategory?.id),
    'shippingInfo.taxRate.country': string((f) => f.cart.shippingInfo?.taxRate?.country),
    'shippingInfo.taxRate.state': string((f) => f.cart.shippingInfo?.taxRate?.state),
    'shippingInfo.taxRate.name': string((f) => f.cart.shippingInfo?.taxRate?.name),
    'shippingInfo.taxRate.amount': number((f) => f.cart.shippingInfo?.taxRate?.amount),
    totalLineItemQuantity: number((f) => f.cart.totalLineItemQuantity ?? 0),
  },
  prefixes: {
    shippingAddress: (f, name) => (f.cart.shippingAddress as Record<string, unknown> | undefined)?.[name],
    billingAddress: (f, name) => (f.cart.billingAddress as Record<string, unknown> | undefined)?.[name],
    custom: custom((f) => f.cart),
  },
  functions: {
    lineItemExists: itemsFunction({ kind: 'boolean', scope: lineItemScope, apply: (f: CartFacts, test) => f.lineItems.some(test) }),
    forAllLineItems: itemsFunction({ kind: 'boolean', scope: lineItemScope, apply: (f: CartFacts, test) => f.lineItems.every(test) }),
    lineItemCount: itemsFunction({
      kind: 'number',
      scope: lineItemScope,
      apply: (f: CartFacts, test) => f.lineItems.filter(test).reduce((n, l) => n + l.item.quantity, 0),
    }),
    lineItemTotal: itemsFunction({
      kind: 'money',
      scope: lineItemScope,
      apply: (f: CartFacts, test) =>
        sumMoney(
          f.cart.totalPrice.currencyCode,
          f.lineItems.filter(test).map((l) => l.item.totalPrice.centAmount),
        ),
    }),
    customLineItemExists: itemsFunction({ kind: 'boolean', scope: customLineItemScope, apply: (f: CartFacts, test) => f.cart.customLineItems.some(test) }),
    forAllCustomLineItems: itemsFunction({ kind: 'boolean', scope: customLineItemScope, apply: (f: CartFacts, test) => f.cart.customLineItems.every(test) }),
    customLineItemCount: itemsFunction({
      kind: 'number',
      scope: customLineItemScope,
      apply: (f: CartFacts, test) => f.cart.customLineItems.filter(test).reduce((n, c) => n + c.quantity, 0),
    }),
    customLineItemTotal: itemsFunction({
      kind: 'money',
      scope: customLineItemScope,
      apply: (f: CartFacts, test) =>
        sumMoney(
          f.cart.totalPrice.currencyCode,
          f.cart.customLineItems.filter(test).map((c) => c.totalPrice.centAmount),
        ),
    }),
  },
};

/** A cart predicate about to be stored, checked (400 InvalidInput naming `subject` when malformed). */
export function checkedCartPredicate(source: string, subject = 'cartPredicate'): string {
  cachedCartPredicate(source, cartScope, subject);
  return source;
}
