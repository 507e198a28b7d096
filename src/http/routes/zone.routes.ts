import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function zoneRoutes(services: Services) {
  return versionedResourceRoutes(services.zones, {
    query: 'queryZones',
    exists: 'checkZonesExist',
    create: 'createZone',
    getById: 'getZoneById',
    existsById: 'checkZoneExistsById',
    updateById: 'updateZoneById',
    deleteById: 'deleteZoneById',
    getByKey: 'getZoneByKey',
    existsByKey: 'checkZoneExistsByKey',
    updateByKey: 'updateZoneByKey',
    deleteByKey: 'deleteZoneByKey',
  } as const);
}
