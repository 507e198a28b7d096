import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function associateRoleRoutes(services: Services) {
  return versionedResourceRoutes(services.associateRoles, {
    query: 'queryAssociateRoles',
    exists: 'checkAssociateRolesExist',
    create: 'createAssociateRole',
    getById: 'getAssociateRoleById',
    existsById: 'checkAssociateRoleExistsById',
    updateById: 'updateAssociateRoleById',
    deleteById: 'deleteAssociateRoleById',
    getByKey: 'getAssociateRoleByKey',
    existsByKey: 'checkAssociateRoleExistsByKey',
    updateByKey: 'updateAssociateRoleByKey',
    deleteByKey: 'deleteAssociateRoleByKey',
  } as const);
}
