import type { DiscountedPrice, Price, Product, ProductData, ProductDiscount } from '../../../generated/openapi/client/types.gen.js';
import { relativeShare } from '../../shared/money/discount-distribution.js';
import { centMoney } from '../../shared/money/money.js';
import { productDiscountPredicate, type CategoryFacts, type PriceFacts } from './product-discount-predicates.js';
import { allVariants } from './product-variants.js';
import { validAt } from '../../resources/validity-period.js';

/** What a product's prices are discounted with: the discounts that apply now, and the facts their predicates name. */
export interface ProductDiscountSources {
  /** Active, valid now, not external; the greatest sortOrder first. */
  discounts: readonly ProductDiscount[];
  /** Ids of the external discounts active and valid now: a price's `discounted` set with one of them stays. */
  external: ReadonlySet<string>;
  productTypeKey?: string;
  /** The product's categories (current and staged) by id: their keys and ancestors. */
  categories: ReadonlyMap<string, KnownCategory>;
}

/** A category as product discount predicates know it. */
export interface KnownCategory {
  key?: string;
  ancestors: ReadonlyArray<{ id: string; key?: string }>;
}

/** The ids and keys of the data's categories, alone and with their ancestors. */
export function categoryFacts(data: ProductData, categories: ReadonlyMap<string, KnownCategory>): CategoryFacts {
  const facts: CategoryFacts = { ids: [], keys: [], idsWithAncestors: [], keysWithAncestors: [] };
  for (const { id } of data.categories) {
    const category = categories.get(id);
    facts.ids.push(id);
    if (category?.key !== undefined) facts.keys.push(category.key);
    for (const c of [{ id, key: category?.key }, ...(category?.ancestors ?? [])]) {
      if (!facts.idsWithAncestors.includes(c.id)) facts.idsWithAncestors.push(c.id);
      if (c.key !== undefined && !facts.keysWithAncestors.includes(c.key)) facts.keysWithAncestors.push(c.key);
    }
  }
  return facts;
}

/** Sort orders are decimals in (0, 1) written without trailing zeros: comparing their digits as text orders them. */
const bySortOrderDesc = (a: ProductDiscount, b: ProductDiscount) => (a.sortOrder < b.sortOrder ? 1 : a.sortOrder > b.sortOrder ? -1 : 0);

/** Of the active discounts, those in their validity period at `now`: the ones the platform applies, in order, and the external ones' ids. */
export function applicableDiscounts(active: readonly ProductDiscount[], now: number): { discounts: ProductDiscount[]; external: Set<string> } {
  const valid = active.filter((d) => d.isActive && validAt(d, now));
  return {
    discounts: valid.filter((d) => d.value.type !== 'external').sort(bySortOrderDesc),
    external: new Set(valid.filter((d) => d.value.type === 'external').map((d) => d.id)),
  };
}

/** The price as `discount` lowers it, or undefined when the discount has no amount in the price's currency. */
export function discountedValue(discount: ProductDiscount, price: Price): DiscountedPrice['value'] | undefined {
  const { currencyCode } = price.value;
  const amount = BigInt(price.value.centAmount);
  const value = discount.value;
  let off: bigint;
  if (value.type === 'relative') off = relativeShare(amount, value.permyriad, 'HalfEven');
  else if (value.type === 'absolute') {
    const money = value.money.find((m) => m.currencyCode === currencyCode);
    if (money === undefined) return undefined;
    off = BigInt(money.centAmount);
  } else return undefined;
  return centMoney(currencyCode, off >= amount ? 0n : amount - off);
}

/** The first discount (greatest sortOrder) whose predicate holds for the price and that has a value in its currency. */
export function matchingDiscount(
  discounts: readonly ProductDiscount[],
  facts: PriceFacts,
): { discount: ProductDiscount; value: DiscountedPrice['value'] } | undefined {
  for (const discount of discounts) {
    if (!productDiscountPredicate(discount.predicate)(facts)) continue;
    const value = discountedValue(discount, facts.price);
    if (value !== undefined) return { discount, value };
  }
  return undefined;
}

/**
 * Sets `discounted` on every embedded price of the product's current and staged data to what the
 * best matching discount makes of it, and removes it where none matches: a price's `discounted` is
 * always the one its product's discounts give it at the time of the product's last write. A value set
 * from outside with an external discount stays while that discount is active and valid.
 */
export function applyProductDiscounts(product: Product, sources: ProductDiscountSources): void {
  for (const data of [product.masterData.current, product.masterData.staged]) {
    const categories = categoryFacts(data, sources.categories);
    for (const variant of allVariants(data)) {
      for (const price of variant.prices ?? []) discountPrice(price, { product, productTypeKey: sources.productTypeKey, categories, variant }, sources);
    }
  }
}

/** Sets or removes one price's `discounted` (an embedded price, or a standalone price of the variant's SKU). */
export function discountPrice(price: Price, facts: Omit<PriceFacts, 'price'>, sources: ProductDiscountSources): void {
  if (price.discounted && sources.external.has(price.discounted.discount.id)) return;
  const match = sources.discounts.length === 0 ? undefined : matchingDiscount(sources.discounts, { ...facts, price });
  if (match) price.discounted = { value: match.value, discount: { typeId: 'product-discount', id: match.discount.id } };
  else delete price.discounted;
}
