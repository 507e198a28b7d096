import type { Cart, ResourceIdentifier, ShippingInfo, ShippingMethod, ShippingRate } from '../../../generated/openapi/client/types.gen.js';

import { InvalidOperationError } from '../../errors/api-error.js';
import type { CartSources } from './cart-sources.js';

import { centMoney, type CentPrecisionMoney } from '../../shared/money/money.js';

import { matchingShippingRate, zoneCovers } from '../shipping/index.js';

import { identifierAddress, identified } from '../../resources/resource-identifiers.js';

async function findMethod(
  sources: CartSources,
  identifier: ResourceIdentifier,
  byKey: (key: string) => Promise<ShippingMethod | undefined>,
): Promise<ShippingMethod> {
  const at = identifierAddress(identifier, 'shipping-method', 'shippingMethod');
  return identified(identifier, 'shipping-method', 'id' in at ? await sources.shippingMethod(at.id) : await byKey(at.key));
}

/**
 * setShippingMethod: the method must be active and have a rate in the cart's currency for a zone
 * covering the cart's shipping address (which must be set). The rate is kept in `shippingInfo`;
 * its price, discounts and taxes follow on every recalculation. Without a method, shipping info goes.
 */
export async function setShippingMethod(
  cart: Cart,
  identifier: ResourceIdentifier | undefined,
  sources: CartSources,
  byKey: (key: string) => Promise<ShippingMethod | undefined>,
): Promise<void> {
  if (!identifier) {
    delete cart.shippingInfo;
    return;
  }
  const method = await findMethod(sources, identifier, byKey);
  if (!method.active) throw new InvalidOperationError(`The shipping method '${method.id}' is not active.`);
  const address = cart.shippingAddress;
  if (!address) throw new InvalidOperationError(`The cart with ID '${cart.id}' does not have a shipping address set.`);
  const currency = cart.totalPrice.currencyCode;
  let rate: ShippingRate | undefined;
  for (const zoneRate of method.zoneRates) {
    const zone = await sources.zone(zoneRate.zone.id);
    if (!zone || !zoneCovers(zone, address)) continue;
    rate = matchingShippingRate(zoneRate.shippingRates, currency);
    if (rate) break;
  }
  if (!rate) {
    throw new InvalidOperationError(
      `The shipping method '${method.id}' has no shipping rate in currency '${currency}' for a zone of country '${address.country}'${address.state !== undefined ? ` and state '${address.state}'` : ''}.`,
    );
  }
  cart.shippingInfo = {
    shippingMethodName: method.name,
    price: rate.price,
    shippingRate: { ...structuredClone(rate), isMatching: true },
    taxCategory: method.taxCategory,
    shippingMethod: { typeId: 'shipping-method', id: method.id },
    deliveries: [],
    shippingMethodState: 'MatchesCart',
  };
}

/**
 * The shipping price before cart discounts: the rate's price, or nothing when the line items and
 * custom line items (before cart discounts) reach the rate's `freeAbove`.
 */
export function shippingPrice(info: ShippingInfo, itemsTotal: CentPrecisionMoney): CentPrecisionMoney {
  const { price, freeAbove } = info.shippingRate;
  const free = freeAbove !== undefined && freeAbove.currencyCode === itemsTotal.currencyCode && itemsTotal.centAmount >= freeAbove.centAmount;
  return free ? centMoney(price.currencyCode, 0n) : (price as CentPrecisionMoney);
}
