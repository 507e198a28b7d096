import type {
  BusinessUnit,
  Cart,
  CartUpdateAction,
  CustomLineItem,
  CustomLineItemDraft,
  DiscountCode,
  ShippingMethod,
  TaxCategory,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError, ReferencedResourceNotFoundError } from '../../errors/api-error.js';
import { addDiscountCode, removeDiscountCode } from './cart-discount-codes.js';
import {
  addItemShippingAddress,
  addLineItem,
  changeLineItemsOrder,
  customLineItemFromDraft,
  findLineItem,
  priceLineItem,
  removeItemShippingAddress,
  shippingDetailsFromDraft,
  shippingValid,
  updateItemShippingAddress,
  type ProductLookup,
} from './cart-lines.js';
import { assertStillBelongs, owningUnit } from '../business-units/index.js';
import { readCustomer } from '../../resources/views/owner.js';
import { addPayment, removePayment } from '../payments/index.js';
import { customerGroupLookup } from '../customers/index.js';
import { setShippingMethod } from './cart-shipping.js';
import { MatchingPriceNotFoundError, ShippingMethodDoesNotMatchCartError } from '../../errors/commerce-errors.js';
import type { CartCalculator } from './cart-totals.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { resolveReference } from '../../resources/resource-identifiers.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';
import { customFieldActions, customFieldsFromDraft } from '../types/index.js';

/** What cart actions read besides the cart: products (through the calculator's sources), and the resources of shipping, taxes and discounts. */
export interface CartDependencies {
  calculator: CartCalculator;
  businessUnits: DocumentRepository<BusinessUnit>;
  taxCategories: DocumentRepository<TaxCategory>;
  shippingMethods: DocumentRepository<ShippingMethod>;
  discountCodes: DocumentRepository<DiscountCode>;
}

/** A custom line item of a draft, its tax category (by id or key) resolved. */
export async function customLineItem(ctx: RequestContext, cart: Cart, draft: CustomLineItemDraft, deps: CartDependencies): Promise<CustomLineItem> {
  const item = customLineItemFromDraft(cart, draft);
  if (draft.taxCategory) item.taxCategory = await resolveReference(ctx, deps.taxCategories, draft.taxCategory, 'taxCategory');
  const custom = await customFieldsFromDraft(ctx, 'custom-line-item', draft.custom);
  if (custom) item.custom = custom;
  return item;
}

/**
 * setShippingMethod: the method and its rate. Whether the method's predicate matches the cart as the change
 * leaves it (else 400 ShippingMethodDoesNotMatchCart) is checked after the cart's one recalculation.
 */
export async function setCartShippingMethod(
  ctx: RequestContext,
  cart: Cart,
  identifier: CartUpdateAction & { action: 'setShippingMethod' },
  deps: CartDependencies,
): Promise<void> {
  const sources = deps.calculator.sources(ctx);
  await setShippingMethod(cart, identifier.shippingMethod, sources, (key) => deps.shippingMethods.find(ctx, { key }));
}

/** After the cart's one recalculation: a shipping method the change set must match the cart as it leaves it. */
export function assertShippingMethodMatches(cart: Cart): void {
  if (cart.shippingInfo?.shippingMethodState === 'DoesNotMatchCart') throw new ShippingMethodDoesNotMatchCartError();
}

type Handler<K extends CartUpdateAction['action']> = ActionHandlers<Cart, CartUpdateAction>[K];

/**
 * Re-reads every line item's product: current prices (and with `updateProductData` also name, slug,
 * product type and variant), and removes the items whose product, variant or matching price is gone
 * (the platform's recalculation, also done for the cart a sign-in returns).
 */
export async function refreshFromProducts(ctx: RequestContext, cart: Cart, products: ProductLookup, updateProductData: boolean): Promise<void> {
  const now = ctx.app.clock.now();
  const kept = [];
  const found = new Map(
    (
      await products.byIds(
        ctx,
        cart.lineItems.map((item) => item.productId),
      )
    ).map((p) => [p.id, p]),
  );
  for (const item of cart.lineItems) {
    const product = found.get(item.productId);
    const data = product?.masterData.published ? product.masterData.current : undefined;
    const variant = data && [data.masterVariant, ...data.variants].find((v) => v.id === item.variant.id);
    if (!product || !data || !variant) continue;
    if (updateProductData) {
      item.name = data.name;
      item.productSlug = data.slug;
      item.productType = product.productType;
      item.variant = structuredClone(variant);
    } else {
      item.variant.prices = structuredClone(variant.prices);
    }
    try {
      priceLineItem(cart, item, now);
    } catch (err) {
      if (err instanceof MatchingPriceNotFoundError) continue;
      throw err;
    }
    kept.push(item);
  }
  cart.lineItems = kept;
}

