import type { CartDiscount, Category, DiscountCode, Product, ShippingMethod, TaxCategory, Zone } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { ProductLookup } from './cart-lines.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { maxApplicationReached } from './discount-code-applications.js';

/** The repositories a cart's recalculation reads besides the cart itself. */
export interface CartSourceRepositories {
  products: ProductLookup;
  taxCategories: DocumentRepository<TaxCategory>;
  zones: DocumentRepository<Zone>;
  shippingMethods: DocumentRepository<ShippingMethod>;
  /** The project's active cart discounts, greatest sortOrder first (validity is checked against the cart's clock later). */
  cartDiscounts: { active(ctx: RequestContext): Promise<CartDiscount[]> };
  discountCodes: DocumentRepository<DiscountCode>;
  categories: DocumentRepository<Category>;
}

/**
 * What a cart's recalculation reads, each at most once per request: an update's actions each
 * recalculate the cart, and they all see the same products, tax categories and discounts. Products
 * and categories are read for all of a cart's line items in one statement.
 */
export interface CartSources {
  product(id: string): Promise<Product | undefined>;
  /** The products of those ids (undefined where none exists), the ones not read yet in one statement. */
  products(ids: readonly string[]): Promise<(Product | undefined)[]>;
  productBySku(sku: string): Promise<Product | undefined>;
  taxCategory(id: string): Promise<TaxCategory | undefined>;
  zone(id: string): Promise<Zone | undefined>;
  shippingMethod(id: string): Promise<ShippingMethod | undefined>;
  discountCode(id: string): Promise<DiscountCode | undefined>;
  /** Whether the code has reached its maxApplications, or the customer (if any) its maxApplicationsPerCustomer. */
  maxApplicationReached(code: DiscountCode, customerId: string | undefined): Promise<boolean>;
  /** As `products`, for categories. */
  categories(ids: readonly string[]): Promise<(Category | undefined)[]>;
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

/** Documents by id, read once each: the ids not asked for before are read together in one statement. */
function batched<T extends { id: string }>(loadMany: (ids: readonly string[]) => Promise<T[]>) {
  const loaded = new Map<string, Promise<T | undefined>>();
  const many = (ids: readonly string[]): Promise<(T | undefined)[]> => {
    const missing = [...new Set(ids.filter((id) => !loaded.has(id)))];
    if (missing.length > 0) {
      const read = loadMany(missing).then((docs) => new Map(docs.map((d) => [d.id, d])));
      for (const id of missing)
        loaded.set(
          id,
          read.then((docs) => docs.get(id)),
        );
    }
    return Promise.all(ids.map((id) => loaded.get(id)!));
  };
  /** A document read some other way (by SKU), kept for the reads by id that follow. */
  const remember = (doc: T | undefined): T | undefined => {
    if (doc && !loaded.has(doc.id)) loaded.set(doc.id, Promise.resolve(doc));
    return doc;
  };
  return { many, one: async (id: string) => (await many([id]))[0], remember };
}

export function cartSources(ctx: RequestContext, repositories: CartSourceRepositories): CartSources {
  let sources = perRequest.get(ctx);
  if (sources) return sources;
  const byId = <D extends { id: string; version: number; createdAt: string; lastModifiedAt: string }>(repository: DocumentRepository<D>) =>
    memo((id) => repository.find(ctx, { id }));
  const products = batched((ids) => repositories.products.byIds(ctx, ids));
  const categories = batched((ids) => repositories.categories.findMany(ctx, ids));
  let discounts: Promise<CartDiscount[]> | undefined;
  sources = {
    product: products.one,
    products: products.many,
    productBySku: async (sku) => products.remember(await repositories.products.bySku(ctx, sku)),
    taxCategory: byId(repositories.taxCategories),
    zone: byId(repositories.zones),
    shippingMethod: byId(repositories.shippingMethods),
    discountCode: byId(repositories.discountCodes),
    maxApplicationReached: (code, customerId) => maxApplicationReached(ctx, code, { customerId }),
    categories: categories.many,
    activeCartDiscounts: () => (discounts ??= repositories.cartDiscounts.active(ctx)),
  };
  perRequest.set(ctx, sources);
  return sources;
}
