import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function attributeGroupRoutes(services: Services) {
  return versionedResourceRoutes(services.attributeGroups, {
    query: 'queryAttributeGroups',
    exists: 'checkAttributeGroupsExist',
    create: 'createAttributeGroup',
    getById: 'getAttributeGroupById',
    existsById: 'checkAttributeGroupExistsById',
    updateById: 'updateAttributeGroupById',
    deleteById: 'deleteAttributeGroupById',
    getByKey: 'getAttributeGroupByKey',
    existsByKey: 'checkAttributeGroupExistsByKey',
    updateByKey: 'updateAttributeGroupByKey',
    deleteByKey: 'deleteAttributeGroupByKey',
  } as const);
}