/** The cart update actions; every one leaves the cart priced and its totals recalculated. */
export function cartActions(deps: CartDependencies): ActionHandlers<Cart, CartUpdateAction> {
  const customerGroups = customerGroupLookup();
  const { calculator } = deps;
  const { products } = calculator;
  const table: ActionHandlers<Cart, CartUpdateAction> = {
    ...customFieldActions('order'),
    addLineItem: (cart, a, ctx) => addLineItem(ctx, cart, a, products),
    changeLineItemQuantity: (cart, a) => {
      const item = findLineItem(cart, a);
      if (a.quantity === 0) {
        cart.lineItems = cart.lineItems.filter((li) => li !== item);
        return;
      }
      item.quantity = a.quantity;
      if (item.shippingDetails) item.shippingDetails.valid = shippingValid(item.shippingDetails.targets, item.quantity);
    },
    removeLineItem: (cart, a) => {
      const item = findLineItem(cart, a);
      if (a.quantity === undefined || a.quantity >= item.quantity) {
        cart.lineItems = cart.lineItems.filter((li) => li !== item);
        return;
      }
      item.quantity -= a.quantity;
      if (item.shippingDetails) item.shippingDetails.valid = shippingValid(item.shippingDetails.targets, item.quantity);
    },
    addCustomLineItem: async (cart, a, ctx) => void cart.customLineItems.push(await customLineItem(ctx, cart, a, deps)),
    removeCustomLineItem: (cart, a) => {
      const index = cart.customLineItems.findIndex((c) =>
        a.customLineItemId !== undefined ? c.id === a.customLineItemId : a.customLineItemKey !== undefined && c.key === a.customLineItemKey,
      );
      if (index < 0)
        throw new InvalidOperationError(
          `The cart has no custom line item with ${a.customLineItemId !== undefined ? `id '${a.customLineItemId}'` : `key '${a.customLineItemKey}'`}.`,
        );
      cart.customLineItems.splice(index, 1);
    },
    setLineItemShippingDetails: (cart, a) => {
      const item = findLineItem(cart, a);
      if (a.shippingDetails) item.shippingDetails = shippingDetailsFromDraft(cart, a.shippingDetails, item.quantity);
      else delete item.shippingDetails;
    },
    addItemShippingAddress: (cart, a) => addItemShippingAddress(cart, a.address),
    updateItemShippingAddress: (cart, a) => updateItemShippingAddress(cart, a.address),
    removeItemShippingAddress: (cart, a) => removeItemShippingAddress(cart, a.addressKey),
    changeLineItemsOrder: (cart, a) => changeLineItemsOrder(cart, a.lineItemOrder),
    setShippingAddress: (cart, a) => setOptional(cart, 'shippingAddress', a.address),
    setBillingAddress: (cart, a) => setOptional(cart, 'billingAddress', a.address),
    setCustomerEmail: (cart, a) => setOptional(cart, 'customerEmail', a.email),
    setLocale: (cart, a) => setOptional(cart, 'locale', a.locale),
    setCountry: (cart, a) => setOptional(cart, 'country', a.country),
    setDeleteDaysAfterLastModification: (cart, a) => setOptional(cart, 'deleteDaysAfterLastModification', a.deleteDaysAfterLastModification),
    // The merchant's alone (not in MyCartUpdateAction): the key and the owner. The owner columns follow
    // the document, so /me reads and the sign-in merge see the new owner at once.
    setKey: (cart, a) => setOptional(cart, 'key', a.key),
    setCustomerGroup: async (cart, a, ctx) => {
      if (cart.customerId !== undefined) throw new InvalidOperationError("The cart has a customer: its customer group is the customer's (setCustomerId).");
      setOptional(cart, 'customerGroup', a.customerGroup ? await customerGroups(ctx, a.customerGroup) : undefined);
    },
    setAnonymousId: (cart, a) => setOptional(cart, 'anonymousId', a.anonymousId),
    setBusinessUnit: async (cart, a, ctx) => {
      if (!cart.businessUnit)
        throw new InvalidOperationError('The cart belongs to no business unit: setBusinessUnit only moves a cart between business units.');
      cart.businessUnit = await owningUnit(ctx, deps.businessUnits, a.businessUnit, cart, 'cart');
    },
    // The cart takes the new customer's group, as a cart created for that customer does (its prices
    // follow in the recalculation); removing the customer leaves the group as it is.
    setCustomerId: async (cart, a, ctx) => {
      if (a.customerId !== undefined) {
        const customer = await readCustomer(ctx, a.customerId);
        if (!customer) throw new ReferencedResourceNotFoundError('customer', { id: a.customerId });
        await assertStillBelongs(ctx, deps.businessUnits, cart.businessUnit, { customerId: a.customerId }, 'cart');
        setOptional(cart, 'customerGroup', customer.customerGroup);
      }
      setOptional(cart, 'customerId', a.customerId);
    },
    recalculate: (cart, a, ctx) => refreshFromProducts(ctx, cart, products, a.updateProductData ?? false),
    setShippingMethod: (cart, a, ctx) => setCartShippingMethod(ctx, cart, a, deps),
    addDiscountCode: (cart, a, ctx) => addDiscountCode(ctx, cart, a.code, deps.discountCodes),
    removeDiscountCode: (cart, a) => removeDiscountCode(cart, a.discountCode),
    addPayment: (cart, a, ctx) => addPayment(ctx, cart, a.payment, 'cart'),
    removePayment: (cart, a, ctx) => removePayment(ctx, cart, a.payment, 'cart'),
    changeTaxMode: (cart, a) => void (cart.taxMode = a.taxMode),
    changeTaxRoundingMode: (cart, a) => void (cart.taxRoundingMode = a.taxRoundingMode),
    changeTaxCalculationMode: (cart, a) => void (cart.taxCalculationMode = a.taxCalculationMode),
  };
  return Object.fromEntries(
    Object.entries(table).map(([name, handler]) => [
      name,
      async (cart: Cart, action: CartUpdateAction, ctx: RequestContext) => {
        // Merged and Ordered carts take no further changes.
        if (cart.cartState !== 'Active') throw new InvalidOperationError(`The cart is ${cart.cartState} and can no longer be changed.`);
        await (handler as Handler<typeof action.action> as (c: Cart, a: CartUpdateAction, x: RequestContext) => void | Promise<void>)(cart, action, ctx);
        await calculator.recalculate(ctx, cart);
        if (action.action === 'setShippingMethod') assertShippingMethodMatches(cart);
      },
    ]),
  ) as ActionHandlers<Cart, CartUpdateAction>;
}
