import type { Services } from '../../services/index.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function cartRoutes(services: Services) {
  const global = versionedResourceRoutes(services.carts, {
    query: 'queryCarts',
    exists: 'checkCartsExist',
    create: 'createCart',
    getById: 'getCartById',
    existsById: 'checkCartExistsById',
    updateById: 'updateCartById',
    deleteById: 'deleteCartById',
    getByKey: 'getCartByKey',
    existsByKey: 'checkCartExistsByKey',
    updateByKey: 'updateCartByKey',
    deleteByKey: 'deleteCartByKey',
  } as const);
  const inStore = versionedResourceRoutes(services.carts.inStore, {
    query: 'queryCartsInStore',
    exists: 'checkCartsInStoreExist',
    create: 'createCartInStore',
    getById: 'getCartInStoreById',
    existsById: 'checkCartInStoreExistsById',
    updateById: 'updateCartInStoreById',
    deleteById: 'deleteCartInStoreById',
    getByKey: 'getCartInStoreByKey',
    existsByKey: 'checkCartInStoreExistsByKey',
    updateByKey: 'updateCartInStoreByKey',
    deleteByKey: 'deleteCartInStoreByKey',
  } as const);
  return { ...global, ...inStore };
}
