import type { Cart, CartDraft, CartUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import type { JsonText } from '../db/json-text.js';
import { InvalidOperationError } from '../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../query/index.js';
import type { CartService } from './cart.service.js';
import { storeCondition } from './cart-owner.js';
import type { DocumentAddress } from './document-repository.js';
import { fencedWrites } from './fenced-writes.js';
import { notFound } from './versioning.js';

type Update = { version: number; actions: readonly CartUpdateAction[] };

/** The store of an in-store request (the router sets it from the path). */
function storeOf(ctx: RequestContext): string {
  if (ctx.storeKey === undefined) throw new Error('an in-store cart operation without a store key in its path');
  return ctx.storeKey;
}

/** The carts of the request's store as a query's base condition. */
const inStoreCondition = (ctx: RequestContext): SqlFragment => storeCondition(ctx.db.dialect, storeOf(ctx));

/**
 * The carts of one store (`/{projectKey}/in-store/key={storeKey}/carts…`), for the standard route
 * factory: a cart of another store, or of none, is 404 here as if it did not exist, and a cart
 * created here belongs to the store. A cart's store never changes (no update action sets it), so
 * checking it before an update or delete cannot race with one.
 */
export function cartsInStore(carts: CartService) {
  const repository = carts.repository;
  /** The cart at `at` if it belongs to the request's store; 404 otherwise. */
  const ownCart = async (ctx: RequestContext, at: DocumentAddress): Promise<Cart> => {
    const cart = await repository.find(ctx, at);
    if (!cart || cart.store?.key !== storeOf(ctx)) throw notFound(at);
    return cart;
  };
  return {
    async create(ctx: RequestContext, draft: CartDraft, expand?: readonly string[]): Promise<Cart> {
      const storeKey = storeOf(ctx);
      const named = draft.store;
      if (named && (named.key !== undefined ? named.key !== storeKey : (await carts.storeKeyOf(ctx, named)) !== storeKey)) {
        throw new InvalidOperationError(`A cart created in the store '${storeKey}' cannot belong to another store.`);
      }
      return carts.create(ctx, { ...draft, store: { typeId: 'store', key: storeKey } }, expand);
    },
    async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<Cart | JsonText> {
      const cart = await ownCart(ctx, at);
      return expand?.length ? repository.get(ctx, { id: cart.id }, expand) : cart;
    },
    async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
      const cart = await repository.find(ctx, at);
      return cart?.store?.key === storeOf(ctx);
    },
    query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Cart>> {
      return repository.query(ctx, params, inStoreCondition(ctx));
    },
    anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return repository.anyMatches(ctx, params, inStoreCondition(ctx));
    },
    ...fencedWrites<Cart, Update>(ownCart, carts),
  };
}
