import { randomUUID } from 'node:crypto';
import type {
  BaseAddress,
  Cart,
  CustomLineItem,
  CustomLineItemDraft,
  ItemShippingDetails,
  ItemShippingDetailsDraft,
  LineItem,
  LineItemDraft,
} from '../../../generated/openapi/client/types.gen.js';
import { isoNow } from '../../shared/clock.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidFieldError, InvalidOperationError, RequiredFieldError } from '../../errors/api-error.js';
import { centMoney, moneyFromDraft, multiply, sum, type CentPrecisionMoney, type TypedMoney } from '../../shared/money/money.js';
import { selectPrice, productOfDraft, type ProductLookup, findVariant } from '../catalog/index.js';
import { channelReference } from '../channels/index.js';
import { MatchingPriceNotFoundError } from '../../errors/commerce-errors.js';
import { customFieldsFromDraft } from '../types/index.js';

export type { ProductLookup } from '../catalog/index.js';

/** The line item's price and total for its quantity (the price selection; tiers by quantity). */
export function priceLineItem(cart: Cart, item: LineItem, now: number): void {
  const price = selectPrice(item.variant.prices ?? [], {
    currency: cart.totalPrice.currencyCode,
    country: cart.country,
    customerGroupId: cart.customerGroup?.id,
    channelId: item.distributionChannel?.id,
    now,
    quantity: item.quantity,
  });
  if (!price) throw new MatchingPriceNotFoundError(item.productId, item.variant.id, cart);
  item.price = price;
  item.totalPrice = multiply(price.value as TypedMoney, item.quantity);
}

/** Targets must name item shipping addresses of the cart; valid when their quantities add up to the item's. */
export function shippingDetailsFromDraft(cart: Cart, draft: ItemShippingDetailsDraft, quantity: number): ItemShippingDetails {
  const keys = new Set(cart.itemShippingAddresses.map((a) => a.key));
  const seen = new Set<string>();
  for (const target of draft.targets) {
    if (!keys.has(target.addressKey)) throw new InvalidOperationError(`The cart has no item shipping address with key '${target.addressKey}'.`);
    if (seen.has(target.addressKey)) throw new DuplicateFieldError('addressKey', target.addressKey);
    seen.add(target.addressKey);
  }
  return { targets: draft.targets.map((t) => ({ ...t })), valid: shippingValid(draft.targets, quantity) };
}

export function shippingValid(targets: readonly { quantity: number }[], quantity: number): boolean {
  return targets.reduce((n, t) => n + t.quantity, 0) === quantity;
}

/**
 * Adds a line item by productId (+ variantId, default the master variant) or SKU from the
 * product's current (published) data; the same variant already in the cart gets the quantity added.
 */
export async function addLineItem(ctx: RequestContext, cart: Cart, draft: LineItemDraft, products: ProductLookup): Promise<void> {
  const quantity = draft.quantity ?? 1;
  // The platform adds nothing for quantity 0.
  if (quantity === 0) return;
  const product = await productOfDraft(ctx, draft, products);
  if (!product.masterData.published) throw new InvalidOperationError(`The product '${product.id}' is not published.`);
  const data = product.masterData.current;
  const variant =
    draft.productId !== undefined ? findVariant(data, { variantId: draft.variantId ?? data.masterVariant.id }) : findVariant(data, { sku: draft.sku });
  // The supply channel is where the stock comes from (inventory), the distribution channel whose prices apply.
  const supplyChannel = draft.supplyChannel ? await channelReference(ctx, draft.supplyChannel, 'supplyChannel', 'InventorySupply') : undefined;
  const distributionChannel = draft.distributionChannel
    ? await channelReference(ctx, draft.distributionChannel, 'distributionChannel', 'ProductDistribution')
    : undefined;
  const existing = cart.lineItems.find(
    (li) =>
      li.productId === product.id &&
      li.variant.id === variant.id &&
      li.key === draft.key &&
      li.supplyChannel?.id === supplyChannel?.id &&
      li.distributionChannel?.id === distributionChannel?.id &&
      !draft.shippingDetails,
  );
  const now = isoNow(ctx.app.clock);
  if (existing) {
    existing.quantity = checkedQuantity(existing.quantity + quantity);
    existing.lastModifiedAt = now;
    if (existing.shippingDetails) existing.shippingDetails.valid = shippingValid(existing.shippingDetails.targets, existing.quantity);
    return;
  }
  if (draft.key !== undefined && cart.lineItems.some((li) => li.key === draft.key)) throw new DuplicateFieldError('lineItem.key', draft.key);
  const custom = await customFieldsFromDraft(ctx, 'line-item', draft.custom);
  const item: LineItem = {
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    productId: product.id,
    ...(product.key !== undefined ? { productKey: product.key } : {}),
    name: data.name,
    productSlug: data.slug,
    productType: product.productType,
    variant: structuredClone(variant),
    price: variant.prices[0] ?? ({} as LineItem['price']),
    quantity,
    totalPrice: centMoney(cart.totalPrice.currencyCode, 0n),
    discountedPricePerQuantity: [],
    taxedPricePortions: [],
    state: [],
    perMethodTaxRate: [],
    priceMode: 'Platform',
    lineItemMode: 'Standard',
    ...(supplyChannel ? { supplyChannel } : {}),
    ...(distributionChannel ? { distributionChannel } : {}),
    ...(draft.shippingDetails ? { shippingDetails: shippingDetailsFromDraft(cart, draft.shippingDetails, quantity) } : {}),
    ...(custom ? { custom } : {}),
    addedAt: draft.addedAt ?? now,
    lastModifiedAt: now,
  };
  cart.lineItems.push(item);
}

