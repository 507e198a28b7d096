import type { Cart, CartDraft, CartUpdateAction, ReplicaCartDraft, BusinessUnit, Order } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import {
  actingAssociate,
  assertActive,
  assertMay,
  assertOfUnit,
  myOthersAccess,
  ORDERS_VIEW,
  associateDocuments,
  type DraftedResource,
} from '../business-units/index.js';
import type { DocumentRepository } from '../../resources/document-repository.js';

const CARTS = myOthersAccess('Carts', 'carts');

/** What replicating as an associate needs from the cart replicas flow: a replica, admitted by a check of its source. */
interface Replicas {
  replicate(ctx: RequestContext, draft: ReplicaCartDraft, mine: boolean, admit: (source: Cart | Order) => void): Promise<Cart>;
}

/**
 * Associate Carts (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/carts…`):
 * the carts of one business unit as a customer acting for it (see associate-documents.ts). A cart
 * created without `customerId` is the associate's own.
 */
export const cartsAsAssociate = (carts: DraftedResource<Cart, CartDraft, CartUpdateAction>) =>
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
export async function replicateAsAssociate(
  ctx: RequestContext,
  units: DocumentRepository<BusinessUnit>,
  replicas: Replicas,
  draft: ReplicaCartDraft,
): Promise<Cart> {
  const a = await actingAssociate(ctx, units);
  assertActive(a, 'its carts can be changed only through the general endpoints');
  return replicas.replicate(ctx, draft, false, (source) => {
    assertOfUnit(a, source, draft.reference.typeId === 'order' ? 'order' : 'cart');
    assertMay(a, draft.reference.typeId === 'order' ? ORDERS_VIEW : CARTS.view, source.customerId);
    assertMay(a, CARTS.create, source.customerId ?? a.associateId);
  });
}
