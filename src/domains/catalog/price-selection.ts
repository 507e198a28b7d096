import type { Price } from '../../../generated/openapi/client/types.gen.js';
import type { TypedMoney } from '../../shared/money/money.js';

/** What a line item's price is selected by (the cart's currency, country, customer group; the item's channel; now; its quantity). */
export interface PriceSelector {
  currency: string;
  country?: string;
  customerGroupId?: string;
  channelId?: string;
  /** Epoch milliseconds. */
  now: number;
  quantity: number;
}

/**
 * The platform's price selection for a line item: among the variant's prices of the cart's
 * currency that are valid now and whose country, customer group and channel are either unset or
 * the cart's, the most specific wins — country before customer group before channel — and within
 * equal specificity a price with a validity period before one without. The unit value is then the
 * tier with the highest minimumQuantity the quantity reaches (a tier applies to the whole quantity),
 * else the discounted value when a product discount applied, else the price's value.
 *
 * Answers the selected price as the line item shows it (`value` is the unit value used) or
 * undefined when no price matches.
 */
export function selectPrice(prices: readonly Price[], selector: PriceSelector): Price | undefined {
  let best: { price: Price; rank: number } | undefined;
  for (const price of prices) {
    if (!matches(price, selector)) continue;
    const rank = (price.country ? 8 : 0) + (price.customerGroup ? 4 : 0) + (price.channel ? 2 : 0) + (price.validFrom || price.validUntil ? 1 : 0);
    if (!best || rank > best.rank) best = { price, rank };
  }
  if (!best) return undefined;
  return { ...best.price, value: unitValue(best.price, selector.quantity) };
}

function matches(price: Price, s: PriceSelector): boolean {
  if (price.value.currencyCode !== s.currency) return false;
  if (price.country !== undefined && price.country !== s.country) return false;
  if (price.customerGroup !== undefined && price.customerGroup.id !== s.customerGroupId) return false;
  if (price.channel !== undefined && price.channel.id !== s.channelId) return false;
  if (price.validFrom !== undefined && Date.parse(price.validFrom) > s.now) return false;
  if (price.validUntil !== undefined && Date.parse(price.validUntil) <= s.now) return false;
  return true;
}

function unitValue(price: Price, quantity: number): TypedMoney {
  let tier: { minimumQuantity: number; value: TypedMoney } | undefined;
  for (const t of price.tiers ?? []) {
    if (t.minimumQuantity <= quantity && (!tier || t.minimumQuantity > tier.minimumQuantity)) tier = t as typeof tier;
  }
  if (tier) return tier.value;
  return (price.discounted?.value ?? price.value) as TypedMoney;
}
