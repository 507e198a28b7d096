import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function typeRoutes(services: Services) {
  return versionedResourceRoutes(services.types, {
    query: 'queryTypes',
    exists: 'checkTypesExist',
    create: 'createType',
    getById: 'getTypeById',
    existsById: 'checkTypeExistsById',
    updateById: 'updateTypeById',
    deleteById: 'deleteTypeById',
    getByKey: 'getTypeByKey',
    existsByKey: 'checkTypeExistsByKey',
    updateByKey: 'updateTypeByKey',
    deleteByKey: 'deleteTypeByKey',
  } as const);
}
