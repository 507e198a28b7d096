import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';

type CustomObjectHandlers = Pick<
  Handlers,
  | 'queryCustomObjects'
  | 'checkCustomObjectsExist'
  | 'createOrUpdateCustomObject'
  | 'queryCustomObjectsInContainer'
  | 'deleteCustomObjectById'
  | 'getCustomObjectByContainerAndKey'
  | 'deleteCustomObjectByContainerAndKey'
>;

export function customObjectRoutes(services: Services): CustomObjectHandlers {
  const objects = services.customObjects;
  return {
    queryCustomObjects: async (ctx, input, http) => ({ body: await objects.query(ctx, queryParams(input.query, http)) }),
    checkCustomObjectsExist: async (ctx, input, http) => headResult(await objects.anyMatches(ctx, queryParams(input.query, http))),
    createOrUpdateCustomObject: async (ctx, input) => {
      const { created, object } = await objects.upsert(ctx, input.body, input.query?.expand);
      return { status: created ? 201 : 200, body: object };
    },
    queryCustomObjectsInContainer: async (ctx, input, http) => ({
      body: await objects.queryInContainer(ctx, input.path.container, queryParams(input.query, http)),
    }),
    // On this path the single segment is the object's id (the platform's older delete form).
    deleteCustomObjectById: async (ctx, input) => ({
      body: await objects.delete(ctx, { id: input.path.container }, input.query?.version, input.query?.expand),
    }),
    getCustomObjectByContainerAndKey: async (ctx, input) => ({ body: await objects.get(ctx, input.path, input.query?.expand) }),
    deleteCustomObjectByContainerAndKey: async (ctx, input) => ({ body: await objects.delete(ctx, input.path, input.query?.version, input.query?.expand) }),
  };
}
