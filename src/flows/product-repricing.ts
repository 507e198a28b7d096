import type { ProductDiscount } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import type { ProductService, SkuDiscountFacts, StandalonePriceService } from '../domains/catalog/index.js';
import type { ProductDiscountService } from '../domains/discounts/index.js';

/**
 * What product discounts know of a SKU's standalone prices: the product that holds the SKU (its categories,
 * type and variant) and the discounts that apply. Joins the catalog and the discounts.
 */
export class SkuDiscounts {
  constructor(
    private readonly products: ProductService,
    private readonly discounts: ProductDiscountService,
  ) {}

  async factsOf(ctx: RequestContext, sku: string, active?: readonly ProductDiscount[]): ReturnType<SkuDiscountFacts> {
    return this.discounts.skuFacts(ctx, sku, await this.products.findBySku(ctx, sku), active);
  }
}

/**
 * Repricing after a product discount changed (the `productDiscounts.changed` event), in the discount's
 * transaction: every product's and standalone price's discounted prices, with the active discounts read once.
 */
export class ProductRepricing {
  constructor(
    private readonly products: ProductService,
    private readonly standalonePrices: StandalonePriceService,
    private readonly discounts: ProductDiscountService,
    private readonly skus: SkuDiscounts,
  ) {}

  async reprice(tx: RequestContext): Promise<void> {
    const active = await this.discounts.active(tx);
    await this.products.repriceAll(tx, (ctx, product) => this.discounts.sourcesFor(ctx, product, active));
    await this.standalonePrices.repriceAll(tx, (ctx, sku) => this.skus.factsOf(ctx, sku, active));
  }
}
