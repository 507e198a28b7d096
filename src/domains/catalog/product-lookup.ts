import type { Product } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { ReferencedResourceNotFoundError, RequiredFieldError } from '../../errors/api-error.js';
import type { ProductService } from './product.service.js';
import { standalonePricesOf, type StandalonePriceService } from './standalone-price.service.js';

/** How the modules that put products into lists (carts, shopping lists) read them: by id or SKU. */
export interface ProductLookup {
  byId(ctx: RequestContext, id: string): Promise<Product | undefined>;
  /** Those of the products that exist, read together. */
  byIds(ctx: RequestContext, ids: readonly string[]): Promise<Product[]>;
  bySku(ctx: RequestContext, sku: string): Promise<Product | undefined>;
}

/** The product a line item draft names by `productId`, else by `sku`; 400 when it names none or nothing. */
export async function productOfDraft(ctx: RequestContext, draft: { productId?: string; sku?: string }, products: ProductLookup): Promise<Product> {
  let product: Product | undefined;
  if (draft.productId !== undefined) product = await products.byId(ctx, draft.productId);
  else if (draft.sku !== undefined) product = await products.bySku(ctx, draft.sku);
  else throw new RequiredFieldError('productId');
  if (!product) throw new ReferencedResourceNotFoundError('product', draft.productId !== undefined ? { id: draft.productId } : { key: draft.sku });
  return product;
}

/**
 * Products as carts and shopping lists see them: a product in the Standalone price mode carries its SKUs'
 * active standalone prices in place of embedded ones. The catalog's one way for other domains to read products.
 */
export class PricedProducts implements ProductLookup {
  private readonly priced: ReturnType<typeof standalonePricesOf>;

  constructor(
    private readonly products: ProductService,
    standalonePrices: StandalonePriceService,
  ) {
    this.priced = standalonePricesOf(standalonePrices);
  }

  async byId(ctx: RequestContext, id: string): Promise<Product | undefined> {
    return this.priced.one(ctx, await this.products.repository.find(ctx, { id }));
  }

  async byIds(ctx: RequestContext, ids: readonly string[]): Promise<Product[]> {
    return this.priced.many(ctx, await this.products.repository.findMany(ctx, ids));
  }

  async bySku(ctx: RequestContext, sku: string): Promise<Product | undefined> {
    return this.priced.one(ctx, await this.products.findBySku(ctx, sku));
  }
}
