import type { Product, ProductProjection } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';

/** Which data of a product a projection shows. */
export type ProjectionView = 'current' | 'staged';

const DELETE_PROJECTIONS = sql('DELETE FROM "ProductProjection" WHERE "id" = ?');
const INSERT_PROJECTION = sql(
  'INSERT INTO "ProductProjection" ("id", "view", "projectKey", "key", "version", "createdAt", "lastModifiedAt", "data") VALUES (?, ?, ?, ?, ?, ?, ?, $JSON)',
);

/** The product's current or staged data with the product's identity, as the platform projects it. */
export function projectionOf(product: Product, view: ProjectionView): ProductProjection {
  const data = product.masterData[view];
  return {
    id: product.id,
    version: product.version,
    ...(product.key !== undefined ? { key: product.key } : {}),
    createdAt: product.createdAt,
    lastModifiedAt: product.lastModifiedAt,
    productType: product.productType,
    ...data,
    hasStagedChanges: product.masterData.hasStagedChanges,
    published: product.masterData.published,
    ...(product.taxCategory ? { taxCategory: product.taxCategory } : {}),
    ...(product.priceMode !== undefined ? { priceMode: product.priceMode } : {}),
    ...(product.reviewRatingStatistics ? { reviewRatingStatistics: product.reviewRatingStatistics } : {}),
  };
}

/**
 * Rewrites the product's projections in the caller's transaction: the staged one always, the
 * current one only while the product is published (an unpublished product has no current projection).
 */
export async function writeProjections(ctx: RequestContext, product: Product): Promise<void> {
  await deleteProjections(ctx, product.id);
  const views: ProjectionView[] = product.masterData.published ? ['current', 'staged'] : ['staged'];
  for (const view of views) {
    await ctx.db.executeRaw(INSERT_PROJECTION[ctx.db.dialect], [
      product.id,
      view,
      ctx.projectKey,
      product.key ?? null,
      product.version,
      product.createdAt,
      product.lastModifiedAt,
      projectionOf(product, view),
    ]);
  }
}

export async function deleteProjections(ctx: RequestContext, productId: string): Promise<void> {
  await ctx.db.executeRaw(DELETE_PROJECTIONS[ctx.db.dialect], [productId]);
}
