import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function discountCodeRoutes(services: Services) {
  return versionedResourceRoutes(services.discountCodes, {
    query: 'queryDiscountCodes',
    exists: 'checkDiscountCodesExist',
    create: 'createDiscountCode',
    getById: 'getDiscountCodeById',
    existsById: 'checkDiscountCodeExistsById',
    updateById: 'updateDiscountCodeById',
    deleteById: 'deleteDiscountCodeById',
    getByKey: 'getDiscountCodeByKey',
    existsByKey: 'checkDiscountCodeExistsByKey',
    updateByKey: 'updateDiscountCodeByKey',
    deleteByKey: 'deleteDiscountCodeByKey',
  } as const);
}
