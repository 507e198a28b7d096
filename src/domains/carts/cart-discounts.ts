import type { Cart, CartDiscount, CartDiscountValue, DiscountCode, DiscountCodeState } from '../../../generated/openapi/client/types.gen.js';
import { cartScope, customLineItemScope, lineItemScope, type CartFacts } from '../../query/cart/cart-predicate-scopes.js';
import { cachedCartPredicate } from '../../query/cart/index.js';
import type { CartSources } from './cart-sources.js';
import { allocate, discountGroup, groupsTotal, relativeShare, type DiscountPortion, type UnitGroup } from '../../shared/money/discount-distribution.js';
import type { RoundingMode } from '../../shared/money/money.js';
import { validAt } from '../../resources/validity-period.js';

/** The prices cart discounts work on: each item's units, the shipping price, and what came off the total. */
export interface DiscountedPrices {
  lineItems: UnitGroup[][];
  customLineItems: UnitGroup[][];
  shipping?: { price: bigint; portions: DiscountPortion[] };
  totalPrice: DiscountPortion[];
}

/**
 * Sort orders are decimals in (0, 1) written without trailing zeros: comparing their digits as text
 * orders them. The discounts of a group share its sort order; among them, the oldest first.
 */
const bySortOrderDesc = (a: CartDiscount, b: CartDiscount) =>
  a.sortOrder < b.sortOrder
    ? 1
    : a.sortOrder > b.sortOrder
      ? -1
      : a.createdAt < b.createdAt
        ? -1
        : a.createdAt > b.createdAt
          ? 1
          : a.id < b.id
            ? -1
            : a.id > b.id
              ? 1
              : 0;

/** The discounts in order of application, a group's discounts as one step (they are adjacent: they share its sort order). */
function steps(discounts: readonly CartDiscount[]): CartDiscount[][] {
  const out: CartDiscount[][] = [];
  for (const discount of [...discounts].sort(bySortOrderDesc)) {
    const last = out[out.length - 1];
    if (discount.discountGroup && last?.[0].discountGroup?.id === discount.discountGroup.id) last.push(discount);
    else out.push([discount]);
  }
  return out;
}

/** What the prices add up to after the discounts so far. */
function remaining(prices: DiscountedPrices): bigint {
  const lines = [...prices.lineItems, ...prices.customLineItems].reduce((n, gs) => n + groupsTotal(gs), prices.shipping?.price ?? 0n);
  return prices.totalPrice.reduce((n, p) => n - p.amount, lines);
}

/**
 * Of a group's matching discounts, the one that takes the most off the prices as they stand (the
 * first of equals), tried each on a copy; undefined when none can apply (no value in the currency).
 */
function bestDeal(candidates: readonly CartDiscount[], prices: DiscountedPrices, facts: CartFacts, mode: RoundingMode): CartDiscount | undefined {
  const before = remaining(prices);
  let best: { discount: CartDiscount; off: bigint } | undefined;
  for (const discount of candidates) {
    const trial = structuredClone(prices);
    if (!apply(discount, trial, facts, mode)) continue;
    const off = before - remaining(trial);
    if (!best || off > best.off) best = { discount, off };
  }
  return best?.discount;
}

/** The amount of an absolute or fixed value in the cart's currency, if it has one. */
function moneyIn(value: Extract<CartDiscountValue, { money: unknown }>, currency: string): bigint | undefined {
  const money = value.money.find((m) => m.currencyCode === currency);
  return money === undefined ? undefined : BigInt(money.centAmount);
}

/**
 * One discount's effect on a set of groups of units (the eligible line items or custom line items):
 * relative takes its share of each group; fixed lowers each unit to the fixed price; absolute takes
 * its amount once for all of them, in proportion to their prices (the platform's default), evenly per
 * unit, or from each unit (IndividualApplication).
 */
function discountGroups(groups: UnitGroup[][], value: CartDiscountValue, id: string, currency: string, mode: RoundingMode): UnitGroup[][] | undefined {
  if (value.type === 'relative')
    return groups.map((gs) => gs.flatMap((g) => discountGroup(g, relativeShare(g.unit * BigInt(g.quantity), value.permyriad, mode), id)));
  const amount = moneyIn(value, currency);
  if (amount === undefined) return undefined;
  if (value.type === 'fixed') return groups.map((gs) => gs.flatMap((g) => discountGroup(g, g.unit > amount ? (g.unit - amount) * BigInt(g.quantity) : 0n, id)));
  const applicationMode = value.applicationMode ?? 'ProportionateDistribution';
  if (applicationMode === 'IndividualApplication') return groups.map((gs) => gs.flatMap((g) => discountGroup(g, amount * BigInt(g.quantity), id)));
  const flat = groups.flat();
  const weights = flat.map((g) => (applicationMode === 'EvenDistribution' ? BigInt(g.quantity) : groupsTotal([g])));
  const total = groupsTotal(flat);
  const shares = allocate(amount < total ? amount : total, weights);
  let i = 0;
  return groups.map((gs) => gs.flatMap((g) => discountGroup(g, shares[i++], id)));
}

/** A single amount (shipping, the total) reduced by a discount value; fixed sets it to at most the fixed amount. */
function discountAmount(amount: bigint, value: CartDiscountValue, currency: string, mode: RoundingMode): bigint | undefined {
  if (value.type === 'relative') return relativeShare(amount, value.permyriad, mode);
  const money = moneyIn(value, currency);
  if (money === undefined) return undefined;
  const off = value.type === 'fixed' ? amount - money : money;
  return off < 0n ? 0n : off > amount ? amount : off;
}

