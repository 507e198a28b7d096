import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function customerGroupRoutes(services: Services) {
  return versionedResourceRoutes(services.customerGroups, {
    query: 'queryCustomerGroups',
    exists: 'checkCustomerGroupsExist',
    create: 'createCustomerGroup',
    getById: 'getCustomerGroupById',
    existsById: 'checkCustomerGroupExistsById',
    updateById: 'updateCustomerGroupById',
    deleteById: 'deleteCustomerGroupById',
    getByKey: 'getCustomerGroupByKey',
    existsByKey: 'checkCustomerGroupExistsByKey',
    updateByKey: 'updateCustomerGroupByKey',
    deleteByKey: 'deleteCustomerGroupByKey',
  } as const);
}
