import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

/**
 * The merchant's orders, also in one store (the same service: it reads the store from the request
 * context), and a business unit's orders for an associate (the router puts the path's associate and
 * unit on the request context; associates do not delete orders). The by-key forms of the factory are
 * the by-order-number operations: the order's repository keeps the number as its key.
 */
export function orderRoutes(services: Services) {
  const { orders } = services;
  const global = versionedResourceRoutes(orders, {
    query: 'queryOrders',
    exists: 'checkOrdersExist',
    create: 'createOrderFromCart',
    getById: 'getOrderById',
    existsById: 'checkOrderExistsById',
    updateById: 'updateOrderById',
    deleteById: 'deleteOrderById',
    getByKey: 'getOrderByOrderNumber',
    existsByKey: 'checkOrderExistsByOrderNumber',
    updateByKey: 'updateOrderByOrderNumber',
    deleteByKey: 'deleteOrderByOrderNumber',
  } as const);
  const inStore = versionedResourceRoutes(orders, {
    query: 'queryOrdersInStore',
    exists: 'checkOrdersExistInStore',
    create: 'createOrderFromCartInStore',
    getById: 'getOrderInStoreById',
    existsById: 'checkOrderExistsByIdInStore',
    updateById: 'updateOrderByIdInStore',
    deleteById: 'deleteOrderByIdInStore',
    getByKey: 'getOrderByOrderNumberInStore',
    existsByKey: 'checkOrderExistsByOrderNumberInStore',
    updateByKey: 'updateOrderByOrderNumberInStore',
    deleteByKey: 'deleteOrderByOrderNumberInStore',
  } as const);
  const asAssociate = versionedResourceRoutes(orders.asAssociate, {
    query: 'queryOrdersAsAssociate',
    exists: 'checkOrdersExistAsAssociate',
    create: 'createOrderFromCartAsAssociate',
    getById: 'getOrderByIdAsAssociate',
    existsById: 'checkOrderExistsByIdAsAssociate',
    updateById: 'updateOrderByIdAsAssociate',
    getByKey: 'getOrderByOrderNumberAsAssociate',
    existsByKey: 'checkOrderExistsByOrderNumberAsAssociate',
    updateByKey: 'updateOrderByOrderNumberAsAssociate',
  } as const);
  return { ...global, ...inStore, ...asAssociate };
}
