import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { queryParams } from './query-input.js';

type OrderOperations = 'queryOrders' | 'createOrderFromCart' | 'getOrderById';
type InStoreOrderOperations = 'queryOrdersInStore' | 'createOrderFromCartInStore' | 'getOrderInStoreById';

/**
 * The merchant's orders, also in one store (the same handlers: the order service reads the store of
 * the path from the request context; their inputs differ only in the path's storeKey, one cast here).
 */
export function orderRoutes(services: Services): Pick<Handlers, OrderOperations | InStoreOrderOperations> {
  const { orders } = services;
  const global: Pick<Handlers, OrderOperations> = {
    queryOrders: async (ctx, input, http) => ({ body: await orders.query(ctx, queryParams(input.query, http)) }),
    createOrderFromCart: async (ctx, input) => ({ status: 201, body: await orders.createFromCart(ctx, input.body) }),
    getOrderById: async (ctx, input) => ({ body: await orders.get(ctx, input.path.id) }),
  };
  return {
    ...global,
    queryOrdersInStore: global.queryOrders as unknown as Handlers['queryOrdersInStore'],
    createOrderFromCartInStore: global.createOrderFromCart as unknown as Handlers['createOrderFromCartInStore'],
    getOrderInStoreById: global.getOrderById as unknown as Handlers['getOrderInStoreById'],
  };
}
