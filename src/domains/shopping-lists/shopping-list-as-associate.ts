import type { ShoppingList, ShoppingListDraft, ShoppingListUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { myOthersAccess, associateDocuments, type DraftedResource } from '../business-units/index.js';
import { resolveCustomerId } from '../../resources/reference-resolvers.js';

/**
 * Associate Shopping Lists (`/{projectKey}/as-associate/{associateId}/in-business-unit/key={businessUnitKey}/shopping-lists…`):
 * the shopping lists of one business unit as a customer acting for it (see associate-documents.ts).
 * A list created without `customer` is the associate's own.
 */
export const shoppingListsAsAssociate = (lists: DraftedResource<ShoppingList, ShoppingListDraft, ShoppingListUpdateAction>) =>
  associateDocuments<ShoppingList, ShoppingListDraft, ShoppingListUpdateAction>(lists, {
    kind: 'shopping list',
    access: myOthersAccess('ShoppingLists', 'shopping lists'),
    customerOf: (list) => list.customer?.id,
    // The draft names its customer by id or key: the permission depends on who it is.
    draftCustomer: async (ctx, draft) => (draft.customer ? resolveCustomerId(ctx, draft.customer) : undefined),
    forUnit: (draft, businessUnit, customerId) => ({ ...draft, customer: { typeId: 'customer', id: customerId }, businessUnit }),
    handsOver: async (ctx, action) => {
      if (action.action === 'setCustomer') return { customer: action.customer ? await resolveCustomerId(ctx, action.customer) : undefined };
      if (action.action === 'setBusinessUnit') return { unit: action.businessUnit };
      return undefined;
    },
  });
