import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { queryParams } from './query-input.js';

export function orderRoutes(services: Services): Pick<Handlers, 'queryOrders' | 'createOrderFromCart' | 'getOrderById'> {
  const { orders } = services;
  return {
    queryOrders: async (ctx, input, http) => ({ body: await orders.query(ctx, queryParams(input.query, http)) }),
    createOrderFromCart: async (ctx, input) => ({ status: 201, body: await orders.createFromCart(ctx, input.body) }),
    getOrderById: async (ctx, input) => ({ body: await orders.get(ctx, input.path.id) }),
  };
}
