import type { BaseAddress, Cart, TaxCategory, TaxedPrice, TaxRate } from '../../../generated/openapi/client/types.gen.js';
import { applyRate, decimalRate, removeRate } from '../../shared/money/decimal-rate.js';
import { allocate, type UnitGroup } from '../../shared/money/discount-distribution.js';
import { centMoney, divideRounded, type RoundingMode } from '../../shared/money/money.js';
import { MissingTaxRateForCountryError } from '../../errors/commerce-errors.js';

/**
 * The rate of a category for an address: the one for its country and state, else the one for its
 * country without a state. None: MissingTaxRateForCountry.
 */
export function taxRateFor(category: TaxCategory, address: Pick<BaseAddress, 'country' | 'state'>): TaxRate {
  const forCountry = category.rates.filter((r) => r.country === address.country);
  const rate = (address.state !== undefined ? forCountry.find((r) => r.state === address.state) : undefined) ?? forCountry.find((r) => r.state === undefined);
  if (!rate) throw new MissingTaxRateForCountryError(category.id, address);
  return rate;
}

interface Portion {
  name: string;
  rate: number;
  amount: bigint;
}

interface Taxed {
  net: bigint;
  gross: bigint;
  portions: Portion[];
}

/**
 * The taxes in or on one amount. Added to the price: each (sub-)rate's tax is the amount times the
 * rate, rounded. Included: the net amount is the gross divided by 1 + rate, rounded (the platform's
 * default rounding target, Net), the tax the exact rest, split over sub-rates by their shares.
 */
function taxAmount(amount: bigint, rate: TaxRate, mode: RoundingMode): Taxed {
  const parts = rate.subRates !== undefined && rate.subRates.length > 0 ? rate.subRates : [{ name: rate.name, amount: rate.amount }];
  if (!rate.includedInPrice) {
    const portions = parts.map((p) => ({ name: p.name, rate: p.amount, amount: applyRate(amount, decimalRate(p.amount), mode) }));
    return { net: amount, gross: portions.reduce((n, p) => n + p.amount, amount), portions };
  }
  const net = removeRate(amount, decimalRate(rate.amount), mode);
  const scale = Math.max(...parts.map((p) => decimalRate(p.amount).scale));
  const weights = parts.map((p) => {
    const d = decimalRate(p.amount);
    return d.units * 10n ** BigInt(scale - d.scale);
  });
  const shares = allocate(amount - net, weights);
  return { net, gross: amount, portions: parts.map((p, i) => ({ name: p.name, rate: p.amount, amount: shares[i] })) };
}

function sumTaxed(list: readonly Taxed[]): Taxed {
  const portions: Portion[] = [];
  for (const portion of list.flatMap((t) => t.portions)) {
    const same = portions.find((p) => p.name === portion.name && p.rate === portion.rate);
    if (same) same.amount += portion.amount;
    else portions.push({ ...portion });
  }
  return { net: list.reduce((n, t) => n + t.net, 0n), gross: list.reduce((n, t) => n + t.gross, 0n), portions };
}

function scaled(taxed: Taxed, factor: (amount: bigint) => bigint): Taxed {
  return { net: factor(taxed.net), gross: factor(taxed.gross), portions: taxed.portions.map((p) => ({ ...p, amount: factor(p.amount) })) };
}

/**
 * The taxes of an item priced as `groups` (its discounted units): on its total (LineItemLevel, the
 * default) or on each unit price, then times the quantity (UnitPriceLevel).
 */
export function taxItem(groups: readonly UnitGroup[], rate: TaxRate, cart: Pick<Cart, 'taxCalculationMode' | 'taxRoundingMode'>): Taxed {
  const mode = cart.taxRoundingMode;
  if (cart.taxCalculationMode === 'UnitPriceLevel') return sumTaxed(groups.map((g) => scaled(taxAmount(g.unit, rate, mode), (a) => a * BigInt(g.quantity))));
  return taxAmount(
    groups.reduce((n, g) => n + g.unit * BigInt(g.quantity), 0n),
    rate,
    mode,
  );
}

export function toTaxedPrice(taxed: Taxed, currency: string): TaxedPrice {
  return {
    totalNet: centMoney(currency, taxed.net),
    totalGross: centMoney(currency, taxed.gross),
    totalTax: centMoney(currency, taxed.gross - taxed.net),
    taxPortions: taxed.portions.map((p) => ({ name: p.name, rate: p.rate, amount: centMoney(currency, p.amount) })),
  };
}

/** The cart's taxed price: the sum of its items' and its shipping's, grouped into one portion per rate. */
export function cartTaxedPrice(items: readonly Taxed[]): Taxed {
  return sumTaxed(items);
}

/**
 * A discount on the total price taken off a taxed price in the same proportion as off the total
 * (the platform applies the same percentage to taxedPrice and taxedShippingPrice): answers the
 * reduced price and the net and gross amounts taken off.
 */
export function discountTaxed(taxed: Taxed, discount: bigint, total: bigint, mode: RoundingMode): Taxed {
  if (discount === 0n || total === 0n) return taxed;
  const off = (amount: bigint) => divideRounded(amount * discount, total, mode);
  const portions = taxed.portions.map((p) => ({ ...p, amount: p.amount - off(p.amount) }));
  const gross = taxed.gross - off(taxed.gross);
  // Net is what the gross leaves after the (reduced) portions, so the three stay consistent.
  return { gross, net: gross - portions.reduce((n, p) => n + p.amount, 0n), portions };
}

export type { Taxed };
