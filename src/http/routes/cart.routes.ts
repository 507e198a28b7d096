import { replicateAsAssociate } from '../../domains/carts/index.js';
import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { inStoreTwin } from './in-store-twin.js';
import { headResult } from './query-input.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function cartRoutes(services: Services) {
  const global = versionedResourceRoutes(services.carts, {
    query: 'queryCarts',
    exists: 'checkCartsExist',
    create: 'createCart',
    getById: 'getCartById',
    existsById: 'checkCartExistsById',
    updateById: 'updateCartById',
    deleteById: 'deleteCartById',
    getByKey: 'getCartByKey',
    existsByKey: 'checkCartExistsByKey',
    updateByKey: 'updateCartByKey',
    deleteByKey: 'deleteCartByKey',
  } as const);
  const inStore = versionedResourceRoutes(services.carts.inStore, {
    query: 'queryCartsInStore',
    exists: 'checkCartsInStoreExist',
    create: 'createCartInStore',
    getById: 'getCartInStoreById',
    existsById: 'checkCartInStoreExistsById',
    updateById: 'updateCartInStoreById',
    deleteById: 'deleteCartInStoreById',
    getByKey: 'getCartInStoreByKey',
    existsByKey: 'checkCartInStoreExistsByKey',
    updateByKey: 'updateCartInStoreByKey',
    deleteByKey: 'deleteCartInStoreByKey',
  } as const);
  const asAssociate = versionedResourceRoutes(services.carts.asAssociate, {
    query: 'queryCartsAsAssociate',
    exists: 'checkCartsExistAsAssociate',
    create: 'createCartAsAssociate',
    getById: 'getCartByIdAsAssociate',
    existsById: 'checkCartExistsByIdAsAssociate',
    updateById: 'updateCartByIdAsAssociate',
    deleteById: 'deleteCartByIdAsAssociate',
    getByKey: 'getCartByKeyAsAssociate',
    existsByKey: 'checkCartExistsByKeyAsAssociate',
    updateByKey: 'updateCartByKeyAsAssociate',
    deleteByKey: 'deleteCartByKeyAsAssociate',
  } as const);
  const replicateCart: Handlers['replicateCart'] = async (ctx, input) => ({ status: 201, body: await services.cartReplicas.replicate(ctx, input.body) });
  const replicateCartAsAssociate: Handlers['replicateCartAsAssociate'] = async (ctx, input) => ({
    status: 201,
    body: await replicateAsAssociate(ctx, services.carts.businessUnits, services.cartReplicas, input.body),
  });
  const mergeCart: Handlers['mergeCart'] = async (ctx, input) => ({ body: await services.mergeCart(ctx, input.path.customerId, input.body) });
  const getCartByCustomerId: Handlers['getCartByCustomerId'] = async (ctx, input) => ({
    body: await services.carts.activeCartOfCustomer(ctx, input.path.customerId, input.query?.expand),
  });
  const checkCartByCustomerIdExists: Handlers['checkCartByCustomerIdExists'] = async (ctx, input) =>
    headResult((await services.carts.activeCart(ctx, { customerId: input.path.customerId }, ctx.storeKey)) !== undefined);
  return {
    ...global,
    ...inStore,
    ...asAssociate,
    mergeCart,
    mergeCartInStore: inStoreTwin<'mergeCartInStore'>(mergeCart),
    replicateCart,
    replicateCartInStore: inStoreTwin<'replicateCartInStore'>(replicateCart),
    replicateCartAsAssociate,
    getCartByCustomerId,
    getCartByCustomerIdInStore: inStoreTwin<'getCartByCustomerIdInStore'>(getCartByCustomerId),
    checkCartByCustomerIdExists,
    checkCartByCustomerIdExistsInStore: inStoreTwin<'checkCartByCustomerIdExistsInStore'>(checkCartByCustomerIdExists),
  };
}
