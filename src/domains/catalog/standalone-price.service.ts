import type { Price, Product, StandalonePrice, StandalonePriceDraft, StandalonePriceUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { Dialect } from '../../db/sql-runner.js';
import { sql } from '../../db/statements.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { customFieldActions } from '../types/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { moneyFromDraft } from '../../shared/money/money.js';
import { externalDiscountedPrice, priceFieldsFromDraft, tiersFromDrafts } from './prices.js';
import { discountPrice, type ProductDiscountSources } from './product-discounting.js';
import { allVariants } from './product-variants.js';
import type { PriceFacts } from './product-discount-predicates.js';
import { standalonePriceResource } from '../../resources/queryable-resources.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';
import { setValidity } from '../../resources/validity-period.js';
import { sameJson } from '../../shared/canonical-json.js';
import { DuplicateStandalonePriceScopeError } from '../../errors/commerce-errors.js';

const BY_SCOPE = sql('SELECT "id" FROM "StandalonePrice" WHERE "projectKey" = ? AND "sku" = ? AND "scope" = ?');

/** The scope no two prices of one SKU may share: who the price is for, and when. */
function scopeOf(price: StandalonePrice): string {
  return JSON.stringify([
    price.value.currencyCode,
    price.country ?? '',
    price.customerGroup?.id ?? '',
    price.channel?.id ?? '',
    price.validFrom ?? '',
    price.validUntil ?? '',
  ]);
}

/** The facts product discount predicates read for a SKU's price: its product's variant, if a product has the SKU. */
export type SkuDiscountFacts = (ctx: RequestContext, sku: string) => Promise<{ facts?: Omit<PriceFacts, 'price'>; sources: ProductDiscountSources }>;

/** A standalone price's `discounted` as the discounts give it: from the SKU's product, or (no product has the SKU) only an external value. */
function discountStandalone(price: StandalonePrice, known: Awaited<ReturnType<SkuDiscountFacts>>): void {
  if (known.facts) discountPrice(price as unknown as Price, known.facts, known.sources);
  else if (price.discounted && !known.sources.external.has(price.discounted.discount.id)) delete price.discounted;
}

const actions: ActionHandlers<StandalonePrice, StandalonePriceUpdateAction> = {
  addPriceTier: (doc, a) => {
    const [tier] = tiersFromDrafts([a.tier], doc.value.currencyCode, 'tier');
    if ((doc.tiers ?? []).some((t) => t.minimumQuantity === tier.minimumQuantity)) {
      throw new InvalidOperationError(`The price already has a tier with minimumQuantity ${tier.minimumQuantity}.`);
    }
    doc.tiers = [...(doc.tiers ?? []), tier].sort((x, y) => x.minimumQuantity - y.minimumQuantity);
  },
  removePriceTier: (doc, a) => {
    if (!(doc.tiers ?? []).some((t) => t.minimumQuantity === a.minimumQuantity))
      throw new InvalidOperationError(`The price has no tier with minimumQuantity ${a.minimumQuantity}.`);
    doc.tiers = (doc.tiers ?? []).filter((t) => t.minimumQuantity !== a.minimumQuantity);
    if (doc.tiers.length === 0) delete doc.tiers;
  },
  setPriceTiers: (doc, a) => {
    const tiers = tiersFromDrafts(a.tiers, doc.value.currencyCode, 'tiers');
    if (tiers.length > 0) doc.tiers = tiers;
    else delete doc.tiers;
  },
  changeValue: (doc, a) => {
    const value = moneyFromDraft(a.value, 'value');
    if (value.currencyCode !== doc.value.currencyCode)
      throw new InvalidOperationError(`The value of a standalone price keeps its currency (${doc.value.currencyCode}).`);
    if (a.staged) doc.staged = { value };
    else doc.value = value;
  },
  applyStagedChanges: (doc) => {
    if (!doc.staged) return;
    doc.value = doc.staged.value;
    delete doc.staged;
  },
  removeStagedChanges: (doc) => void delete doc.staged,
  changeActive: (doc, a) => void (doc.active = a.active),
  setDiscountedPrice: async (doc, a, ctx) => {
    if (a.discounted) doc.discounted = await externalDiscountedPrice(ctx, a.discounted, 'discounted', doc.value.currencyCode);
    else delete doc.discounted;
  },
  setKey: (doc, a) => setOptional(doc, 'key', a.key),
  setValidFrom: (doc, a) => setValidity(doc, a, 'validFrom'),
  setValidUntil: (doc, a) => setValidity(doc, a, 'validUntil'),
  setValidFromAndUntil: (doc, a) => setValidity(doc, a, 'both'),
  ...customFieldActions('standalone-price'),
};

/**
 * Standalone prices (openapi/schemas/standalone-price.yaml): the prices of a SKU as resources of their
 * own, which line items of products in the Standalone price mode are priced from. Their `discounted`
 * follows the product discounts as embedded prices' does: set as each price is written, from the
 * product holding its SKU, and recomputed when a discount is written.
 */
export class StandalonePriceService extends DocumentService<StandalonePrice, StandalonePriceDraft, StandalonePriceUpdateAction> {
  readonly repository = new DocumentRepository<StandalonePrice>({
    resource: standalonePriceResource,
    extraColumns: { names: ['sku', 'scope', 'activeSku'], values: (doc) => ({ sku: doc.sku, scope: scopeOf(doc), activeSku: doc.active ? doc.sku : null }) },
    uniqueRules: (doc) => [{ model: 'StandalonePrice', fields: ['projectKey', 'sku', 'scope'], error: () => new DuplicateStandalonePriceScopeError(doc) }],
    beforeWrite: async (ctx, doc) => {
      await this.refuseScopeOfAnother(ctx, doc);
      discountStandalone(doc, await this.skus.factsOf(ctx, doc.sku));
    },
  });
  protected readonly actions = actions;

  /** `skus`: what product discounts know of a SKU (flows/product-repricing.ts). */
  constructor(private readonly skus: { factsOf: SkuDiscountFacts }) {
    super();
  }

  protected async fromDraft(ctx: RequestContext, draft: StandalonePriceDraft): Promise<NewDocument<StandalonePrice>> {
    const { sku, staged, active, ...priceDraft } = draft;
    const fields = await priceFieldsFromDraft(ctx, priceDraft, '', 'standalone-price');
    const stagedValue = staged ? moneyFromDraft(staged.value, 'staged.value') : undefined;
    if (stagedValue && stagedValue.currencyCode !== fields.value.currencyCode)
      throw new InvalidOperationError(`The staged value must have the price's currency (${fields.value.currencyCode}).`);
    return { sku, ...fields, ...(stagedValue ? { staged: { value: stagedValue } } : {}), active: active ?? true };
  }

  /** 400 DuplicateStandalonePriceScope naming the other price when one is known (the unique index decides races). */
  private async refuseScopeOfAnother(ctx: RequestContext, doc: StandalonePrice): Promise<void> {
    const row = await ctx.db.first<{ id: string }>(BY_SCOPE[ctx.db.dialect], [ctx.projectKey, doc.sku, scopeOf(doc)]);
    if (row && row.id !== doc.id) throw new DuplicateStandalonePriceScopeError(doc, row.id);
  }

  /** The active standalone prices of these SKUs, as the prices of their variants (one statement on the active ones' index). */
  async activeBySku(ctx: Pick<RequestContext, 'db' | 'projectKey'>, skus: readonly string[]): Promise<Map<string, Price[]>> {
    const bySku = new Map<string, Price[]>();
    if (skus.length === 0) return bySku;
    const rows = await ctx.db.rows<{ data: string }>(activeOf(ctx.db.dialect, skus.length), [ctx.projectKey, ...skus]);
    for (const row of rows) {
      const { sku, id, key, value, country, customerGroup, channel, validFrom, validUntil, tiers, discounted, custom } = JSON.parse(
        row.data,
      ) as StandalonePrice;
      const price: Price = {
        id,
        ...(key !== undefined ? { key } : {}),
        value,
        country,
        customerGroup,
        channel,
        validFrom,
        validUntil,
        tiers,
        discounted,
        custom,
      };
      for (const field of Object.keys(price) as (keyof Price)[]) if (price[field] === undefined) delete price[field];
      bySku.set(sku, [...(bySku.get(sku) ?? []), price]);
    }
    return bySku;
  }

  /** Recomputes every standalone price's `discounted` after a product discount changed, in the caller's transaction. */
  async repriceAll(ctx: RequestContext, facts: SkuDiscountFacts): Promise<void> {
    await this.repository.forEachMatch(ctx, { where: [] }, async (price) => {
      const next = structuredClone(price);
      discountStandalone(next, await facts(ctx, next.sku));
      // Not by JSON text: PostgreSQL's jsonb answers keys in an order of its own.
      if (!sameJson(next, price)) await this.repository.replace(ctx, price, next);
    });
  }
}

const ACTIVE_STATEMENTS = new Map<string, string>();
/** `SELECT … WHERE activeSku IN (?, …)` for n SKUs, per dialect (cached: line items come in a few sizes). */
function activeOf(dialect: Dialect, n: number): string {
  const cacheKey = `${dialect}:${n}`;
  let text = ACTIVE_STATEMENTS.get(cacheKey);
  if (!text) {
    const marks = Array.from({ length: n }, () => '?').join(', ');
    text = sql(`SELECT $DATA AS "data" FROM "StandalonePrice" WHERE "projectKey" = ? AND "activeSku" IN (${marks}) ORDER BY "id"`)[dialect];
    ACTIVE_STATEMENTS.set(cacheKey, text);
  }
  return text;
}

/**
 * Products as carts see them: the variants of a product in the Standalone price mode carry the active
 * standalone prices of their SKUs (read in one statement for all of them), so price selection works
 * the same for both modes. Products in the Embedded mode are answered as they are.
 */
export function standalonePricesOf(prices: StandalonePriceService) {
  const many = async (ctx: RequestContext, products: Product[]): Promise<Product[]> => {
    const standalone = products.filter((p) => p.priceMode === 'Standalone');
    if (standalone.length === 0) return products;
    const variantsOf = (p: Product) => [p.masterData.current, p.masterData.staged].flatMap(allVariants);
    const bySku = await prices.activeBySku(ctx, [...new Set(standalone.flatMap((p) => variantsOf(p).flatMap((v) => (v.sku !== undefined ? [v.sku] : []))))]);
    return products.map((product) => {
      if (product.priceMode !== 'Standalone') return product;
      const copy = structuredClone(product);
      for (const variant of variantsOf(copy)) variant.prices = variant.sku !== undefined ? structuredClone(bySku.get(variant.sku) ?? []) : [];
      return copy;
    });
  };
  return {
    many,
    one: async (ctx: RequestContext, product: Product | undefined): Promise<Product | undefined> => (product ? (await many(ctx, [product]))[0] : undefined),
  };
}
