import type {
  Product,
  ProductData,
  ProductDraft,
  ProductUpdateAction,
  ResourceIdentifier,
  ReviewRatingStatistics,
} from '../../../generated/openapi/client/types.gen.js';

import { withTransaction, type RequestContext } from '../../context.js';

import { sql } from '../../db/statements.js';

import { translateUniqueViolation } from '../../db/unique-violations.js';

import { DuplicateFieldError } from '../../errors/api-error.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';

import { DocumentService } from '../../resources/document-service.js';

import { categoryRepository } from './category-repository.js';
import { attributeDefinitions, resolveAttributes } from './attribute-values.js';
import { stateOfType } from '../states/index.js';

import type { CategoryReferrer } from './category.service.js';

import { productActions } from './product-actions.js';

import { applyProductDiscounts, type ProductDiscountSources } from './product-discounting.js';

import { deleteProjections, writeProjections } from './product-projections.js';

import { allVariants, checkVariantIdentifiers, variantFromDraft } from './product-variants.js';

import { productResource } from '../../resources/queryable-resources.js';

import { taxCategoryRepository } from '../shipping/index.js';

import { resolveIdentifier, resolveReference, resolveRow } from '../../resources/resource-identifiers.js';

import { sameJson } from '../../shared/canonical-json.js';

const DELETE_SKUS = sql('DELETE FROM "ProductSku" WHERE "productId" = ?');
const INSERT_SKU = sql('INSERT INTO "ProductSku" ("projectKey", "sku", "productId") VALUES (?, ?, ?)');
const LOCKED = sql('SELECT "id" FROM "Product" WHERE "projectKey" = ? AND "id" = ?');
const LOCK_PRODUCT = { sqlite: LOCKED.sqlite, postgresql: `${LOCKED.postgresql} FOR UPDATE` };
const PRODUCT_BY_SKU = sql('SELECT "productId" FROM "ProductSku" WHERE "projectKey" = ? AND "sku" = ?');

/** Where a product's discounted prices come from: the discounts that apply to it (read at each write). */
export interface ProductDiscountSourcesPort {
  sourcesFor(ctx: RequestContext, product: Product): Promise<ProductDiscountSources>;
}
type DiscountSourcesOf = (ctx: RequestContext, product: Product) => Promise<ProductDiscountSources>;

/**
 * Products, minimal but real: a product type, current and staged data with a master variant and
 * variants, each with prices (spec "Prices") and assets. SKUs are unique in the project: every
 * write keeps the product's ProductSku rows in the same transaction, so the database refuses a
 * SKU another product has, even under concurrent writes. The product projections (the read model)
 * are rewritten in that transaction too.
 */
export class ProductService extends DocumentService<Product, ProductDraft, ProductUpdateAction> implements CategoryReferrer {
  readonly repository = new DocumentRepository<Product>({
    resource: productResource,
    extraColumns: { names: ['productTypeId'], values: (doc) => ({ productTypeId: doc.productType.id }) },
    // Every write of a product gives its prices the discounts that apply to them (product-discounts.ts).
    beforeWrite: async (ctx, product) => applyProductDiscounts(product, await this.discounts.sourcesFor(ctx, product)),
  });
  protected readonly actions = productActions;

