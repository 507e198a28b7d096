import type { CartDiscount, Category, DiscountCode, Product, ShippingMethod, TaxCategory, Zone } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { normalizeQueryParams, QUERY_LIMITS } from '../query/index.js';
import type { ProductLookup } from './cart-lines.js';
import type { DocumentRepository } from './document-repository.js';

/** The repositories a cart's recalculation reads besides the cart itself. */
export interface CartSourceRepositories {
  products: ProductLookup;
  taxCategories: DocumentRepository<TaxCategory>;
  zones: DocumentRepository<Zone>;
  shippingMethods: DocumentRepository<ShippingMethod>;
  cartDiscounts: DocumentRepository<CartDiscount>;
  discountCodes: DocumentRepository<DiscountCode>;
  categories: DocumentRepository<Category>;
}

/**
 * What a cart's recalculation reads, each at most once per request: an update's actions each
 * recalculate the cart, and they all see the same products, tax categories and discounts.
 */
export interface CartSources {
  product(id: string): Promise<Product | undefined>;
  taxCategory(id: string): Promise<TaxCategory | undefined>;
  zone(id: string): Promise<Zone | undefined>;
  shippingMethod(id: string): Promise<ShippingMethod | undefined>;
  discountCode(id: string): Promise<DiscountCode | undefined>;
  category(id: string): Promise<Category | undefined>;
  /** The project's active cart discounts (validity is checked against the cart's clock later). */
  activeCartDiscounts(): Promise<CartDiscount[]>;
}

const perRequest = new WeakMap<RequestContext, CartSources>();

function memo<T>(load: (id: string) => Promise<T>): (id: string) => Promise<T> {
  const loaded = new Map<string, Promise<T>>();
  return (id) => {
    let value = loaded.get(id);
    if (!value) loaded.set(id, (value = load(id)));
    return value;
  };
}

export function cartSources(ctx: RequestContext, repositories: CartSourceRepositories): CartSources {
  let sources = perRequest.get(ctx);
  if (sources) return sources;
  const byId = <D extends { id: string; version: number; createdAt: string; lastModifiedAt: string }>(repository: DocumentRepository<D>) => memo((id) => repository.find(ctx, { id }));
  let discounts: Promise<CartDiscount[]> | undefined;
  sources = {
    product: memo((id) => repositories.products.byId(ctx, id)),
    taxCategory: byId(repositories.taxCategories),
    zone: byId(repositories.zones),
    shippingMethod: byId(repositories.shippingMethods),
    discountCode: byId(repositories.discountCodes),
    category: byId(repositories.categories),
    activeCartDiscounts: () =>
      (discounts ??= repositories.cartDiscounts
        .query(ctx, normalizeQueryParams({ where: ['isActive = true'], sort: ['sortOrder desc'], limit: QUERY_LIMITS.maxLimit, withTotal: false }))
        .then((page) => page.results)),
  };
  perRequest.set(ctx, sources);
  return sources;
}
