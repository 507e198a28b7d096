import type { CartDiscount, Category, Product, ProductDiscount, ProductType, TaxCategory, Zone } from '../../generated/openapi/client/types.gen.js';
import { normalizeQueryParams, QUERY_LIMITS, type PagedQueryResult } from '../query/index.js';
import type { GraphQLContext } from './context.js';

/*
 * Reads of other resources that nested fields need (a line item's product, its product type), at
 * most once per resource and request: a list of fifty line items asking for `variant`,
 * `productSlug` and `productType` reads each product and product type once.
 */
const cache = new WeakMap<GraphQLContext, Map<string, Promise<unknown>>>();

function once<T>(context: GraphQLContext, key: string, read: () => Promise<T>): Promise<T> {
  let reads = cache.get(context);
  if (!reads) cache.set(context, (reads = new Map()));
  if (!reads.has(key)) reads.set(key, read());
  return reads.get(key) as Promise<T>;
}

export function loadProduct(context: GraphQLContext, id: string): Promise<Product | undefined> {
  return once(context, `product:${id}`, () => context.services.products.repository.find(context.ctx, { id }));
}

export function loadProductType(context: GraphQLContext, id: string): Promise<ProductType | undefined> {
  return once(context, `product-type:${id}`, () => context.services.productTypes.repository.find(context.ctx, { id }));
}

export function loadCategory(context: GraphQLContext, id: string): Promise<Category | undefined> {
  return once(context, `category:${id}`, () => context.services.categories.repository.find(context.ctx, { id }));
}

/** The direct children of a category by orderHint, up to the largest query page (`children` and `childCount` read them once). */
export function loadChildCategories(context: GraphQLContext, id: string): Promise<PagedQueryResult<Category>> {
  const params = normalizeQueryParams({ where: 'parent(id = :id)', vars: { id: [id] }, sort: ['orderHint asc'], limit: QUERY_LIMITS.maxLimit });
  return once(context, `category-children:${id}`, () => context.services.categories.query(context.ctx, params));
}

export function loadTaxCategory(context: GraphQLContext, id: string): Promise<TaxCategory | undefined> {
  return once(context, `tax-category:${id}`, () => context.services.taxCategories.repository.find(context.ctx, { id }));
}

export function loadZone(context: GraphQLContext, id: string): Promise<Zone | undefined> {
  return once(context, `zone:${id}`, () => context.services.zones.repository.find(context.ctx, { id }));
}

export function loadProductDiscount(context: GraphQLContext, id: string): Promise<ProductDiscount | undefined> {
  return once(context, `product-discount:${id}`, () => context.services.productDiscounts.repository.find(context.ctx, { id }));
}

export function loadCartDiscount(context: GraphQLContext, id: string): Promise<CartDiscount | undefined> {
  return once(context, `cart-discount:${id}`, () => context.services.cartDiscounts.repository.find(context.ctx, { id }));
}