/** Applies `discount` to `prices`; answers whether it changed anything it could (its value has the cart's currency). */
function apply(discount: CartDiscount, prices: DiscountedPrices, facts: CartFacts, mode: RoundingMode): boolean {
  const { target, value, id } = discount;
  const currency = facts.cart.totalPrice.currencyCode;
  if (!target) return false;
  switch (target.type) {
    case 'lineItems':
    case 'customLineItems': {
      const lines = target.type === 'lineItems' ? prices.lineItems : prices.customLineItems;
      const eligible =
        target.type === 'lineItems'
          ? facts.lineItems.map((l) => cachedCartPredicate(target.predicate, lineItemScope, 'target.predicate')(l))
          : facts.cart.customLineItems.map((c) => cachedCartPredicate(target.predicate, customLineItemScope, 'target.predicate')(c));
      const chosen = lines.filter((_, i) => eligible[i]);
      const discounted = discountGroups(chosen, value, id, currency, mode);
      if (!discounted) return false;
      let next = 0;
      lines.forEach((_, i) => {
        if (eligible[i]) lines[i] = discounted[next++];
      });
      return true;
    }
    case 'shipping': {
      if (!prices.shipping) return false;
      const off = discountAmount(prices.shipping.price, value, currency, mode);
      if (off === undefined) return false;
      prices.shipping.price -= off;
      if (off > 0n) prices.shipping.portions.push({ discountId: id, amount: off });
      return true;
    }
    case 'totalPrice': {
      const before = [...prices.lineItems, ...prices.customLineItems].reduce((n, gs) => n + groupsTotal(gs), prices.shipping?.price ?? 0n);
      const total = before - prices.totalPrice.reduce((n, p) => n + p.amount, 0n);
      const off = discountAmount(total, value, currency, mode);
      if (off === undefined) return false;
      if (off > 0n) prices.totalPrice.push({ discountId: id, amount: off });
      return true;
    }
  }
}

interface CodeStatus {
  info: Cart['discountCodes'][number];
  code: DiscountCode;
  /** The code's discounts it unlocks, when its state is still open (the code is active, valid and matches). */
  unlocks: Set<string>;
}

/** The state of a code before discounts apply; undefined: it depends on whether its discounts apply. */
async function codeState(
  code: DiscountCode,
  active: Map<string, CartDiscount>,
  facts: CartFacts,
  sources: CartSources,
  now: number,
): Promise<DiscountCodeState | undefined> {
  const discounts = code.cartDiscounts.map((r) => active.get(r.id)).filter((d): d is CartDiscount => d !== undefined);
  if (!code.isActive || discounts.length === 0) return 'NotActive';
  if (!validAt(code, now) || !discounts.some((d) => validAt(d, now))) return 'NotValid';
  if (await sources.maxApplicationReached(code, facts.cart.customerId)) return 'MaxApplicationReached';
  if (code.cartPredicate !== undefined && !cachedCartPredicate(code.cartPredicate, cartScope, 'cartPredicate')(facts)) return 'DoesNotMatchCart';
  return undefined;
}

/**
 * Applies the cart discounts to `prices` in the platform's order: every active, valid discount whose
 * cart predicate matches (those requiring a code only through a code of the cart in a matching
 * state), greatest sortOrder first, each on what the previous ones left, until one that stops the
 * chain; of a discount group's matching discounts, only the best deal. Sets each discount code's state on the cart; codes that no longer exist are dropped.
 */
export async function applyCartDiscounts(cart: Cart, facts: CartFacts, prices: DiscountedPrices, sources: CartSources, now: number): Promise<void> {
  const active = new Map((await sources.activeCartDiscounts()).map((d) => [d.id, d]));
  const codes: CodeStatus[] = [];
  for (const info of cart.discountCodes) {
    const code = await sources.discountCode(info.discountCode.id);
    if (!code) continue;
    const state = await codeState(code, active, facts, sources, now);
    info.state = state ?? 'DoesNotMatchCart';
    codes.push({ info, code, unlocks: new Set(state === undefined ? code.cartDiscounts.map((r) => r.id) : []) });
  }
  cart.discountCodes = codes.map((c) => c.info);
  const unlocked = new Set(codes.flatMap((c) => [...c.unlocks]));
  const mode = cart.priceRoundingMode ?? 'HalfEven';
  const applied = new Set<string>();
  const stoppedBefore = new Set<string>();
  const lostBestDeal = new Set<string>();
  const matches = (discount: CartDiscount) =>
    validAt(discount, now) &&
    (!discount.requiresDiscountCode || unlocked.has(discount.id)) &&
    // A discount of some stores applies to carts of those stores only.
    (!discount.stores?.length || discount.stores.some((s) => s.key === cart.store?.key)) &&
    cachedCartPredicate(discount.cartPredicate, cartScope, 'cartPredicate')(facts);
  let stopped = false;
  for (const step of steps([...active.values()])) {
    const candidates = step.filter(matches);
    if (candidates.length === 0) continue;
    if (stopped) {
      for (const discount of candidates) stoppedBefore.add(discount.id);
      continue;
    }
    const discount = candidates.length === 1 ? candidates[0] : bestDeal(candidates, prices, facts, mode);
    if (!discount || !apply(discount, prices, facts, mode)) continue;
    for (const other of candidates) if (other !== discount) lostBestDeal.add(other.id);
    applied.add(discount.id);
    if (discount.stackingMode === 'StopAfterThisDiscount') stopped = true;
  }
  for (const { info, unlocks } of codes) {
    if (unlocks.size === 0) continue;
    if ([...unlocks].some((id) => applied.has(id))) info.state = 'MatchesCart';
    else if ([...unlocks].some((id) => lostBestDeal.has(id))) info.state = 'ApplicationStoppedByGroupBestDeal';
    else if ([...unlocks].some((id) => stoppedBefore.has(id))) info.state = 'ApplicationStoppedByPreviousDiscount';
  }
}
