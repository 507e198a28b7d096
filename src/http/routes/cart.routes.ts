import type { Services } from '../../services/index.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function cartRoutes(services: Services) {
  return versionedResourceRoutes(services.carts, {
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
}
