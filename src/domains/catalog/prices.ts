import { randomUUID } from 'node:crypto';

import type {
  DiscountedPrice,
  DiscountedPriceDraft,
  Price,
  PriceDraft,
  PriceTier,
  PriceTierDraft,
  ProductDiscount,
} from '../../../generated/openapi/client/types.gen.js';

import type { RequestContext } from '../../context.js';

import { InvalidFieldError, InvalidInputError, InvalidOperationError } from '../../errors/api-error.js';
import { channelReference } from '../channels/index.js';

import { customFieldsFromDraft } from '../types/index.js';

import { customerGroupLookup } from '../customers/index.js';

import { moneyFromDraft } from '../../shared/money/money.js';

import { validAt } from '../../resources/validity-period.js';

import { DuplicatePriceKeyError, DuplicatePriceScopeError } from '../../errors/commerce-errors.js';

import { resolveRow } from '../../resources/resource-identifiers.js';

const customerGroups = customerGroupLookup();

/**
 * A Price from a PriceDraft, by the spec's rules: money per "Money"; tiers of the price's currency
 * with minimumQuantity ≥ 2 (the contract) and unique; validFrom at least 1 ms before validUntil;
 * customerGroup a group and channel a channel of the project; `discounted` an external product discount's value.
 */
export async function priceFromDraft(ctx: RequestContext, draft: PriceDraft, field = 'price', id: string = randomUUID()): Promise<Price> {
  return { id, ...(await priceFieldsFromDraft(ctx, draft, field, 'product-price')) };
}

/** The fields a price draft gives an embedded price or a standalone price (whose custom fields are of their own resource type). */
export async function priceFieldsFromDraft(
  ctx: RequestContext,
  draft: PriceDraft,
  field: string,
  resourceTypeId: 'product-price' | 'standalone-price',
): Promise<Omit<Price, 'id'>> {
  const at = (name: string) => (field === '' ? name : `${field}.${name}`);
  const value = moneyFromDraft(draft.value, at('value'));
  const tiers = tiersFromDrafts(draft.tiers ?? [], value.currencyCode, at('tiers'));
  if (draft.validFrom !== undefined && draft.validUntil !== undefined && Date.parse(draft.validUntil) - Date.parse(draft.validFrom) < 1) {
    throw new InvalidInputError(`validUntil (${draft.validUntil}) must be at least 1 ms later than validFrom (${draft.validFrom}).`);
  }
  const discounted = draft.discounted ? await externalDiscountedPrice(ctx, draft.discounted, at('discounted'), value.currencyCode) : undefined;
  const customerGroup = draft.customerGroup ? await customerGroups(ctx, draft.customerGroup) : undefined;
  const channel = draft.channel ? await channelReference(ctx, draft.channel, at('channel')) : undefined;
  const custom = await customFieldsFromDraft(ctx, resourceTypeId, draft.custom);
  return {
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    value,
    ...(draft.country !== undefined ? { country: draft.country } : {}),
    ...(customerGroup ? { customerGroup } : {}),
    ...(channel ? { channel } : {}),
    ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
    ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    ...(discounted ? { discounted } : {}),
    ...(tiers.length > 0 ? { tiers } : {}),
    ...(custom ? { custom } : {}),
  };
}

/** Price tiers: in the price's currency, minimumQuantity unique (≥ 2 by the contract). */
export function tiersFromDrafts(drafts: readonly PriceTierDraft[], currencyCode: string, field: string): PriceTier[] {
  const tiers: PriceTier[] = [];
  for (const [i, tier] of drafts.entries()) {
    const tierValue = moneyFromDraft(tier.value, `${field}[${i}].value`);
    if (tierValue.currencyCode !== currencyCode) {
      throw new InvalidFieldError(
        `${field}[${i}].value.currencyCode`,
        tierValue.currencyCode,
        [currencyCode],
        `A price tier must have the currency of its price (${currencyCode}).`,
      );
    }
    if (tiers.some((t) => t.minimumQuantity === tier.minimumQuantity)) {
      throw new InvalidInputError(`A price cannot contain two tiers with the same minimumQuantity (${tier.minimumQuantity}).`);
    }
    tiers.push({ minimumQuantity: tier.minimumQuantity, value: tierValue });
  }
  return tiers;
}

/**
 * A discounted value set from outside (a price draft's `discounted`, the setDiscountedPrice action):
 * it names a product discount of value `external` that is active and valid now, in the price's
 * currency. Product discounts' recomputation keeps it for as long as that discount stays so
 * (product-discounts.ts), and removes it when it does not.
 */
export async function externalDiscountedPrice(ctx: RequestContext, draft: DiscountedPriceDraft, field: string, currencyCode: string): Promise<DiscountedPrice> {
  const { discount } = draft;
  const row = await resolveRow(ctx, 'product-discount', discount, `${field}.discount`, true);
  const found = JSON.parse(row.data!) as ProductDiscount;
  if (found.value.type !== 'external')
    throw new InvalidOperationError(`The product discount '${found.id}' does not have an external value: its prices are computed from its predicate.`);
  if (!found.isActive || !validAt(found, ctx.app.clock.now()))
    throw new InvalidOperationError(`The product discount '${found.id}' is not active and valid now.`);
  const value = moneyFromDraft(draft.value, `${field}.value`);
  if (value.currencyCode !== currencyCode)
    throw new InvalidFieldError(
      `${field}.value.currencyCode`,
      value.currencyCode,
      [currencyCode],
      `A discounted price must have the currency of its price (${currencyCode}).`,
    );
  return { value, discount: { typeId: 'product-discount', id: found.id } };
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
