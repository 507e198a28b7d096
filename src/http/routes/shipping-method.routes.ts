import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { inStoreTwin } from './in-store-twin.js';
import { headResult } from './query-input.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function shippingMethodRoutes(services: Services) {
  const { shippingMethods } = services;
  const matching: Pick<Handlers, 'getShippingMethodsMatchingCart' | 'checkShippingMethodsMatchingCartExist'> = {
    getShippingMethodsMatchingCart: async (ctx, input) => ({ body: await shippingMethods.matchingCart(ctx, input.query.cartId, input.query.expand) }),
    checkShippingMethodsMatchingCartExist: async (ctx, input) => headResult((await shippingMethods.matchingCart(ctx, input.query.cartId)).count > 0),
  };
  // The in-store forms: the service reads the store from the context (only a cart of the store).
  const matchingInStore = {
    getShippingMethodsMatchingCartInStore: inStoreTwin<'getShippingMethodsMatchingCartInStore'>(matching.getShippingMethodsMatchingCart),
    checkShippingMethodsMatchingCartExistInStore: inStoreTwin<'checkShippingMethodsMatchingCartExistInStore'>(matching.checkShippingMethodsMatchingCartExist),
  };
  return {
    ...matching,
    ...matchingInStore,
    ...versionedResourceRoutes(shippingMethods, {
      query: 'queryShippingMethods',
      exists: 'checkShippingMethodsExist',
      create: 'createShippingMethod',
      getById: 'getShippingMethodById',
      existsById: 'checkShippingMethodExistsById',
      updateById: 'updateShippingMethodById',
      deleteById: 'deleteShippingMethodById',
      getByKey: 'getShippingMethodByKey',
      existsByKey: 'checkShippingMethodExistsByKey',
      updateByKey: 'updateShippingMethodByKey',
      deleteByKey: 'deleteShippingMethodByKey',
    } as const),
  };
}
