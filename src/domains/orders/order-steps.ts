import type { Cart, Order } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';

/** A check of the cart an order is made from, before anything is written (it throws to refuse the cart). */
export type CartAdmission = (tx: RequestContext, cart: Cart) => void | Promise<void>;

/** What is written with a new order in its transaction (an approval flow). */
export type OrderFollowUp = (tx: RequestContext, order: Order) => Promise<void>;

/** Where an order placed for a business unit starts its approval flow, when the unit's rules ask for one. */
export interface OrderApprovals {
  start(tx: RequestContext, order: Order, requesterId: string): Promise<void>;
}
