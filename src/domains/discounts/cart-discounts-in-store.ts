import type { CartDiscount, CartDiscountDraft, CartDiscountUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../../query/index.js';
import type { DocumentResource } from '../../resources/document-service.js';
import type { DocumentAddress } from '../../resources/document-repository.js';
import { fencedWrites } from '../../resources/views/fenced-writes.js';
import { storeOf } from '../../resources/views/in-store-documents.js';
import { notFound } from '../../resources/versioning.js';

type Update = { version: number; actions: readonly CartDiscountUpdateAction[] };

/** Whether the discount applies in the request's store: it names the store among its `stores`. */
const ofStore = (ctx: RequestContext, discount: CartDiscount) => (discount.stores ?? []).some((s) => s.key === storeOf(ctx));

/** The query's predicates and the store's: a discount naming the store. */
function inStorePredicates<P extends { where: readonly string[]; vars?: PredicateVariables }>(ctx: RequestContext, params: P): P {
  return { ...params, where: [...params.where, 'stores(key = :inStoreKey)'], vars: { ...params.vars, inStoreKey: [storeOf(ctx)] } };
}

/**
 * The cart discounts of one store (`/{projectKey}/in-store/key={storeKey}/cart-discounts…`), for the
 * standard route factory: those whose `stores` name it (another is 404 here, as if it did not exist);
 * one created here applies in that store only (its `stores` are set to it, as the platform documents).
 * Cart discounts are few, so the store is matched by the query engine's predicate on `stores`.
 */
export function cartDiscountsInStore(service: DocumentResource<CartDiscount, CartDiscountDraft, CartDiscountUpdateAction>) {
  const own = async (ctx: RequestContext, at: DocumentAddress): Promise<CartDiscount> => {
    const discount = await service.repository.find(ctx, at);
    if (!discount || !ofStore(ctx, discount)) throw notFound(at);
    return discount;
  };
  return {
    create(ctx: RequestContext, draft: CartDiscountDraft, expand?: readonly string[]): Promise<CartDiscount> {
      return service.create(ctx, { ...draft, stores: [{ typeId: 'store', key: storeOf(ctx) }] }, expand);
    },
    async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<CartDiscount | JsonText> {
      const discount = await own(ctx, at);
      return expand?.length ? service.repository.get(ctx, { id: discount.id }, expand) : discount;
    },
    async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
      const discount = await service.repository.find(ctx, at);
      return discount !== undefined && ofStore(ctx, discount);
    },
    query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<CartDiscount>> {
      return service.query(ctx, inStorePredicates(ctx, params));
    },
    anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return service.anyMatches(ctx, inStorePredicates(ctx, params));
    },
    ...fencedWrites<CartDiscount, Update>(own, service),
  };
}
