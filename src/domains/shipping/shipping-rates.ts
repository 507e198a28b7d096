import type {
  CentPrecisionMoney,
  ShippingMethod,
  ShippingRate,
  ShippingRateDraft,
  ZoneRate,
  ZoneRateDraft,
  Zone,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidFieldError, InvalidOperationError } from '../../errors/api-error.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { moneyFromDraft } from '../../shared/money/money.js';
import { resolveReference } from '../../resources/resource-identifiers.js';
import { cartScope, type CartFacts } from '../../query/cart/cart-predicate-scopes.js';
import { cachedCartPredicate } from '../../query/cart/index.js';

/** Shipping rates are in cent precision (the platform's ShippingRate holds CentPrecisionMoney). */
function centMoneyFromDraft(draft: ShippingRateDraft['price'], field: string): CentPrecisionMoney {
  const money = moneyFromDraft(draft, field);
  if (money.type !== 'centPrecision') throw new InvalidFieldError(`${field}.type`, money.type, ['centPrecision']);
  return money;
}

export function shippingRateFromDraft(draft: ShippingRateDraft, field: string): ShippingRate {
  const price = centMoneyFromDraft(draft.price, `${field}.price`);
  const freeAbove = draft.freeAbove ? centMoneyFromDraft(draft.freeAbove, `${field}.freeAbove`) : undefined;
  if (freeAbove && freeAbove.currencyCode !== price.currencyCode) {
    throw new InvalidFieldError(`${field}.freeAbove.currencyCode`, freeAbove.currencyCode, [price.currencyCode]);
  }
  const tiers = (draft.tiers ?? []).map((tier, i) => {
    const tierPrice = centMoneyFromDraft(tier.price, `${field}.tiers[${i}].price`);
    if (tierPrice.currencyCode !== price.currencyCode)
      throw new InvalidFieldError(`${field}.tiers[${i}].price.currencyCode`, tierPrice.currencyCode, [price.currencyCode]);
    return { type: tier.type, minimumCentAmount: tier.minimumCentAmount, price: tierPrice };
  });
  return { price, ...(freeAbove ? { freeAbove } : {}), tiers };
}

/** A zone holds at most one rate per currency, and each zone appears once in a method. */
export function checkZoneRates(zoneRates: readonly ZoneRate[]): void {
  zoneRates.forEach((zoneRate, i) => {
    if (zoneRates.slice(0, i).some((z) => z.zone.id === zoneRate.zone.id))
      throw new InvalidOperationError(`The zone '${zoneRate.zone.id}' is already part of the shipping method.`);
    const currencies = zoneRate.shippingRates.map((r) => r.price.currencyCode);
    const duplicate = currencies.find((c, j) => currencies.indexOf(c) !== j);
    if (duplicate) throw new InvalidOperationError(`The zone '${zoneRate.zone.id}' already has a shipping rate in currency '${duplicate}'.`);
  });
}

export async function zoneRatesFromDrafts(ctx: RequestContext, zones: DocumentRepository<Zone>, drafts: readonly ZoneRateDraft[]): Promise<ZoneRate[]> {
  const result: ZoneRate[] = [];
  for (const [i, draft] of drafts.entries()) {
    result.push({
      zone: await resolveReference(ctx, zones, draft.zone, `zoneRates[${i}].zone`),
      shippingRates: draft.shippingRates.map((r, j) => shippingRateFromDraft(r, `zoneRates[${i}].shippingRates[${j}]`)),
    });
  }
  checkZoneRates(result);
  return result;
}

/** The zone rate of the method for a zone the action names; 400 when the method has none. */
export function zoneRateOf(doc: ShippingMethod, zoneId: string): ZoneRate {
  const zoneRate = doc.zoneRates.find((z) => z.zone.id === zoneId);
  if (!zoneRate) throw new InvalidOperationError(`The shipping method has no rates for the zone '${zoneId}'.`);
  return zoneRate;
}

/** Equal rates: the same price, free-above amount and tiers (compared by value, whatever the key order of the stored JSON). */
export function sameShippingRate(a: ShippingRate, b: ShippingRate): boolean {
  const money = (m: { currencyCode: string; centAmount: number } | undefined) => (m ? `${m.centAmount} ${m.currencyCode}` : '');
  const tiers = (r: ShippingRate) => r.tiers.map((t) => `${t.minimumCentAmount}:${money(t.price)}`).join(',');
  return money(a.price) === money(b.price) && money(a.freeAbove) === money(b.freeAbove) && tiers(a) === tiers(b);
}

/** The rate of a zone in the cart's currency (a zone has at most one per currency). */
export function matchingShippingRate(rates: readonly ShippingRate[], currency: string): ShippingRate | undefined {
  return rates.find((r) => r.price.currencyCode === currency);
}

export function predicateMatches(method: Pick<ShippingMethod, 'predicate'>, facts: CartFacts): boolean {
  return method.predicate === undefined || cachedCartPredicate(method.predicate, cartScope, 'predicate')(facts);
}
