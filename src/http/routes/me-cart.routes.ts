import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { queryParams } from './query-input.js';

/** The carts and orders of the token's customer or anonymous session. */
export function meCartRoutes(
  services: Services,
): Pick<Handlers, 'queryMyCarts' | 'createMyCart' | 'getMyCartById' | 'updateMyCartById' | 'deleteMyCartById' | 'getMyActiveCart' | 'queryMyOrders' | 'createMyOrderFromCart' | 'getMyOrderById'> {
  const { carts, orders } = services;
  return {
    queryMyCarts: async (ctx, input, http) => ({ body: await carts.queryMine(ctx, queryParams(input.query, http)) }),
    createMyCart: async (ctx, input) => ({ status: 201, body: await carts.createMine(ctx, input.body) }),
    getMyCartById: async (ctx, input) => ({ body: await carts.getMine(ctx, input.path.id) }),
    updateMyCartById: async (ctx, input) => ({ body: await carts.updateMine(ctx, input.path.id, input.body) }),
    deleteMyCartById: async (ctx, input) => ({ body: await carts.deleteMine(ctx, input.path.id, input.query.version) }),
    getMyActiveCart: async (ctx) => ({ body: await carts.myActiveCart(ctx) }),
    queryMyOrders: async (ctx, input, http) => ({ body: await orders.queryMine(ctx, queryParams(input.query, http)) }),
    createMyOrderFromCart: async (ctx, input) => ({ status: 201, body: await orders.createFromCart(ctx, input.body, true) }),
    getMyOrderById: async (ctx, input) => ({ body: await orders.getMine(ctx, input.path.id) }),
  };
}
