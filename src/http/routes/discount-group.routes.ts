import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function discountGroupRoutes(services: Services) {
  return versionedResourceRoutes(services.discountGroups, {
    query: 'queryDiscountGroups',
    exists: 'checkDiscountGroupsExist',
    create: 'createDiscountGroup',
    getById: 'getDiscountGroupById',
    existsById: 'checkDiscountGroupExistsById',
    updateById: 'updateDiscountGroupById',
    deleteById: 'deleteDiscountGroupById',
    getByKey: 'getDiscountGroupByKey',
    existsByKey: 'checkDiscountGroupExistsByKey',
    updateByKey: 'updateDiscountGroupByKey',
    deleteByKey: 'deleteDiscountGroupByKey',
  } as const);
}
