import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';

type ProductProjectionHandlers = Pick<
  Handlers,
  | 'queryProductProjections'
  | 'checkProductProjectionsExist'
  | 'getProductProjectionById'
  | 'getProductProjectionByKey'
  | 'checkProductProjectionExistsById'
  | 'checkProductProjectionExistsByKey'
  | 'getProductProjectionByIdInStore'
  | 'getProductProjectionByKeyInStore'
  | 'checkProductProjectionExistsByIdInStore'
  | 'checkProductProjectionExistsByKeyInStore'
>;

export function productProjectionRoutes(services: Services): ProductProjectionHandlers {
  const projections = services.productProjections;
  return {
    queryProductProjections: async (ctx, input, http) => ({ body: await projections.query(ctx, queryParams(input.query, http), input.query ?? {}) }),
    checkProductProjectionsExist: async (ctx, input, http) =>
      headResult(await projections.anyMatches(ctx, queryParams(input.query, http), input.query?.staged)),
    getProductProjectionById: async (ctx, input) => ({ body: await projections.get(ctx, { id: input.path.id }, input.query ?? {}) }),
    getProductProjectionByKey: async (ctx, input) => ({ body: await projections.get(ctx, { key: input.path.key }, input.query ?? {}) }),
    checkProductProjectionExistsById: async (ctx, input) => headResult(await projections.exists(ctx, { id: input.path.id }, input.query?.staged)),
    checkProductProjectionExistsByKey: async (ctx, input) => headResult(await projections.exists(ctx, { key: input.path.key }, input.query?.staged)),
    // In a store: the same reads (every product is available in every store while product selections are not built).
    getProductProjectionByIdInStore: async (ctx, input) => ({ body: await projections.get(ctx, { id: input.path.id }, input.query ?? {}) }),
    getProductProjectionByKeyInStore: async (ctx, input) => ({ body: await projections.get(ctx, { key: input.path.key }, input.query ?? {}) }),
    checkProductProjectionExistsByIdInStore: async (ctx, input) => headResult(await projections.exists(ctx, { id: input.path.id }, input.query?.staged)),
    checkProductProjectionExistsByKeyInStore: async (ctx, input) => headResult(await projections.exists(ctx, { key: input.path.key }, input.query?.staged)),
  };
}
