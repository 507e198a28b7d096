import { randomUUID } from 'node:crypto';
import type { BaseAddress, Cart, CustomLineItem, ItemShippingDetails, LineItem } from '../../generated/openapi/client/types.gen.js';
import { shippingValid } from '../domains/carts/index.js';

/**
 * The spec's merge rules, for MergeWithExistingCustomerCart: the anonymous cart's content goes into
 * the customer's cart, which is answered (the caller writes it and marks the anonymous cart Merged).
 *
 * - a line item of the same product and variant (and the same channels) gets the larger of the two
 *   quantities, not the sum; its shipping details come from the item with the higher quantity; the
 *   customer's item keeps its own custom fields (those of the matching anonymous item are not kept);
 * - a line item only in the anonymous cart is copied (as a new line item);
 * - a custom line item present in both carts (same slug and money) gets the larger quantity; custom
 *   line items only in the anonymous cart and the anonymous cart's custom fields are not copied (the
 *   enum's description of this mode);
 * - item shipping addresses are unioned; an anonymous address whose key the customer's cart uses for
 *   a different address is kept under a fresh key, and the shipping targets taken over follow it.
 *
 * Carts of different currencies are never merged: the caller checks that first.
 */
export function mergeCarts(customerCart: Cart, anonymousCart: Cart): Cart {
  const result = structuredClone(customerCart);
  const keyMap = unionAddresses(result, anonymousCart.itemShippingAddresses);
  const remap = (details: ItemShippingDetails | undefined): ItemShippingDetails | undefined =>
    details && { ...details, targets: details.targets.map((t) => ({ ...t, addressKey: keyMap.get(t.addressKey) ?? t.addressKey })) };

  for (const item of anonymousCart.lineItems) {
    const match = result.lineItems.find((li) => sameLineItem(li, item));
    if (!match) {
      const copy: LineItem = { ...structuredClone(item), id: randomUUID() };
      const details = remap(copy.shippingDetails);
      if (details) copy.shippingDetails = details;
      if (copy.key !== undefined && result.lineItems.some((li) => li.key === copy.key)) delete copy.key;
      result.lineItems.push(copy);
      continue;
    }
    takeLarger(match, item, remap);
  }
  for (const item of anonymousCart.customLineItems) {
    const match = result.customLineItems.find((c) => sameCustomLineItem(c, item));
    if (match) takeLarger(match, item, remap);
  }
  return result;
}

function takeLarger<T extends LineItem | CustomLineItem>(
  kept: T,
  other: T,
  remap: (d: ItemShippingDetails | undefined) => ItemShippingDetails | undefined,
): void {
  if (other.quantity > kept.quantity) {
    kept.quantity = other.quantity;
    const details = remap(structuredClone(other.shippingDetails));
    if (details) kept.shippingDetails = details;
    else delete kept.shippingDetails;
  }
  if (kept.shippingDetails) kept.shippingDetails.valid = shippingValid(kept.shippingDetails.targets, kept.quantity);
}

function sameLineItem(a: LineItem, b: LineItem): boolean {
  return (
    a.productId === b.productId &&
    a.variant.id === b.variant.id &&
    a.supplyChannel?.id === b.supplyChannel?.id &&
    a.distributionChannel?.id === b.distributionChannel?.id
  );
}

function sameCustomLineItem(a: CustomLineItem, b: CustomLineItem): boolean {
  return (
    a.slug === b.slug &&
    a.money.currencyCode === b.money.currencyCode &&
    a.money.centAmount === b.money.centAmount &&
    a.money.preciseAmount === b.money.preciseAmount
  );
}

/** Adds the anonymous cart's addresses the customer's lacks; answers old key → key in the result. */
function unionAddresses(result: Cart, addresses: readonly BaseAddress[]): Map<string, string> {
  const keyMap = new Map<string, string>();
  for (const address of addresses) {
    if (address.key === undefined) continue;
    const same = result.itemShippingAddresses.find((a) => a.key === address.key);
    if (same && JSON.stringify(withoutId(same)) === JSON.stringify(withoutId(address))) {
      keyMap.set(address.key, address.key);
      continue;
    }
    let key = address.key;
    for (let n = 2; result.itemShippingAddresses.some((a) => a.key === key); n++) key = `${address.key}-${n}`.slice(-256);
    result.itemShippingAddresses.push({ ...address, key });
    keyMap.set(address.key, key);
  }
  return keyMap;
}

function withoutId(address: BaseAddress): BaseAddress {
  const { id: _id, ...rest } = address;
  return rest;
}
