import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function stateRoutes(services: Services) {
  return versionedResourceRoutes(services.states, {
    query: 'queryStates',
    exists: 'checkStatesExist',
    create: 'createState',
    getById: 'getStateById',
    existsById: 'checkStateExistsById',
    updateById: 'updateStateById',
    deleteById: 'deleteStateById',
    getByKey: 'getStateByKey',
    existsByKey: 'checkStateExistsByKey',
    updateByKey: 'updateStateByKey',
    deleteByKey: 'deleteStateByKey',
  } as const);
}
