import type { Services } from '../../services/index.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function cartDiscountRoutes(services: Services) {
  return versionedResourceRoutes(services.cartDiscounts, {
    query: 'queryCartDiscounts',
    exists: 'checkCartDiscountsExist',
    create: 'createCartDiscount',
    getById: 'getCartDiscountById',
    existsById: 'checkCartDiscountExistsById',
    updateById: 'updateCartDiscountById',
    deleteById: 'deleteCartDiscountById',
    getByKey: 'getCartDiscountByKey',
    existsByKey: 'checkCartDiscountExistsByKey',
    updateByKey: 'updateCartDiscountByKey',
    deleteByKey: 'deleteCartDiscountByKey',
  } as const);
}
