import type { Product, ProductType } from '../../generated/openapi/client/types.gen.js';
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
