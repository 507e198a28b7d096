import type { Price, Product, ProductVariant } from '../../../generated/openapi/client/types.gen.js';
import { type CartPredicateScope, type CompiledCartPredicate, type FieldSpec, cachedCartPredicate } from '../../query/cart/index.js';
import { currencyFractionDigits } from '../../shared/money/money.js';

/** What the categories of a product's data are known by: their ids and keys, alone and with their ancestors'. */
export interface CategoryFacts {
  ids: string[];
  keys: string[];
  idsWithAncestors: string[];
  keysWithAncestors: string[];
}

/** One price of one variant of a product's current or staged data: what a product discount predicate is evaluated on. */
export interface PriceFacts {
  product: Product;
  productTypeKey?: string;
  categories: CategoryFacts;
  variant: ProductVariant;
  price: Price;
}

const string = (get: (f: PriceFacts) => unknown): FieldSpec<PriceFacts> => ({ kind: 'string', get });
const number = (get: (f: PriceFacts) => unknown): FieldSpec<PriceFacts> => ({ kind: 'number', get });
const set = (get: (f: PriceFacts) => string[]): FieldSpec<PriceFacts> => ({ kind: 'set', get });

/**
 * The platform's ProductDiscount predicate field identifiers (docs: "Discount Predicate Field
 * Identifiers"): the product, its type and variant, the price's money, country, customer group and
 * channel (by id), its categories, and the variant's attributes. Keys of customer groups and channels
 * are not offered (400 InvalidInput on an unknown field).
 */
export const productDiscountScope: CartPredicateScope<PriceFacts> = {
  fields: {
    'product.id': string((f) => f.product.id),
    'product.key': string((f) => f.product.key),
    'productType.id': string((f) => f.product.productType.id),
    'productType.key': string((f) => f.productTypeKey),
    'variant.id': number((f) => f.variant.id),
    'variant.key': string((f) => f.variant.key),
    sku: string((f) => f.variant.sku),
    price: { kind: 'money', get: (f) => ({ currencyCode: f.price.value.currencyCode, centAmount: f.price.value.centAmount }) },
    centAmount: number((f) => f.price.value.centAmount),
    amount: number((f) => f.price.value.centAmount / 10 ** currencyFractionDigits(f.price.value.currencyCode)),
    currency: string((f) => f.price.value.currencyCode),
    country: string((f) => f.price.country),
    'customerGroup.id': string((f) => f.price.customerGroup?.id),
    'channel.id': string((f) => f.price.channel?.id),
    'categories.id': set((f) => f.categories.ids),
    'categories.key': set((f) => f.categories.keys),
    'categoriesWithAncestors.id': set((f) => f.categories.idsWithAncestors),
    'categoriesWithAncestors.key': set((f) => f.categories.keysWithAncestors),
  },
  prefixes: {
    attributes: (f, name) => f.variant.attributes?.find((a) => a.name === name)?.value,
  },
};

/** `source` compiled for product discounts (cached); a malformed one is 400 InvalidInput naming `predicate`. */
export function productDiscountPredicate(source: string): CompiledCartPredicate<PriceFacts> {
  return cachedCartPredicate(source, productDiscountScope, 'predicate');
}
