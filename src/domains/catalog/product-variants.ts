import type { PriceDraft, ProductData, ProductVariant, ProductVariantDraft } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidOperationError } from '../../errors/api-error.js';
import { assetsFromDrafts } from './assets.js';
import { checkVariantPrices, priceFromDraft } from './prices.js';
import { resolveAttributes, type AttributeDefinitions } from './attribute-values.js';

/** Every variant of a product's data, the master variant first. */
export function allVariants(data: ProductData): ProductVariant[] {
  return [data.masterVariant, ...data.variants];
}

export async function pricesFromDrafts(ctx: RequestContext, drafts: readonly PriceDraft[], field: string) {
  const prices = [];
  for (const [i, draft] of drafts.entries()) prices.push(await priceFromDraft(ctx, draft, `${field}[${i}]`));
  checkVariantPrices(prices);
  return prices;
}

/** A variant from its draft (prices checked per the spec's rules; asset keys unique per variant; attributes as the product type defines them). */
export async function variantFromDraft(
  ctx: RequestContext,
  draft: ProductVariantDraft,
  id: number,
  field: string,
  definitions: AttributeDefinitions,
): Promise<ProductVariant> {
  const assets = await assetsFromDrafts(ctx, draft.assets ?? [], `${field}.assets`);
  return {
    id,
    ...(draft.sku !== undefined ? { sku: draft.sku } : {}),
    ...(draft.key !== undefined ? { key: draft.key } : {}),
    prices: await pricesFromDrafts(ctx, draft.prices ?? [], `${field}.prices`),
    attributes: resolveAttributes(definitions, draft.attributes ?? [], `${field}.attributes`),
    images: draft.images ?? [],
    assets,
  };
}

/** SKUs and variant keys are unique within a product's data (SKUs across products: the ProductSku table). */
export function checkVariantIdentifiers(data: ProductData): void {
  const skus = new Set<string>();
  const keys = new Set<string>();
  for (const variant of allVariants(data)) {
    if (variant.sku !== undefined) {
      if (skus.has(variant.sku)) throw new DuplicateFieldError('sku', variant.sku);
      skus.add(variant.sku);
    }
    if (variant.key !== undefined) {
      if (keys.has(variant.key)) throw new DuplicateFieldError('key', variant.key, `A duplicate value "${variant.key}" exists for field key of a variant.`);
      keys.add(variant.key);
    }
  }
}

/** The variant of `data` with this id or SKU; 400 InvalidOperation when there is none. */
export function findVariant(data: ProductData, by: { variantId?: number; sku?: string }): ProductVariant {
  const variant = allVariants(data).find((v) => (by.variantId !== undefined ? v.id === by.variantId : by.sku !== undefined && v.sku === by.sku));
  if (!variant) {
    const what = by.variantId !== undefined ? `id '${by.variantId}'` : by.sku !== undefined ? `sku '${by.sku}'` : 'no id or sku';
    throw new InvalidOperationError(`The product has no variant with ${what}.`);
  }
  return variant;
}
