import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';

type AssociateRoleHandlers = Pick<
  Handlers,
  | 'queryAssociateRoles' | 'checkAssociateRolesExist' | 'createAssociateRole'
  | 'getAssociateRoleById' | 'checkAssociateRoleExistsById' | 'updateAssociateRoleById' | 'deleteAssociateRoleById'
  | 'getAssociateRoleByKey' | 'checkAssociateRoleExistsByKey' | 'updateAssociateRoleByKey' | 'deleteAssociateRoleByKey'
>;

export function associateRoleRoutes(services: Services): AssociateRoleHandlers {
  const roles = services.associateRoles;
  return {
    queryAssociateRoles: async (ctx, input, http) => ({ body: await roles.query(ctx, queryParams(input.query, http)) }),
    checkAssociateRolesExist: async (ctx, input, http) => headResult(await roles.anyMatches(ctx, queryParams(input.query, http))),
    createAssociateRole: async (ctx, input) => ({ status: 201, body: await roles.create(ctx, input.body, input.query?.expand) }),
    getAssociateRoleById: async (ctx, input) => ({ body: await roles.get(ctx, { id: input.path.id }, input.query?.expand) }),
    checkAssociateRoleExistsById: async (ctx, input) => headResult(await roles.exists(ctx, { id: input.path.id })),
    updateAssociateRoleById: async (ctx, input) => ({ body: await roles.update(ctx, { id: input.path.id }, input.body, input.query?.expand) }),
    deleteAssociateRoleById: async (ctx, input) => ({ body: await roles.delete(ctx, { id: input.path.id }, input.query.version, input.query.expand) }),
    getAssociateRoleByKey: async (ctx, input) => ({ body: await roles.get(ctx, { key: input.path.key }, input.query?.expand) }),
    checkAssociateRoleExistsByKey: async (ctx, input) => headResult(await roles.exists(ctx, { key: input.path.key })),
    updateAssociateRoleByKey: async (ctx, input) => ({ body: await roles.update(ctx, { key: input.path.key }, input.body, input.query?.expand) }),
    deleteAssociateRoleByKey: async (ctx, input) => ({ body: await roles.delete(ctx, { key: input.path.key }, input.query.version, input.query.expand) }),
  };
}
