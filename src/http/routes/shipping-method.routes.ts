import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { inStoreTwin } from './in-store-twin.js';
import { headResult } from './query-input.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function shippingMethodRoutes(services: Services) {
  const { shippingMethods, shippingMethodsForCart } = services;
  const location = (query: { country: string; state?: string }) => ({ country: query.country, ...(query.state !== undefined ? { state: query.state } : {}) });
  const matching: Pick<
    Handlers,
    | 'getShippingMethodsMatchingCart'
    | 'checkShippingMethodsMatchingCartExist'
    | 'getShippingMethodsMatchingLocation'
    | 'checkShippingMethodsMatchingLocationExist'
    | 'getShippingMethodsMatchingCartLocation'
    | 'checkShippingMethodsMatchingCartLocationExist'
  > = {
    getShippingMethodsMatchingCart: async (ctx, input) => ({ body: await shippingMethodsForCart.matchingCart(ctx, input.query.cartId, input.query.expand) }),
    checkShippingMethodsMatchingCartExist: async (ctx, input) => headResult((await shippingMethodsForCart.matchingCart(ctx, input.query.cartId)).count > 0),
    getShippingMethodsMatchingLocation: async (ctx, input) => ({
      body: await shippingMethods.matchingLocation(ctx, location(input.query), input.query.currency, input.query.expand),
    }),
    checkShippingMethodsMatchingLocationExist: async (ctx, input) =>
      headResult((await shippingMethods.matchingLocation(ctx, location(input.query), input.query.currency)).count > 0),
    getShippingMethodsMatchingCartLocation: async (ctx, input) => ({
      body: await shippingMethodsForCart.matchingCartLocation(ctx, input.query.cartId, location(input.query), input.query.expand),
    }),
    checkShippingMethodsMatchingCartLocationExist: async (ctx, input) =>
      headResult((await shippingMethodsForCart.matchingCartLocation(ctx, input.query.cartId, location(input.query))).count > 0),
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
