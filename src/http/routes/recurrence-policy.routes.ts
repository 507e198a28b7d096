import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function recurrencePolicyRoutes(services: Services) {
  return versionedResourceRoutes(services.recurrencePolicies, {
    query: 'queryRecurrencePolicies',
    exists: 'checkRecurrencePoliciesExist',
    create: 'createRecurrencePolicy',
    getById: 'getRecurrencePolicyById',
    existsById: 'checkRecurrencePolicyExistsById',
    updateById: 'updateRecurrencePolicyById',
    deleteById: 'deleteRecurrencePolicyById',
    getByKey: 'getRecurrencePolicyByKey',
    existsByKey: 'checkRecurrencePolicyExistsByKey',
    updateByKey: 'updateRecurrencePolicyByKey',
    deleteByKey: 'deleteRecurrencePolicyByKey',
  } as const);
}
