import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

/** Product discounts, and the one that applies to a given price. */
export function productDiscountRoutes(services: Services) {
  const { productDiscounts, products } = services;
  const matching: Pick<Handlers, 'matchProductDiscount'> = {
    matchProductDiscount: async (ctx, input) => ({ body: await productDiscounts.match(ctx, input.body, products.repository) }),
  };
  return {
    ...versionedResourceRoutes(productDiscounts, {
      query: 'queryProductDiscounts',
      exists: 'checkProductDiscountsExist',
      create: 'createProductDiscount',
      getById: 'getProductDiscountById',
      existsById: 'checkProductDiscountExistsById',
      updateById: 'updateProductDiscountById',
      deleteById: 'deleteProductDiscountById',
      getByKey: 'getProductDiscountByKey',
      existsByKey: 'checkProductDiscountExistsByKey',
      updateByKey: 'updateProductDiscountByKey',
      deleteByKey: 'deleteProductDiscountByKey',
    } as const),
    ...matching,
  };
}
