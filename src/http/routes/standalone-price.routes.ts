import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function standalonePriceRoutes(services: Services) {
  return versionedResourceRoutes(services.standalonePrices, {
    query: 'queryStandalonePrices',
    exists: 'checkStandalonePricesExist',
    create: 'createStandalonePrice',
    getById: 'getStandalonePriceById',
    existsById: 'checkStandalonePriceExistsById',
    updateById: 'updateStandalonePriceById',
    deleteById: 'deleteStandalonePriceById',
    getByKey: 'getStandalonePriceByKey',
    existsByKey: 'checkStandalonePriceExistsByKey',
    updateByKey: 'updateStandalonePriceByKey',
    deleteByKey: 'deleteStandalonePriceByKey',
  } as const);
}
