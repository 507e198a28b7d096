import type { BusinessUnit, ShoppingList, ShoppingListUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { resolveCustomerId, resolveStores } from '../../resources/reference-resolvers.js';
import { customFieldActions } from '../types/index.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { assertStillBelongs, owningUnit } from '../business-units/index.js';
import type { ProductLookup } from '../catalog/index.js';
import { addLineItem, addTextLineItem, findItem, reordered, withoutQuantity, withQuantity } from './shopping-list-lines.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

/** The shopping list update actions (the merchant's; /me offers a subset of the same table). */
export function shoppingListActions(
  products: ProductLookup,
  units: () => DocumentRepository<BusinessUnit>,
): ActionHandlers<ShoppingList, ShoppingListUpdateAction> {
  const line = (list: ShoppingList, a: { lineItemId?: string; lineItemKey?: string }) => findItem(list.lineItems, a.lineItemId, a.lineItemKey, 'lineItem');
  const text = (list: ShoppingList, a: { textLineItemId?: string; textLineItemKey?: string }) =>
    findItem(list.textLineItems, a.textLineItemId, a.textLineItemKey, 'textLineItem');
  return {
    addLineItem: (list, a, ctx) => addLineItem(ctx, list, a, products),
    removeLineItem: (list, a) => void (list.lineItems = withoutQuantity(list.lineItems, line(list, a), a.quantity)),
    changeLineItemQuantity: (list, a) => void (list.lineItems = withQuantity(list.lineItems, line(list, a), a.quantity)),
    changeLineItemsOrder: (list, a) => void (list.lineItems = reordered(list.lineItems, a.lineItemOrder, 'lineItemOrder')),
    addTextLineItem: (list, a, ctx) => addTextLineItem(ctx, list, a),
    removeTextLineItem: (list, a) => void (list.textLineItems = withoutQuantity(list.textLineItems, text(list, a), a.quantity)),
    changeTextLineItemQuantity: (list, a) => void (list.textLineItems = withQuantity(list.textLineItems, text(list, a), a.quantity)),
    changeTextLineItemName: (list, a) => void (text(list, a).name = a.name),
    setTextLineItemDescription: (list, a) => {
      const item = text(list, a);
      if (a.description !== undefined) item.description = a.description;
      else delete item.description;
    },
    changeTextLineItemsOrder: (list, a) => void (list.textLineItems = reordered(list.textLineItems, a.textLineItemOrder, 'textLineItemOrder')),
    changeName: (list, a) => void (list.name = a.name),
    setDescription: (list, a) => setOptional(list, 'description', a.description),
    setKey: (list, a) => setOptional(list, 'key', a.key),
    setSlug: (list, a) => setOptional(list, 'slug', a.slug),
    setAnonymousId: (list, a) => setOptional(list, 'anonymousId', a.anonymousId),
    setDeleteDaysAfterLastModification: (list, a) => setOptional(list, 'deleteDaysAfterLastModification', a.deleteDaysAfterLastModification),
    // A list of a business unit keeps a customer who is one of its associates and a store of the unit's.
    setCustomer: async (list, a, ctx) => {
      if (a.customer) list.customer = { typeId: 'customer', id: await resolveCustomerId(ctx, a.customer) };
      else delete list.customer;
      await assertStillBelongs(ctx, units(), list.businessUnit, { customerId: list.customer?.id }, 'shopping list');
    },
    setStore: async (list, a, ctx) => {
      if (a.store) [list.store] = await resolveStores(ctx, [a.store], 'store');
      else delete list.store;
      await assertStillBelongs(ctx, units(), list.businessUnit, { store: list.store }, 'shopping list');
    },
    setBusinessUnit: async (list, a, ctx) => {
      if (!list.businessUnit)
        throw new InvalidOperationError('The shopping list belongs to no business unit: setBusinessUnit only moves a list between business units.');
      list.businessUnit = await owningUnit(ctx, units(), a.businessUnit, { customerId: list.customer?.id, store: list.store }, 'shopping list');
    },
    ...customFieldActions('shopping-list'),
  };
}
