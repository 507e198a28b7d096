import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { inStoreTwin } from './in-store-twin.js';
import { queryParams } from './query-input.js';

type OrderOperations = 'queryOrders' | 'createOrderFromCart' | 'getOrderById';
type InStoreOrderOperations = 'queryOrdersInStore' | 'createOrderFromCartInStore' | 'getOrderInStoreById';
type AssociateOrderOperations = 'queryOrdersAsAssociate' | 'createOrderFromCartAsAssociate' | 'getOrderByIdAsAssociate';

/**
 * The merchant's orders, also in one store (the same handlers: the order service reads the store from
 * the request context), and a business unit's orders for an associate (the router puts the path's
 * associate and unit on the request context).
 */
export function orderRoutes(services: Services): Pick<Handlers, OrderOperations | InStoreOrderOperations | AssociateOrderOperations> {
  const { orders } = services;
  const global: Pick<Handlers, OrderOperations> = {
    queryOrders: async (ctx, input, http) => ({ body: await orders.query(ctx, queryParams(input.query, http)) }),
    createOrderFromCart: async (ctx, input) => ({ status: 201, body: await orders.createFromCart(ctx, input.body) }),
    getOrderById: async (ctx, input) => ({ body: await orders.get(ctx, input.path.id) }),
  };
  return {
    ...global,
    queryOrdersInStore: inStoreTwin<'queryOrdersInStore'>(global.queryOrders),
    createOrderFromCartInStore: inStoreTwin<'createOrderFromCartInStore'>(global.createOrderFromCart),
    getOrderInStoreById: inStoreTwin<'getOrderInStoreById'>(global.getOrderById),
    queryOrdersAsAssociate: async (ctx, input, http) => ({ body: await orders.asAssociate.query(ctx, queryParams(input.query, http)) }),
    createOrderFromCartAsAssociate: async (ctx, input) => ({ status: 201, body: await orders.asAssociate.createFromCart(ctx, input.body) }),
    getOrderByIdAsAssociate: async (ctx, input) => ({ body: await orders.asAssociate.get(ctx, input.path.id) }),
  };
}
