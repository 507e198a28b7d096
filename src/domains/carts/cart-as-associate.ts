import type { Cart, CartDraft, CartUpdateAction, ReplicaCartDraft } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { actingAssociate, assertActive, assertMay, assertOfUnit, myOthersAccess, ORDERS_VIEW } from '../business-units/associate-access.js';
import { associateDocuments } from '../business-units/associate-documents.js';
import type { CartReplicas } from '../../flows/cart-replicas.js';
import type { CartService } from './cart.service.js';

const CARTS = myOthersAccess('Carts', 'carts');

/**
 * Associate Carts (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/carts…`):
 * the carts of one business unit as a customer acting for it (see associate-documents.ts). A cart
 * created without `customerId` is the associate's own.
 */
export const cartsAsAssociate = (carts: CartService) =>
  associateDocuments<Cart, CartDraft, CartUpdateAction>(carts, {
    kind: 'cart',
    access: CARTS,
    customerOf: (cart) => cart.customerId,
    draftCustomer: async (_ctx, draft) => draft.customerId,
    forUnit: (draft, businessUnit, customerId) => ({ ...draft, customerId, businessUnit }),
    handsOver: async (_ctx, action) =>
      action.action === 'setCustomerId' ? { customer: action.customerId } : action.action === 'setBusinessUnit' ? { unit: action.businessUnit } : undefined,
  });

/**
 * Replicate Cart in a business unit as an associate (`…/in-business-unit/key={businessUnitKey}/carts/replicate`):
 * the source (a cart or an order) must belong to the unit (400 InvalidOperation otherwise), the associate
 * must be able to see it and to create a cart for its customer; the unit must be Active.
 */
export async function replicateAsAssociate(ctx: RequestContext, carts: CartService, replicas: CartReplicas, draft: ReplicaCartDraft): Promise<Cart> {
  const a = await actingAssociate(ctx, carts.businessUnits);
  assertActive(a, 'its carts can be changed only through the general endpoints');
  return replicas.replicate(ctx, draft, false, (source) => {
    assertOfUnit(a, source, draft.reference.typeId === 'order' ? 'order' : 'cart');
    assertMay(a, draft.reference.typeId === 'order' ? ORDERS_VIEW : CARTS.view, source.customerId);
    assertMay(a, CARTS.create, source.customerId ?? a.associateId);
  });
}
