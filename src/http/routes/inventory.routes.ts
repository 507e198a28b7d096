import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function inventoryRoutes(services: Services) {
  return versionedResourceRoutes(services.inventory, {
    query: 'queryInventory',
    exists: 'checkInventoryEntriesExist',
    create: 'createInventoryEntry',
    getById: 'getInventoryEntryById',
    existsById: 'checkInventoryEntryExistsById',
    updateById: 'updateInventoryEntryById',
    deleteById: 'deleteInventoryEntryById',
    getByKey: 'getInventoryEntryByKey',
    existsByKey: 'checkInventoryEntryExistsByKey',
    updateByKey: 'updateInventoryEntryByKey',
    deleteByKey: 'deleteInventoryEntryByKey',
  } as const);
}
