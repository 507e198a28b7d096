import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { inStoreTwin } from './in-store-twin.js';
import { headResult, queryParams } from './query-input.js';

type MeCartOperations =
  | 'queryMyCarts'
  | 'checkMyCartsExist'
  | 'checkMyCartExistsById'
  | 'checkMyOrdersExist'
  | 'checkMyOrderExistsById'
  | 'createMyCart'
  | 'replicateMyCart'
  | 'getMyCartById'
  | 'updateMyCartById'
  | 'deleteMyCartById'
  | 'getMyActiveCart'
  | 'checkMyActiveCartExists'
  | 'queryMyOrders'
  | 'createMyOrderFromCart'
  | 'getMyOrderById';
type InStore<K extends string> = K extends `${infer Name}ById` ? `${Name}InStoreById` : `${K}InStore`;

/**
 * The carts and orders of the token's customer or anonymous session, also in one store (the same
 * handlers: the services read the store of the path from the request context).
 */
export function meCartRoutes(services: Services): Pick<Handlers, MeCartOperations | InStore<MeCartOperations>> {
  const { carts, orders } = services;
  const mine: Pick<Handlers, MeCartOperations> = {
    queryMyCarts: async (ctx, input, http) => ({ body: await carts.mine.query(ctx, queryParams(input.query, http)) }),
    createMyCart: async (ctx, input) => ({ status: 201, body: await carts.createMine(ctx, input.body, input.query?.expand) }),
    replicateMyCart: async (ctx, input) => ({
      status: 201,
      body: await services.cartReplicas.replicate(ctx, input.body, true, undefined, input.query?.expand),
    }),
    getMyCartById: async (ctx, input) => ({ body: await carts.mine.get(ctx, input.path.id, input.query?.expand) }),
    updateMyCartById: async (ctx, input) => ({ body: await carts.updateMine(ctx, input.path.id, input.body, input.query?.expand) }),
    deleteMyCartById: async (ctx, input) => ({ body: await carts.deleteMine(ctx, input.path.id, input.query.version, input.query?.expand) }),
    getMyActiveCart: async (ctx, input) => ({ body: await carts.myActiveCart(ctx, input.query?.expand) }),
    checkMyActiveCartExists: async (ctx) => headResult(await carts.hasActiveCart(ctx)),
    queryMyOrders: async (ctx, input, http) => ({ body: await orders.mine.query(ctx, queryParams(input.query, http)) }),
    createMyOrderFromCart: async (ctx, input) => ({ status: 201, body: await orders.createMine(ctx, input.body, input.query?.expand) }),
    getMyOrderById: async (ctx, input) => ({ body: await orders.mine.get(ctx, input.path.id, input.query?.expand) }),
    checkMyCartsExist: async (ctx, input, http) => headResult(await carts.mine.anyMatches(ctx, queryParams(input.query, http))),
    checkMyCartExistsById: async (ctx, input) => headResult(await carts.mine.exists(ctx, input.path.id)),
    checkMyOrdersExist: async (ctx, input, http) => headResult(await orders.mine.anyMatches(ctx, queryParams(input.query, http))),
    checkMyOrderExistsById: async (ctx, input) => headResult(await orders.mine.exists(ctx, input.path.id)),
  };
  return {
    ...mine,
    queryMyCartsInStore: inStoreTwin<'queryMyCartsInStore'>(mine.queryMyCarts),
    createMyCartInStore: inStoreTwin<'createMyCartInStore'>(mine.createMyCart),
    replicateMyCartInStore: inStoreTwin<'replicateMyCartInStore'>(mine.replicateMyCart),
    getMyCartInStoreById: inStoreTwin<'getMyCartInStoreById'>(mine.getMyCartById),
    updateMyCartInStoreById: inStoreTwin<'updateMyCartInStoreById'>(mine.updateMyCartById),
    deleteMyCartInStoreById: inStoreTwin<'deleteMyCartInStoreById'>(mine.deleteMyCartById),
    getMyActiveCartInStore: inStoreTwin<'getMyActiveCartInStore'>(mine.getMyActiveCart),
    checkMyActiveCartExistsInStore: inStoreTwin<'checkMyActiveCartExistsInStore'>(mine.checkMyActiveCartExists),
    queryMyOrdersInStore: inStoreTwin<'queryMyOrdersInStore'>(mine.queryMyOrders),
    createMyOrderFromCartInStore: inStoreTwin<'createMyOrderFromCartInStore'>(mine.createMyOrderFromCart),
    getMyOrderInStoreById: inStoreTwin<'getMyOrderInStoreById'>(mine.getMyOrderById),
    checkMyCartsExistInStore: inStoreTwin<'checkMyCartsExistInStore'>(mine.checkMyCartsExist),
    checkMyCartExistsInStoreById: inStoreTwin<'checkMyCartExistsInStoreById'>(mine.checkMyCartExistsById),
    checkMyOrdersExistInStore: inStoreTwin<'checkMyOrdersExistInStore'>(mine.checkMyOrdersExist),
    checkMyOrderExistsInStoreById: inStoreTwin<'checkMyOrderExistsInStoreById'>(mine.checkMyOrderExistsById),
  };
}
