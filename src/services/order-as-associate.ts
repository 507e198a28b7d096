import type { Order, OrderFromCartDraft } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import type { PagedQueryResult, QueryParams } from '../query/index.js';
import { actingAssociate, assertActive, assertMay, assertOfUnit, ORDERS_VIEW, visibleTo, type Access } from './associate-access.js';
import type { OrderService } from './order.service.js';
import { notFound } from './versioning.js';

const CREATE: Access = { what: 'create orders', my: 'CreateMyOrdersFromMyCarts', others: 'CreateOrdersFromOthersCarts' };

/**
 * Associate Orders (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/orders…`):
 * the orders of one business unit as a customer acting for it, with the permissions of associate-access.ts.
 * A cart is ordered here only if it belongs to the unit (400 InvalidOperation otherwise, as documented)
 * and the unit is Active; the checks run in the order's transaction, on the cart as it is ordered.
 */
export function ordersAsAssociate(orders: OrderService) {
  // Read when called: the order service's cart service is set after this view is made.
  const acting = (ctx: RequestContext) => actingAssociate(ctx, orders.businessUnits);
  return {
    async createFromCart(ctx: RequestContext, draft: OrderFromCartDraft): Promise<Order> {
      const a = await acting(ctx);
      assertActive(a, 'its carts cannot be ordered');
      return orders.createFromCart(ctx, draft, (_tx, cart) => {
        assertOfUnit(a, cart, 'cart');
        assertMay(a, CREATE, cart.customerId);
      });
    },
    async get(ctx: RequestContext, id: string): Promise<Order> {
      const a = await acting(ctx);
      const order = await orders.repository.find(ctx, { id });
      if (!order) throw notFound({ id });
      assertOfUnit(a, order, 'order');
      assertMay(a, ORDERS_VIEW, order.customerId);
      return order;
    },
    async query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Order>> {
      return orders.repository.query(ctx, params, visibleTo(ctx, await acting(ctx), ORDERS_VIEW));
    },
  };
}
