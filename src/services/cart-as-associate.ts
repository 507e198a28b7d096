import type { Cart, CartDraft, CartUpdateAction } from '../../generated/openapi/client/types.gen.js';
import { myOthersAccess } from './associate-access.js';
import { associateDocuments } from './associate-documents.js';
import type { CartService } from './cart.service.js';

/**
 * Associate Carts (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/carts…`):
 * the carts of one business unit as a customer acting for it (see associate-documents.ts). A cart
 * created without `customerId` is the associate's own.
 */
export const cartsAsAssociate = (carts: CartService) =>
  associateDocuments<Cart, CartDraft, CartUpdateAction>(carts, {
    kind: 'cart',
    access: myOthersAccess('Carts', 'carts'),
    customerOf: (cart) => cart.customerId,
    draftCustomer: async (_ctx, draft) => draft.customerId,
    forUnit: (draft, businessUnit, customerId) => ({ ...draft, customerId, businessUnit }),
    handsOver: async (_ctx, action) =>
      action.action === 'setCustomerId' ? { customer: action.customerId } : action.action === 'setBusinessUnit' ? { unit: action.businessUnit } : undefined,
  });
