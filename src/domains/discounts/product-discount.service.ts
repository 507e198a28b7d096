import type {
  Product,
  ProductDiscount,
  ProductDiscountDraft,
  ProductDiscountMatchQuery,
  ProductDiscountUpdateAction,
  ProductDiscountValue,
  ProductDiscountValueDraft,
} from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { DuplicateFieldError, NoMatchingProductDiscountFoundError } from '../../errors/api-error.js';
import { amountPerCurrency, checkedSortOrder } from './cart-discount-values.js';
import { DocumentRepository, type DocumentAddress, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { productDiscountResource } from '../../resources/queryable-resources.js';
import {
  allVariants,
  applicableDiscounts,
  categoryFacts,
  categoryRepository,
  matchingDiscount,
  productDiscountPredicate,
  type KnownCategory,
  type ProductDiscountSources,
  type SkuDiscountFacts,
} from '../catalog/index.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';
import { checkValidityPeriod, setValidity } from '../../resources/validity-period.js';
import type { DomainEventSink } from '../../resources/domain-events.js';

const ACTIVE = sql('SELECT $DATA AS "data" FROM "ProductDiscount" WHERE "projectKey" = ? AND "activeSortOrder" IS NOT NULL ORDER BY "activeSortOrder" DESC');
const PRODUCT_TYPE_KEY = sql('SELECT "key" FROM "ProductType" WHERE "projectKey" = ? AND "id" = ?');

/** The stored value of a value draft: an absolute value needs one amount per currency, at least one. */
function valueFromDraft(draft: ProductDiscountValueDraft): ProductDiscountValue {
  if (draft.type === 'relative') return { type: 'relative', permyriad: draft.permyriad };
  if (draft.type === 'external') return { type: 'external' };
  return { type: 'absolute', money: amountPerCurrency(draft.money, 'The absolute product discount value') };
}

/** A predicate about to be stored, checked (400 InvalidInput naming `predicate` when malformed). */
function checkedPredicate(source: string): string {
  productDiscountPredicate(source);
  return source;
}

const actions: ActionHandlers<ProductDiscount, ProductDiscountUpdateAction> = {
  changeIsActive: (doc, a) => void (doc.isActive = a.isActive),
  changeName: (doc, a) => void (doc.name = a.name),
  changePredicate: (doc, a) => void (doc.predicate = checkedPredicate(a.predicate)),
  changeSortOrder: (doc, a) => void (doc.sortOrder = checkedSortOrder(a.sortOrder)),
  changeValue: (doc, a) => void (doc.value = valueFromDraft(a.value)),
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  setValidFrom: (doc, a) => setValidity(doc, a, 'validFrom'),
  setValidUntil: (doc, a) => setValidity(doc, a, 'validUntil'),
  setValidFromAndUntil: (doc, a) => setValidity(doc, a, 'both'),
};

/**
 * Product discounts (openapi/schemas/product-discount.yaml). Where the platform recomputes the
 * discounted prices of matching products (embedded and standalone) eventually, here every write of an active (or formerly
 * active) discount recomputes them in its own transaction (the `productDiscounts.changed` event, which
 * the repricing flow handles): when the discount's write is acknowledged, every product already shows it.
 * A product written later gets its prices discounted as it is written. Validity periods are read at
 * those writes: a discount whose period starts or ends later changes prices at the next write of the
 * product or of a discount.
 */
/** What the product discounts announce (see resources/domain-events.ts). */
export interface ProductDiscountEvents {
  /** In the transaction of a write that changes which prices are discounted how: they are recomputed in it. */
  'productDiscounts.changed': { tx: RequestContext };
}

export class ProductDiscountService extends DocumentService<ProductDiscount, ProductDiscountDraft, ProductDiscountUpdateAction> {
  readonly repository = new DocumentRepository<ProductDiscount>({
    resource: productDiscountResource,
    extraColumns: {
      names: ['sortOrder', 'activeSortOrder'],
      values: (doc) => ({ sortOrder: doc.sortOrder, activeSortOrder: doc.isActive ? doc.sortOrder : null }),
    },
    uniqueRules: (doc) => [{ model: 'ProductDiscount', fields: ['projectKey', 'sortOrder'], error: () => new DuplicateFieldError('sortOrder', doc.sortOrder) }],
  });
  protected readonly actions = actions;

  constructor(private readonly events: DomainEventSink<ProductDiscountEvents>) {
    super();
  }

  protected fromDraft(_ctx: RequestContext, draft: ProductDiscountDraft): NewDocument<ProductDiscount> {
    const doc: NewDocument<ProductDiscount> = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      name: draft.name,
      ...(draft.description !== undefined ? { description: draft.description } : {}),
      value: valueFromDraft(draft.value),
      predicate: checkedPredicate(draft.predicate),
      sortOrder: checkedSortOrder(draft.sortOrder),
      isActive: draft.isActive ?? true,
      references: [],
      ...(draft.validFrom !== undefined ? { validFrom: draft.validFrom } : {}),
      ...(draft.validUntil !== undefined ? { validUntil: draft.validUntil } : {}),
    };
    checkValidityPeriod(doc);
    return doc;
  }

  override create(ctx: RequestContext, draft: ProductDiscountDraft, expand?: readonly string[]): Promise<ProductDiscount> {
    return this.createAlong(ctx, draft, expand, async (tx, doc) => {
      if (doc.isActive) await this.events.emit('productDiscounts.changed', { tx });
    });
  }

  override update(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly ProductDiscountUpdateAction[] },
    expand?: readonly string[],
  ): Promise<ProductDiscount> {
    return withTransaction(ctx, async (tx) => {
      const before = await this.repository.find(tx, at);
      const doc = await super.update(tx, at, update);
      if (doc.version !== before?.version && (doc.isActive || before?.isActive)) await this.events.emit('productDiscounts.changed', { tx });
      return this.expanded(tx, doc, expand);
    });
  }

  override delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<ProductDiscount> {
    return withTransaction(ctx, async (tx) => {
      const doc = await super.delete(tx, at, version, expand);
      if (doc.isActive) await this.events.emit('productDiscounts.changed', { tx });
      return doc;
    });
  }

  /** The project's active product discounts, greatest sortOrder first: one statement on the active ones' index. */
  async active(ctx: Pick<RequestContext, 'db' | 'projectKey'>): Promise<ProductDiscount[]> {
    const rows = await ctx.db.rows<{ data: string }>(ACTIVE[ctx.db.dialect], [ctx.projectKey]);
    return rows.map((row) => JSON.parse(row.data) as ProductDiscount);
  }

  /**
   * What the product's prices are discounted with now: the applicable discounts and, when there are
   * any, the facts their predicates name. `active`: the active discounts when already read (a reprice
   * of every product reads them once).
   */
  async sourcesFor(ctx: RequestContext, product: Product | undefined, active?: readonly ProductDiscount[]): Promise<ProductDiscountSources> {
    const { discounts, external } = applicableDiscounts(active ?? (await this.active(ctx)), ctx.app.clock.now());
    if (discounts.length === 0 || !product) return { discounts, external, categories: new Map() };
    // The product type's key and the categories' keys and ancestors are read only when a predicate can name them.
    const names = (field: string) => discounts.some((d) => d.predicate.includes(field));
    const typeRow = names('productType.key')
      ? await ctx.db.first<{ key: string | null }>(PRODUCT_TYPE_KEY[ctx.db.dialect], [ctx.projectKey, product.productType.id])
      : undefined;
    const categories =
      names('categories.key') || names('categoriesWithAncestors') ? await this.knownCategories(ctx, product) : new Map<string, KnownCategory>();
    return { discounts, external, productTypeKey: typeRow?.key ?? undefined, categories };
  }

  /**
   * What the predicates read for a standalone price of `sku`: the variant with that SKU in the
   * current data of the product holding it (else in its staged data); none when no product has it.
   */
  async skuFacts(
    ctx: RequestContext,
    sku: string,
    product: Product | undefined,
    active?: readonly ProductDiscount[],
  ): Promise<Awaited<ReturnType<SkuDiscountFacts>>> {
    const sources = await this.sourcesFor(ctx, product, active);
    if (!product) return { sources };
    for (const data of [product.masterData.current, product.masterData.staged]) {
      const variant = allVariants(data).find((v) => v.sku === sku);
      if (variant) return { facts: { product, productTypeKey: sources.productTypeKey, categories: categoryFacts(data, sources.categories), variant }, sources };
    }
    return { sources };
  }

  /** The product's categories (current and staged) with their keys and their ancestors' keys. */
  private async knownCategories(ctx: RequestContext, product: Product): Promise<Map<string, KnownCategory>> {
    const ids = new Set([...product.masterData.current.categories, ...product.masterData.staged.categories].map((c) => c.id));
    const categories = await categoryRepository.findMany(ctx, [...ids]);
    const ancestorIds = new Set(categories.flatMap((c) => c.ancestors.map((a) => a.id)));
    const keys = new Map([...categories, ...(await categoryRepository.findMany(ctx, [...ancestorIds]))].map((c) => [c.id, c.key]));
    return new Map(categories.map((c) => [c.id, { key: c.key, ancestors: c.ancestors.map((a) => ({ id: a.id, key: keys.get(a.id) })) }]));
  }

  /**
   * The discount that applies to a price of a product's variant now (POST /product-discounts/matching):
   * the price is the product's own of that id, so the answer is the one its `discounted` shows.
   */
  async match(
    ctx: RequestContext,
    query: ProductDiscountMatchQuery,
    products: { find(ctx: RequestContext, at: DocumentAddress): Promise<Product | undefined> },
  ): Promise<ProductDiscount> {
    const product = await products.find(ctx, { id: query.productId });
    const data = product && (query.staged ? product.masterData.staged : product.masterData.current);
    const variant = data && allVariants(data).find((v) => v.id === query.variantId);
    const price = variant?.prices?.find((p) => p.id === query.price.id);
    if (product && data && variant && price) {
      const sources = await this.sourcesFor(ctx, product);
      if (price.discounted && sources.external.has(price.discounted.discount.id)) {
        const external = await this.repository.find(ctx, { id: price.discounted.discount.id });
        if (external) return external;
      }
      const match = matchingDiscount(sources.discounts, {
        product,
        productTypeKey: sources.productTypeKey,
        categories: categoryFacts(data, sources.categories),
        variant,
        price,
      });
      if (match) return match.discount;
    }
    throw new NoMatchingProductDiscountFoundError();
  }
}
