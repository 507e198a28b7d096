import type { Cart, Order, OrderFromCartDraft, OrderUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { madeFromUnitDocument, ORDERS_UPDATE, ORDERS_VIEW, type Access, associateAccess, type UnitDocumentResource } from '../business-units/index.js';
import type { CartAdmission, OrderApprovals, OrderFollowUp } from './order-steps.js';

/** What the associate view needs from the order service. */
export interface AssociateOrderPort extends UnitDocumentResource<Order, OrderUpdateAction> {
  readonly approvals?: OrderApprovals;
  createFromCart(ctx: RequestContext, draft: OrderFromCartDraft, admit?: CartAdmission, expand?: readonly string[], after?: OrderFollowUp): Promise<Order>;
}

/** Making orders of a unit's carts (as an associate, or through /me for one's own). */
export const ORDERS_CREATE: Access = { what: 'create orders', my: 'CreateMyOrdersFromMyCarts', others: 'CreateOrdersFromOthersCarts' };

/**
 * Associate Orders (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/orders…`):
 * the orders of one business unit as a customer acting for it, with the permissions of associate-access.ts
 * and the reads, queries and updates of associate-documents.ts (ViewMy/OthersOrders, UpdateMy/OthersOrders).
 * A cart is ordered here only if it belongs to the unit (400 InvalidOperation otherwise, as documented)
 * and the unit is Active; the checks run in the order's transaction, on the cart as it is ordered.
 */
export function ordersAsAssociate(orders: AssociateOrderPort) {
  const view = associateAccess<Order, OrderUpdateAction>(orders, {
    kind: 'order',
    access: { view: ORDERS_VIEW, update: ORDERS_UPDATE },
    customerOf: (order) => order.customerId,
    handsOver: async (_ctx, action) => {
      if (action.action === 'setCustomerId') return { customer: action.customerId };
      if (action.action !== 'setBusinessUnit') return undefined;
      // Taking an order out of every unit would leave it to nobody's associates: the merchant's to do.
      if (!action.businessUnit) throw new InvalidOperationError('An associate can move an order only into another business unit, not out of every one.');
      return { unit: action.businessUnit };
    },
  });
  return {
    ...view,
    async create(ctx: RequestContext, draft: OrderFromCartDraft, expand?: readonly string[]): Promise<Order> {
      // The units are read when called: the order service's cart service is set after this view is made.
      const admit = await madeFromUnitDocument(ctx, orders.businessUnits, {
        inactive: 'its carts cannot be ordered',
        kind: 'cart',
        access: ORDERS_CREATE,
        customerOf: (cart: Cart) => cart.customerId,
      });
      // An order an associate places may need approval (approval-flow.service.ts), decided in its transaction.
      return orders.createFromCart(ctx, draft, admit, expand, (tx, order) => orders.approvals?.start(tx, order, ctx.associateId!) ?? Promise.resolve());
    },
  };
}
