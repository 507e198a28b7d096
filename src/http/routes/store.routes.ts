import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function storeRoutes(services: Services) {
  return versionedResourceRoutes(services.stores, {
    query: 'queryStores',
    exists: 'checkStoresExist',
    create: 'createStore',
    getById: 'getStoreById',
    existsById: 'checkStoreExistsById',
    updateById: 'updateStoreById',
    deleteById: 'deleteStoreById',
    getByKey: 'getStoreByKey',
    existsByKey: 'checkStoreExistsByKey',
    updateByKey: 'updateStoreByKey',
    deleteByKey: 'deleteStoreByKey',
  } as const);
}
