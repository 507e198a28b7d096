import { randomUUID } from 'node:crypto';
import type { Price, PriceDraft, PriceTier } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { ApiError, InvalidFieldError, InvalidInputError, ReferencedResourceNotFoundError } from '../errors/api-error.js';
import { channelReference } from './channel-repository.js';
import { customFieldsFromDraft } from './custom-fields.js';
import { customerGroupLookup } from './customer-group-lookup.js';
import { moneyFromDraft } from './money.js';

const customerGroups = customerGroupLookup();

/** Two prices of one variant with the same key (spec: `key` unique per ProductVariant). */
export class DuplicatePriceKeyError extends ApiError {
  constructor(conflictingPrice: Price) {
    super(400, 'DuplicatePriceKey', `Duplicate price key: ${conflictingPrice.key}. The price key must be unique per variant.`, { conflictingPrice });
  }
}

/** Two prices of one variant that would apply to the same customers at the same time. */
export class DuplicatePriceScopeError extends ApiError {
  constructor(conflictingPrices: Price[]) {
    super(400, 'DuplicatePriceScope', 'Duplicate price scope: a variant cannot have two prices with the same currency, country, customer group, channel and validity.', {
      conflictingPrices,
    });
  }
}

/**
 * A Price from a PriceDraft, by the spec's rules: money per "Money"; tiers of the price's currency
 * with minimumQuantity ≥ 2 (the contract) and unique; validFrom at least 1 ms before validUntil;
 * customerGroup a group and channel a channel of the project. Product discounts are not served
 * yet, so a draft naming one is refused as not found.
 */
export async function priceFromDraft(ctx: RequestContext, draft: PriceDraft, field = 'price', id: string = randomUUID()): Promise<Price> {
  const value = moneyFromDraft(draft.value, `${field}.value`);
  const tiers: PriceTier[] = [];
  for (const [i, tier] of (draft.tiers ?? []).entries()) {
    const tierValue = moneyFromDraft(tier.value, `${field}.tiers[${i}].value`);
    if (tierValue.currencyCode !== value.currencyCode) {
      throw new InvalidFieldError(`${field}.tiers[${i}].value.currencyCode`, tierValue.currencyCode, [value.currencyCode], `A price tier must have the currency of its price (${value.currencyCode}).`);
    }
    if (tiers.some((t) => t.minimumQuantity === tier.minimumQuantity)) {
      throw new InvalidInputError(`A price cannot contain two tiers with the same minimumQuantity (${tier.minimumQuantity}).`);
    }
    tiers.push({ minimumQuantity: tier.minimumQuantity, value: tierValue });
  }
  if (draft.validFrom !== undefined && draft.validUntil !== undefined && Date.parse(draft.validUntil) - Date.parse(draft.validFrom) < 1) {
    throw new InvalidInputError(`validUntil (${draft.validUntil}) must be at least 1 ms later than validFrom (${draft.validFrom}).`);
  }
  if (draft.discounted) {
    const discount = draft.discounted.discount;
    throw new ReferencedResourceNotFoundError('product-discount', discount.id !== undefined ? { id: discount.id } : { key: discount.key ?? '' });
  }
  const customerGroup = draft.customerGroup ? await customerGroups(ctx, draft.customerGroup) : undefined;
  const channel = draft.channel ? await channelReference(ctx, draft.channel, `${field}.channel`) : undefined;
  const custom = await customFieldsFromDraft(ctx, 'product-price', draft.custom);
  return {
    id,
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    value,
    ...(draft.country !== undefined ? { country: draft.country } : {}),
    ...(customerGroup ? { customerGroup } : {}),
    ...(channel ? { channel } : {}),
    ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
    ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    ...(tiers.length > 0 ? { tiers } : {}),
    ...(custom ? { custom } : {}),
  };
}

function scopeOf(price: Price): string {
  return JSON.stringify([price.value.currencyCode, price.country, price.customerGroup?.id, price.channel?.id, price.validFrom, price.validUntil]);
}

/** The prices of one variant: keys unique, and no two prices of the same scope. */
export function checkVariantPrices(prices: readonly Price[]): void {
  const keys = new Map<string, Price>();
  const scopes = new Map<string, Price>();
  for (const price of prices) {
    if (price.key !== undefined) {
      const other = keys.get(price.key);
      if (other) throw new DuplicatePriceKeyError(other);
      keys.set(price.key, price);
    }
    const scope = scopeOf(price);
    const other = scopes.get(scope);
    if (other) throw new DuplicatePriceScopeError([other, price]);
    scopes.set(scope, price);
  }
}
