import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';

type StoreHandlers = Pick<
  Handlers,
  | 'queryStores' | 'checkStoresExist' | 'createStore'
  | 'getStoreById' | 'checkStoreExistsById' | 'updateStoreById' | 'deleteStoreById'
  | 'getStoreByKey' | 'checkStoreExistsByKey' | 'updateStoreByKey' | 'deleteStoreByKey'
>;

export function storeRoutes(services: Services): StoreHandlers {
  const stores = services.stores;
  return {
    queryStores: async (ctx, input, http) => ({ body: await stores.query(ctx, queryParams(input.query, http)) }),
    checkStoresExist: async (ctx, input, http) => headResult(await stores.anyMatches(ctx, queryParams(input.query, http))),
    createStore: async (ctx, input) => ({ status: 201, body: await stores.create(ctx, input.body, input.query?.expand) }),
    getStoreById: async (ctx, input) => ({ body: await stores.get(ctx, { id: input.path.id }, input.query?.expand) }),
    checkStoreExistsById: async (ctx, input) => headResult(await stores.exists(ctx, { id: input.path.id })),
    updateStoreById: async (ctx, input) => ({ body: await stores.update(ctx, { id: input.path.id }, input.body, input.query?.expand) }),
    deleteStoreById: async (ctx, input) => ({ body: await stores.delete(ctx, { id: input.path.id }, input.query.version, input.query.expand) }),
    getStoreByKey: async (ctx, input) => ({ body: await stores.get(ctx, { key: input.path.key }, input.query?.expand) }),
    checkStoreExistsByKey: async (ctx, input) => headResult(await stores.exists(ctx, { key: input.path.key })),
    updateStoreByKey: async (ctx, input) => ({ body: await stores.update(ctx, { key: input.path.key }, input.body, input.query?.expand) }),
    deleteStoreByKey: async (ctx, input) => ({ body: await stores.delete(ctx, { key: input.path.key }, input.query.version, input.query.expand) }),
  };
}
