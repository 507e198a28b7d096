import type { ProductProjection, ProductVariant } from '../../../generated/openapi/client/types.gen.js';
import { hasScopes } from '../../auth/authorize.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { InvalidInputError } from '../../errors/api-error.js';
import { queryResources, resourceExists, type PagedQueryResult, type PredicateVariables, type QueryParams, type SqlFragment } from '../../query/index.js';
import { expandDocuments } from '../../resources/expansion.js';
import { selectPrice } from './price-selection.js';
import type { ProjectionView } from './product-projections.js';
import { productProjectionResource } from '../../resources/queryable-resources.js';
import { notFound, type DocumentAddress } from '../../resources/versioning.js';

const BY_ID = sql('SELECT $DATA AS "data" FROM "ProductProjection" WHERE "projectKey" = ? AND "view" = ? AND "id" = ?');
const BY_KEY = sql('SELECT $DATA AS "data" FROM "ProductProjection" WHERE "projectKey" = ? AND "view" = ? AND "key" = ?');
const IN_VIEW = sql('"ProductProjection"."view" = ?');

/** The price selection parameters of a projection read: `priceCurrency`, and optionally the others. */
export interface PriceSelection {
  priceCurrency?: string;
  priceCountry?: string;
  priceCustomerGroup?: string;
  priceChannel?: string;
}

/** How a projection read is asked for: `staged` (default the current data), expansion and price selection. */
export interface ProjectionRead extends PriceSelection {
  staged?: boolean;
  expand?: readonly string[];
}

/**
 * Product projections, the read model storefronts use: the current (published) or the staged data
 * of each product, stored as projected by the product service in the transaction of every product
 * write, so reads, `where`, sorting and paging all run on stored rows. A caller holding only
 * view_published_products always reads the current data (the platform ignores `staged` for it).
 */
export class ProductProjectionService {
  async get(ctx: RequestContext, at: DocumentAddress, read: ProjectionRead): Promise<ProductProjection> {
    const view = viewFor(ctx, read.staged);
    const text =
      'id' in at
        ? await ctx.db.value<string>(BY_ID[ctx.db.dialect], [ctx.projectKey, view, at.id])
        : await ctx.db.value<string>(BY_KEY[ctx.db.dialect], [ctx.projectKey, view, at.key]);
    if (text === undefined) throw notFound(at);
    const [projection] = await this.finish(ctx, [JSON.parse(text) as ProductProjection], read);
    return projection;
  }

  /** HEAD: whether the product has a projection in the view the caller reads (current, or staged when asked and allowed). */
  async exists(ctx: RequestContext, at: DocumentAddress, staged: boolean | undefined): Promise<boolean> {
    const view = viewFor(ctx, staged);
    const text =
      'id' in at
        ? await ctx.db.value<string>(BY_ID[ctx.db.dialect], [ctx.projectKey, view, at.id])
        : await ctx.db.value<string>(BY_KEY[ctx.db.dialect], [ctx.projectKey, view, at.key]);
    return text !== undefined;
  }

  async query(ctx: RequestContext, params: QueryParams, read: ProjectionRead): Promise<PagedQueryResult<ProductProjection>> {
    const page = await queryResources<ProductProjection>(ctx.db, productProjectionResource, params, {
      projectKey: ctx.projectKey,
      base: inView(ctx, read.staged),
    });
    return { ...page, results: await this.finish(ctx, page.results, { ...read, expand: params.expand }) };
  }

  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }, staged: boolean | undefined): Promise<boolean> {
    return resourceExists(ctx.db, productProjectionResource, params, { projectKey: ctx.projectKey, base: inView(ctx, staged) });
  }

  /** Expansion, then the selected price of every variant when a currency is given. */
  private async finish(ctx: RequestContext, projections: ProductProjection[], read: ProjectionRead): Promise<ProductProjection[]> {
    checkPriceSelection(read);
    const expanded = read.expand?.length ? await expandDocuments(ctx, projections, read.expand) : projections;
    if (read.priceCurrency === undefined) return expanded;
    const now = ctx.app.clock.now();
    for (const projection of expanded) {
      for (const variant of [projection.masterVariant, ...projection.variants]) selectVariantPrice(variant, read, now);
    }
    return expanded;
  }
}

/** On an in-store request a store-scoped view_products lets the caller read staged data too. */
function viewFor(ctx: RequestContext, staged: boolean | undefined): ProjectionView {
  return staged === true && ctx.principal !== undefined && hasScopes(ctx.principal, ['view_products'], ctx.projectKey, ctx.storeKey) ? 'staged' : 'current';
}

function inView(ctx: RequestContext, staged: boolean | undefined): SqlFragment {
  return { sql: IN_VIEW[ctx.db.dialect], params: [viewFor(ctx, staged)] };
}

function checkPriceSelection(read: PriceSelection): void {
  if (read.priceCurrency !== undefined) return;
  const without = (['priceCountry', 'priceCustomerGroup', 'priceChannel'] as const).find((name) => read[name] !== undefined);
  if (without) throw new InvalidInputError(`The price selection parameter ${without} needs priceCurrency.`);
}

/** The platform's price selection for one unit, now; the variant's `price` is the selected price as stored. */
function selectVariantPrice(variant: ProductVariant, read: PriceSelection, now: number): void {
  const selected = selectPrice(variant.prices, {
    currency: read.priceCurrency!,
    country: read.priceCountry,
    customerGroupId: read.priceCustomerGroup,
    channelId: read.priceChannel,
    now,
    quantity: 1,
  });
  const price = selected && variant.prices.find((p) => p.id === selected.id);
  if (price) variant.price = price;
}
