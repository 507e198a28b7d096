import type { Associate, BusinessUnit, BusinessUnitUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { InvalidFieldError, InvalidOperationError } from '../../errors/api-error.js';
import { addAddress, addAddressId, changeAddress, findAddress, removeAddress, removeAddressId, setDefaultAddress } from './business-unit-addresses.js';
import { unitRef } from './business-unit-hierarchy.js';
import { resolveAssociates, resolveCustomerId, resolveStores, resolveUnitKey } from '../../resources/reference-resolvers.js';
import { customFieldActions, setCustomField, setCustomType } from '../types/index.js';
import type { ActionHandlers } from '../../resources/update-actions.js';

/**
 * The non-beta BusinessUnit update actions. They change the unit's own fields; the
 * service then re-derives what comes from the parent (inheritedAssociates, inheritedStores,
 * topLevelUnit) and checks the hierarchy, so no handler here needs to know about descendants.
 */

export const MAX_ASSOCIATES = 2000;

function companyOnlyExplicit(doc: BusinessUnit, field: string, value: string): void {
  if (doc.unitType === 'Company' && value !== 'Explicit') throw new InvalidFieldError(field, value, ['Explicit']);
}

function explicitStores(doc: BusinessUnit): NonNullable<BusinessUnit['stores']> {
  if (doc.storeMode !== 'Explicit')
    throw new InvalidOperationError(`Stores can only be set on a business unit with storeMode 'Explicit'; '${doc.key}' has '${doc.storeMode}'.`);
  return (doc.stores ??= []);
}

function addAssociates(doc: BusinessUnit, associates: Associate[], replace: boolean): void {
  for (const associate of associates) {
    const index = doc.associates.findIndex((a) => a.customer.id === associate.customer.id);
    if (index >= 0 && !replace)
      throw new InvalidOperationError(`The customer '${associate.customer.id}' is already an associate of business unit '${doc.key}'.`);
    if (index < 0 && replace) throw new InvalidOperationError(`The customer '${associate.customer.id}' is not an associate of business unit '${doc.key}'.`);
    if (index >= 0) doc.associates[index] = associate;
    else doc.associates.push(associate);
  }
  if (doc.associates.length > MAX_ASSOCIATES) throw new InvalidOperationError(`A business unit can have at most ${MAX_ASSOCIATES} associates.`);
}

/** Inherited assignments become explicit ones (inheritance Disabled), merged into the customer's own. */
function makeInheritedExplicit(doc: BusinessUnit): void {
  for (const inherited of doc.inheritedAssociates ?? []) {
    let own = doc.associates.find((a) => a.customer.id === inherited.customer.id);
    if (!own) doc.associates.push((own = { customer: { ...inherited.customer }, associateRoleAssignments: [] }));
    for (const { associateRole } of inherited.associateRoleAssignments) {
      if (!own.associateRoleAssignments.some((a) => a.associateRole.key === associateRole.key)) {
        own.associateRoleAssignments.push({ associateRole: { ...associateRole }, inheritance: 'Disabled' });
      }
    }
  }
}

export const businessUnitActions: ActionHandlers<BusinessUnit, BusinessUnitUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  setContactEmail: (doc, a) => {
    if (a.contactEmail !== undefined && a.contactEmail !== null) doc.contactEmail = a.contactEmail;
    else delete doc.contactEmail;
  },
  changeStatus: (doc, a) => void (doc.status = a.status),
  changeApprovalRuleMode: (doc, a) => {
    companyOnlyExplicit(doc, 'approvalRuleMode', a.approvalRuleMode);
    doc.approvalRuleMode = a.approvalRuleMode;
  },
  changeAssociateMode: (doc, a) => {
    companyOnlyExplicit(doc, 'associateMode', a.associateMode);
    if (a.associateMode === 'Explicit' && a.makeInheritedAssociatesExplicit) makeInheritedExplicit(doc);
    doc.associateMode = a.associateMode;
  },
  changeParentUnit: async (doc, a, ctx) => {
    if (doc.unitType === 'Company') throw new InvalidOperationError('A Company has no parent unit; only a Division can be moved.');
    const key = await resolveUnitKey(ctx, a.parentUnit);
    if (key === doc.key) throw new InvalidOperationError('A business unit cannot be its own parent unit.');
    doc.parentUnit = unitRef(key);
  },

  addAddress: (doc, a, ctx) => addAddress(ctx, doc, a.address),
  changeAddress: (doc, a, ctx) => changeAddress(ctx, doc, a, a.address),
  removeAddress: (doc, a) => removeAddress(doc, a),
  addShippingAddressId: (doc, a) => addAddressId(doc, 'shipping', a),
  addBillingAddressId: (doc, a) => addAddressId(doc, 'billing', a),
  removeShippingAddressId: (doc, a) => removeAddressId(doc, 'shipping', findAddress(doc, a).id),
  removeBillingAddressId: (doc, a) => removeAddressId(doc, 'billing', findAddress(doc, a).id),
  setDefaultShippingAddress: (doc, a) => setDefaultAddress(doc, 'shipping', a),
  setDefaultBillingAddress: (doc, a) => setDefaultAddress(doc, 'billing', a),
  setAddressCustomType: (doc, a, ctx) => setCustomType(ctx, 'address', findAddress(doc, a), a.type, a.fields),
  setAddressCustomField: (doc, a, ctx) => setCustomField(ctx, findAddress(doc, a), a.name, a.value),

  addStore: async (doc, a, ctx) => {
    const stores = explicitStores(doc);
    const [store] = await resolveStores(ctx, [a.store], 'store');
    if (!stores.some((s) => s.key === store!.key)) stores.push(store!);
  },
  removeStore: async (doc, a, ctx) => {
    const stores = explicitStores(doc);
    const [store] = await resolveStores(ctx, [a.store], 'store');
    doc.stores = stores.filter((s) => s.key !== store!.key);
  },
  setStores: async (doc, a, ctx) => {
    explicitStores(doc);
    doc.stores = await resolveStores(ctx, a.stores);
  },
  setStoreMode: async (doc, a, ctx) => {
    if (a.storeMode === 'FromParent') {
      companyOnlyExplicit(doc, 'storeMode', a.storeMode);
      if (a.stores?.length) throw new InvalidOperationError("Stores cannot be given with storeMode 'FromParent'.");
      doc.storeMode = 'FromParent';
      return;
    }
    doc.storeMode = 'Explicit';
    doc.stores = await resolveStores(ctx, a.stores ?? []);
  },

  addAssociate: async (doc, a, ctx) => addAssociates(doc, await resolveAssociates(ctx, [a.associate], 'associate'), false),
  changeAssociate: async (doc, a, ctx) => addAssociates(doc, await resolveAssociates(ctx, [a.associate], 'associate'), true),
  setAssociates: async (doc, a, ctx) => {
    doc.associates = [];
    await addAssociates(doc, await resolveAssociates(ctx, a.associates), false);
  },
  removeAssociate: async (doc, a, ctx) => {
    const customerId = a.customer.id !== undefined && a.customer.key === undefined ? a.customer.id : await resolveCustomerId(ctx, a.customer);
    doc.associates = doc.associates.filter((x) => x.customer.id !== customerId);
  },

  ...customFieldActions('business-unit'),
};

/** The permission an associate needs for each action (changeParentUnit also needs AddChildUnits in the new parent). */
export function permissionFor(action: BusinessUnitUpdateAction['action']): 'UpdateAssociates' | 'UpdateParentUnit' | 'UpdateBusinessUnitDetails' {
  switch (action) {
    case 'addAssociate':
    case 'changeAssociate':
    case 'removeAssociate':
    case 'setAssociates':
      return 'UpdateAssociates';
    case 'changeParentUnit':
      return 'UpdateParentUnit';
    default:
      return 'UpdateBusinessUnitDetails';
  }
}
