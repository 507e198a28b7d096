import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

/** The merchant's cart discounts, and those of one store (the service's in-store view reads the store from the context). */
export function cartDiscountRoutes(services: Services) {
  return {
    ...versionedResourceRoutes(services.cartDiscounts, {
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
    } as const),
    ...versionedResourceRoutes(services.cartDiscounts.inStore, {
      query: 'queryCartDiscountsInStore',
      exists: 'checkCartDiscountsExistInStore',
      create: 'createCartDiscountInStore',
      getById: 'getCartDiscountByIdInStore',
      existsById: 'checkCartDiscountExistsByIdInStore',
      updateById: 'updateCartDiscountByIdInStore',
      deleteById: 'deleteCartDiscountByIdInStore',
      getByKey: 'getCartDiscountByKeyInStore',
      existsByKey: 'checkCartDiscountExistsByKeyInStore',
      updateByKey: 'updateCartDiscountByKeyInStore',
      deleteByKey: 'deleteCartDiscountByKeyInStore',
    } as const),
  };
}