function checkedQuantity(quantity: number): number {
  if (!Number.isSafeInteger(quantity)) throw new InvalidFieldError('quantity', quantity);
  return quantity;
}

/** A custom line item: its money in the cart's currency (spec "Money" rules), total = money × quantity. */
export function customLineItemFromDraft(cart: Cart, draft: CustomLineItemDraft): CustomLineItem {
  const money = moneyFromDraft(draft.money, 'money');
  if (money.currencyCode !== cart.totalPrice.currencyCode) {
    throw new InvalidFieldError(
      'money.currencyCode',
      money.currencyCode,
      [cart.totalPrice.currencyCode],
      `The custom line item's currency must be the cart's (${cart.totalPrice.currencyCode}).`,
    );
  }
  if (draft.key !== undefined && cart.customLineItems.some((c) => c.key === draft.key)) throw new DuplicateFieldError('customLineItem.key', draft.key);
  const quantity = draft.quantity ?? 1;
  return {
    id: randomUUID(),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    name: draft.name,
    money,
    totalPrice: multiply(money, quantity),
    slug: draft.slug,
    quantity,
    state: [],
    discountedPricePerQuantity: [],
    taxedPricePortions: [],
    perMethodTaxRate: [],
    priceMode: draft.priceMode ?? 'Standard',
    ...(draft.shippingDetails ? { shippingDetails: shippingDetailsFromDraft(cart, draft.shippingDetails, quantity) } : {}),
  };
}

/** An item shipping address needs a key unique in the cart (targets refer to it). */
export function addItemShippingAddress(cart: Cart, address: BaseAddress): void {
  if (address.key === undefined) throw new RequiredFieldError('address.key');
  if (cart.itemShippingAddresses.some((a) => a.key === address.key)) throw new DuplicateFieldError('address.key', address.key);
  cart.itemShippingAddresses.push(address);
}

/** Replaces the item shipping address with the key of `address`. */
export function updateItemShippingAddress(cart: Cart, address: BaseAddress): void {
  if (address.key === undefined) throw new RequiredFieldError('address.key');
  const index = cart.itemShippingAddresses.findIndex((a) => a.key === address.key);
  if (index < 0) throw new InvalidOperationError(`The cart has no item shipping address with key '${address.key}'.`);
  cart.itemShippingAddresses[index] = address;
}

/** Removes an item shipping address that no line item or custom line item ships to any more. */
export function removeItemShippingAddress(cart: Cart, addressKey: string): void {
  if (!cart.itemShippingAddresses.some((a) => a.key === addressKey))
    throw new InvalidOperationError(`The cart has no item shipping address with key '${addressKey}'.`);
  const targeted = [...cart.lineItems, ...cart.customLineItems].some((item) => item.shippingDetails?.targets.some((t) => t.addressKey === addressKey));
  if (targeted) throw new InvalidOperationError(`The item shipping address '${addressKey}' is still a target of a line item's shipping details.`);
  cart.itemShippingAddresses = cart.itemShippingAddresses.filter((a) => a.key !== addressKey);
}

/** Puts the line items in the order `lineItemOrder` names them; it must name each exactly once. */
export function changeLineItemsOrder(cart: Cart, lineItemOrder: readonly string[]): void {
  const byId = new Map(cart.lineItems.map((li) => [li.id, li]));
  const ordered = lineItemOrder.map((id) => byId.get(id));
  if (new Set(lineItemOrder).size !== lineItemOrder.length || lineItemOrder.length !== cart.lineItems.length || ordered.some((li) => li === undefined)) {
    throw new InvalidOperationError('lineItemOrder must contain the id of every line item of the cart exactly once.');
  }
  cart.lineItems = ordered as LineItem[];
}

/** Prices every line item (price selection) and recomputes the totals, 64-bit checked. */
export function recalculateTotals(cart: Cart, now: number): void {
  for (const item of cart.lineItems) priceLineItem(cart, item, now);
  for (const item of cart.customLineItems) item.totalPrice = multiply(item.money as TypedMoney, item.quantity);
  const currency = cart.totalPrice.currencyCode;
  cart.totalPrice = sum(
    currency,
    [...cart.lineItems, ...cart.customLineItems].map((i) => i.totalPrice as CentPrecisionMoney),
  );
  const quantity = cart.lineItems.reduce((n, li) => n + li.quantity, 0);
  if (cart.lineItems.length > 0) cart.totalLineItemQuantity = quantity;
  else delete cart.totalLineItemQuantity;
}

/** The line item an action names by id or key; 400 when the cart has none. */
export function findLineItem(cart: Cart, by: { lineItemId?: string; lineItemKey?: string }): LineItem {
  const item = cart.lineItems.find((li) => (by.lineItemId !== undefined ? li.id === by.lineItemId : by.lineItemKey !== undefined && li.key === by.lineItemKey));
  if (!item)
    throw new InvalidOperationError(`The cart has no line item with ${by.lineItemId !== undefined ? `id '${by.lineItemId}'` : `key '${by.lineItemKey}'`}.`);
  return item;
}
