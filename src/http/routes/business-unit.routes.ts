import type { Services } from '../../composition.js';

import type { Handlers } from '../router.js';

import { headResult, queryParams } from './query-input.js';

import { versionedResourceRoutes } from './versioned-resource.routes.js';

import { pathAddress } from '../../resources/versioning.js';

type AsAssociateOperation =
  | 'queryBusinessUnitsAsAssociate'
  | 'checkBusinessUnitsExistAsAssociate'
  | 'createBusinessUnitAsAssociate'
  | 'getBusinessUnitByIdAsAssociate'
  | 'getBusinessUnitByKeyAsAssociate'
  | 'checkBusinessUnitExistsByIdAsAssociate'
  | 'checkBusinessUnitExistsByKeyAsAssociate'
  | 'updateBusinessUnitByIdAsAssociate'
  | 'updateBusinessUnitByKeyAsAssociate';

/** The general business unit endpoints, and the nine a customer uses acting as an Associate. */
export function businessUnitRoutes(services: Services) {
  const asAssociate = services.asAssociateBusinessUnits;
  const associateRoutes: Pick<Handlers, AsAssociateOperation> = {
    queryBusinessUnitsAsAssociate: async (ctx, input, http) => ({ body: await asAssociate.query(ctx, input.path.associateId, queryParams(input.query, http)) }),
    checkBusinessUnitsExistAsAssociate: async (ctx, input, http) =>
      headResult(await asAssociate.anyMatches(ctx, input.path.associateId, queryParams(input.query, http))),
    createBusinessUnitAsAssociate: async (ctx, input) => ({
      status: 201,
      body: await asAssociate.create(ctx, input.path.associateId, input.body, input.query?.expand),
    }),
    getBusinessUnitByIdAsAssociate: async (ctx, input) => ({
      body: await asAssociate.getForResponse(ctx, input.path.associateId, pathAddress(input.path), input.query?.expand),
    }),
    getBusinessUnitByKeyAsAssociate: async (ctx, input) => ({
      body: await asAssociate.getForResponse(ctx, input.path.associateId, pathAddress(input.path), input.query?.expand),
    }),
    checkBusinessUnitExistsByIdAsAssociate: async (ctx, input) => headResult(await asAssociate.exists(ctx, input.path.associateId, pathAddress(input.path))),
    checkBusinessUnitExistsByKeyAsAssociate: async (ctx, input) => headResult(await asAssociate.exists(ctx, input.path.associateId, pathAddress(input.path))),
    updateBusinessUnitByIdAsAssociate: async (ctx, input) => ({
      body: await asAssociate.update(ctx, input.path.associateId, pathAddress(input.path), input.body, input.query?.expand),
    }),
    updateBusinessUnitByKeyAsAssociate: async (ctx, input) => ({
      body: await asAssociate.update(ctx, input.path.associateId, pathAddress(input.path), input.body, input.query?.expand),
    }),
  };
  return {
    ...versionedResourceRoutes(services.businessUnits, {
      query: 'queryBusinessUnits',
      exists: 'checkBusinessUnitsExist',
      create: 'createBusinessUnit',
      getById: 'getBusinessUnitById',
      existsById: 'checkBusinessUnitExistsById',
      updateById: 'updateBusinessUnitById',
      deleteById: 'deleteBusinessUnitById',
      getByKey: 'getBusinessUnitByKey',
      existsByKey: 'checkBusinessUnitExistsByKey',
      updateByKey: 'updateBusinessUnitByKey',
      deleteByKey: 'deleteBusinessUnitByKey',
    } as const),
    ...versionedResourceRoutes(services.businessUnits.inStore, {
      query: 'queryBusinessUnitsInStore',
      exists: 'checkBusinessUnitsExistInStore',
      create: 'createBusinessUnitInStore',
      getById: 'getBusinessUnitInStoreById',
      existsById: 'checkBusinessUnitExistsInStoreById',
      updateById: 'updateBusinessUnitInStoreById',
      deleteById: 'deleteBusinessUnitInStoreById',
      getByKey: 'getBusinessUnitInStoreByKey',
      existsByKey: 'checkBusinessUnitExistsInStoreByKey',
      updateByKey: 'updateBusinessUnitInStoreByKey',
      deleteByKey: 'deleteBusinessUnitInStoreByKey',
    } as const),
    ...associateRoutes,
    ...myRoutes(services),
    getBusinessUnitAssociateById: async (ctx, input) => ({ body: await services.businessUnits.associate(ctx, { id: input.path.id }, input.path.associateId) }),
    getBusinessUnitAssociateByKey: async (ctx, input) => ({
      body: await services.businessUnits.associate(ctx, { key: input.path.key }, input.path.associateId),
    }),
    getBusinessUnitAssociateInStoreById: async (ctx, input) => ({
      body: await services.businessUnits.associate(ctx, { id: input.path.id }, input.path.associateId),
    }),
    getBusinessUnitAssociateInStoreByKey: async (ctx, input) => ({
      body: await services.businessUnits.associate(ctx, { key: input.path.key }, input.path.associateId),
    }),
  } satisfies Partial<Handlers>;
}

type MyOperation =
  | 'queryMyBusinessUnits'
  | 'checkMyBusinessUnitsExist'
  | 'createMyBusinessUnit'
  | 'getMyBusinessUnitById'
  | 'getMyBusinessUnitByKey'
  | 'checkMyBusinessUnitExistsById'
  | 'checkMyBusinessUnitExistsByKey'
  | 'updateMyBusinessUnitById'
  | 'updateMyBusinessUnitByKey'
  | 'createMyBusinessUnitAssociate';

/** My Business Units: the same nine operations, the associate being the token's customer. */
function myRoutes(services: Services): Pick<Handlers, MyOperation> {
  const mine = services.myBusinessUnits;
  return {
    queryMyBusinessUnits: async (ctx, input, http) => ({ body: await mine.query(ctx, queryParams(input.query, http)) }),
    checkMyBusinessUnitsExist: async (ctx, input, http) => headResult(await mine.anyMatches(ctx, queryParams(input.query, http))),
    createMyBusinessUnit: async (ctx, input) => ({ status: 201, body: await mine.create(ctx, input.body, input.query?.expand) }),
    getMyBusinessUnitById: async (ctx, input) => ({ body: await mine.getForResponse(ctx, pathAddress(input.path), input.query?.expand) }),
    getMyBusinessUnitByKey: async (ctx, input) => ({ body: await mine.getForResponse(ctx, pathAddress(input.path), input.query?.expand) }),
    checkMyBusinessUnitExistsById: async (ctx, input) => headResult(await mine.exists(ctx, pathAddress(input.path))),
    checkMyBusinessUnitExistsByKey: async (ctx, input) => headResult(await mine.exists(ctx, pathAddress(input.path))),
    updateMyBusinessUnitById: async (ctx, input) => ({ body: await mine.update(ctx, pathAddress(input.path), input.body, input.query?.expand) }),
    updateMyBusinessUnitByKey: async (ctx, input) => ({ body: await mine.update(ctx, pathAddress(input.path), input.body, input.query?.expand) }),
    createMyBusinessUnitAssociate: async (ctx, input) => ({ status: 201, body: await mine.addNewAssociate(ctx, input.path.businessUnitKey, input.body) }),
  };
}