  /** `discounts`: what a product's prices are discounted with (the product discounts' sources). */
  constructor(private readonly discounts: ProductDiscountSourcesPort) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: ProductDraft): Promise<NewDocument<Product>> {
    const productType = await resolveProductType(ctx, draft.productType);
    const taxCategory = draft.taxCategory ? await resolveReference(ctx, taxCategoryRepository, draft.taxCategory, 'taxCategory') : undefined;
    const definitions = await attributeDefinitions(ctx, productType.id);
    const variants = [];
    let id = 1;
    const masterVariant = await variantFromDraft(ctx, draft.masterVariant ?? {}, id++, 'masterVariant', definitions);
    for (const [i, variant] of (draft.variants ?? []).entries()) variants.push(await variantFromDraft(ctx, variant, id++, `variants[${i}]`, definitions));
    const data: ProductData = {
      name: draft.name,
      slug: draft.slug,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      categories: await categoryReferences(ctx, draft.categories ?? []),
      categoryOrderHints: draft.categoryOrderHints ?? {},
      searchKeywords: draft.searchKeywords ?? {},
      ...(draft.metaTitle !== undefined ? { metaTitle: draft.metaTitle } : {}),
      ...(draft.metaDescription !== undefined ? { metaDescription: draft.metaDescription } : {}),
      ...(draft.metaKeywords !== undefined ? { metaKeywords: draft.metaKeywords } : {}),
      attributes: resolveAttributes(definitions, draft.attributes ?? [], 'attributes'),
      masterVariant,
      variants,
    };
    checkVariantIdentifiers(data);
    const state = draft.state ? await stateOfType(ctx, draft.state, 'ProductState', 'state') : undefined;
    return {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(state ? { state: { typeId: 'state', id: state.id } } : {}),
      productType,
      ...(taxCategory ? { taxCategory } : {}),
      priceMode: draft.priceMode ?? 'Embedded',
      masterData: { published: draft.publish ?? false, hasStagedChanges: false, current: data, staged: structuredClone(data) },
    };
  }

  override create(ctx: RequestContext, draft: ProductDraft, expand?: readonly string[]): Promise<Product> {
    return this.createAlong(ctx, draft, expand, writeReadModels);
  }

  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly ProductUpdateAction[] },
    expand?: readonly string[],
  ): Promise<Product> {
    return withTransaction(ctx, async (tx) => {
      const product = await super.update(tx, at, update);
      await writeReadModels(tx, product);
      return this.expanded(tx, product, expand);
    });
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Product> {
    return withTransaction(ctx, async (tx) => {
      const product = await super.delete(tx, at, version, expand);
      await tx.db.executeRaw(DELETE_SKUS[tx.db.dialect], [product.id]);
      await deleteProjections(tx, product.id);
      return product;
    });
  }

  /**
   * Recomputes the discounted prices of every product of the project after a product discount
   * changed, in the caller's transaction; a product whose prices change is written as a new version
   * (with its projections), the others are left as they are.
   */
  async repriceAll(ctx: RequestContext, sources: DiscountSourcesOf): Promise<void> {
    await this.repository.forEachMatch(ctx, { where: [] }, async (product) => {
      const next = structuredClone(product);
      applyProductDiscounts(next, await sources(ctx, next));
      // Not by JSON text: PostgreSQL's jsonb answers keys in an order of its own.
      if (sameJson(next, product)) return;
      await this.repository.replace(ctx, product, next);
      await writeProjections(ctx, next);
    });
  }

  /**
   * Sets the product's review rating statistics in the caller's transaction: the product's row is
   * locked first (PostgreSQL; SQLite has one writer), then `statistics` read, so two reviews written
   * at once are both counted. The product becomes a new version (with its projections) when they change.
   */
  async updateReviewStatistics(ctx: RequestContext, productId: string, statistics: () => Promise<ReviewRatingStatistics | undefined>): Promise<void> {
    await ctx.db.first(LOCK_PRODUCT[ctx.db.dialect], [ctx.projectKey, productId]);
    const product = await this.repository.find(ctx, { id: productId });
    if (!product) return;
    const next = structuredClone(product);
    const computed = await statistics();
    if (computed) next.reviewRatingStatistics = computed;
    else delete next.reviewRatingStatistics;
    if (sameJson(next, product)) return;
    await this.repository.replace(ctx, product, next);
    await writeProjections(ctx, next);
  }

  /** Deleted categories leave every product's current and staged data, each product as a new version. */
  async removeCategories(ctx: RequestContext, categoryIds: readonly string[]): Promise<void> {
    const ids = new Set(categoryIds);
    const inData = '(categories(id in :categoryIds))';
    await this.repository.forEachMatch(
      ctx,
      { where: [`masterData(current${inData} or staged${inData})`], vars: { categoryIds: [...ids] } },
      async (product) => {
        const next = structuredClone(product);
        for (const data of [next.masterData.current, next.masterData.staged]) {
          data.categories = data.categories.filter((c) => !ids.has(c.id));
          for (const id of ids) delete data.categoryOrderHints?.[id];
        }
        await this.repository.replace(ctx, product, next);
        await writeProjections(ctx, next);
      },
    );
  }

  /** The product holding this SKU (in its current or staged data), if any. */
  async findBySku(ctx: Pick<RequestContext, 'db' | 'projectKey'>, sku: string): Promise<Product | undefined> {
    const row = await ctx.db.first<{ productId: string }>(PRODUCT_BY_SKU[ctx.db.dialect], [ctx.projectKey, sku]);
    return row ? this.repository.find(ctx, { id: row.productId }) : undefined;
  }
}

async function resolveProductType(ctx: RequestContext, identifier: ResourceIdentifier) {
  return { typeId: 'product-type' as const, id: (await resolveRow(ctx, 'product-type', identifier, 'productType')).id };
}

/** The categories a draft names, each once, as references; an unknown one is 400 ReferencedResourceNotFound. */
async function categoryReferences(ctx: RequestContext, identifiers: readonly ResourceIdentifier[]): Promise<ProductData['categories']> {
  const ids: string[] = [];
  for (const [i, identifier] of identifiers.entries()) {
    const { id } = await resolveIdentifier(ctx, categoryRepository, identifier, `categories[${i}]`);
    if (!ids.includes(id)) ids.push(id);
  }
  return ids.map((id) => ({ typeId: 'category', id }));
}

/** What is derived from a product and written with it: its SKU rows and its projections. */
async function writeReadModels(ctx: RequestContext, product: Product): Promise<void> {
  await writeSkus(ctx, product);
  await writeProjections(ctx, product);
}

/** Replaces the product's SKU rows by the SKUs of its current and staged data; a SKU of another product is 400 DuplicateField. */
async function writeSkus(ctx: RequestContext, product: Product): Promise<void> {
  const skus = new Set<string>();
  for (const data of [product.masterData.current, product.masterData.staged]) {
    for (const variant of allVariants(data)) if (variant.sku !== undefined) skus.add(variant.sku);
  }
  await ctx.db.executeRaw(DELETE_SKUS[ctx.db.dialect], [product.id]);
  for (const sku of skus) {
    try {
      await ctx.db.executeRaw(INSERT_SKU[ctx.db.dialect], [ctx.projectKey, sku, product.id]);
    } catch (err) {
      throw translateUniqueViolation(err, [
        { model: 'ProductSku', fields: ['projectKey', 'sku'], primaryKey: true, error: () => new DuplicateFieldError('sku', sku) },
      ]);
    }
  }
}
