import type { Address, AddressDraft, CustomerUpdateAction, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import { DuplicateFieldError, InvalidOperationError, RequiredFieldError } from '../../errors/api-error.js';
import type { RequestContext } from '../../context.js';
import type { CustomerDocument } from './customer-document.js';
import { newAddresses } from './customer-draft.js';
import { resolveStores } from '../../resources/reference-resolvers.js';
import type { CustomerGroupLookup } from './customer-group-lookup.js';
import { customFieldActions, setCustomField, setCustomType } from '../types/index.js';
import type { ActionHandlers } from '../../resources/update-actions.js';

/**
 * The customer's update actions, one small function each (HTTP CustomerUpdateAction; GraphQL's
 * CustomerUpdateAction input objects are translated to these by src/graphql/customer-actions-input.ts).
 * Optional values left out unset the field (the platform's partial update format).
 */
type AddressSelector = { addressId?: string; addressKey?: string };

function setOrUnset<K extends keyof CustomerDocument>(doc: CustomerDocument, field: K, value: CustomerDocument[K] | undefined): void {
  if (value === undefined || value === null) delete doc[field];
  else doc[field] = value;
}

function addressId(doc: CustomerDocument, at: AddressSelector): string {
  const found =
    at.addressId !== undefined
      ? doc.addresses.find((a) => a.id === at.addressId)
      : at.addressKey !== undefined
        ? doc.addresses.find((a) => a.key === at.addressKey)
        : undefined;
  if (at.addressId === undefined && at.addressKey === undefined) throw new RequiredFieldError('addressId');
  if (!found) {
    const name = at.addressId !== undefined ? `ID '${at.addressId}'` : `key '${at.addressKey}'`;
    throw new InvalidOperationError(`The customer does not have an address with the ${name}.`);
  }
  return found.id!;
}

function checkAddressKeyFree(doc: CustomerDocument, key: string | undefined, exceptId?: string): void {
  if (key !== undefined && doc.addresses.some((a) => a.key === key && a.id !== exceptId)) throw new DuplicateFieldError('address.key', key);
}

function addToList(list: string[], id: string): void {
  if (!list.includes(id)) list.push(id);
}

function removeAddressId(doc: CustomerDocument, id: string, kind: 'shipping' | 'billing'): void {
  const listField = kind === 'shipping' ? 'shippingAddressIds' : 'billingAddressIds';
  const defaultField = kind === 'shipping' ? 'defaultShippingAddressId' : 'defaultBillingAddressId';
  doc[listField] = doc[listField].filter((x) => x !== id);
  if (doc[defaultField] === id) delete doc[defaultField];
}

async function replacedAddress(ctx: RequestContext, draft: AddressDraft, id: string): Promise<Address> {
  const [address] = await newAddresses(ctx, [draft]);
  return { ...address, id };
}

function addressById(doc: CustomerDocument, id: string): Address {
  return doc.addresses.find((a) => a.id === id)!;
}

export interface CustomerActionDeps {
  customerGroups: CustomerGroupLookup;
}

export function customerActions(deps: CustomerActionDeps): ActionHandlers<CustomerDocument, CustomerUpdateAction> {
  const stores = (ctx: Parameters<typeof resolveStores>[0], refs: readonly ResourceIdentifier[]) => resolveStores(ctx, refs);
  return {
    setFirstName: (doc, a) => setOrUnset(doc, 'firstName', a.firstName),
    setLastName: (doc, a) => setOrUnset(doc, 'lastName', a.lastName),
    setMiddleName: (doc, a) => setOrUnset(doc, 'middleName', a.middleName),
    setTitle: (doc, a) => setOrUnset(doc, 'title', a.title),
    setSalutation: (doc, a) => setOrUnset(doc, 'salutation', a.salutation),
    setDateOfBirth: (doc, a) => setOrUnset(doc, 'dateOfBirth', a.dateOfBirth),
    setCompanyName: (doc, a) => setOrUnset(doc, 'companyName', a.companyName),
    setVatId: (doc, a) => setOrUnset(doc, 'vatId', a.vatId),
    setLocale: (doc, a) => setOrUnset(doc, 'locale', a.locale),
    setExternalId: (doc, a) => setOrUnset(doc, 'externalId', a.externalId),
    setKey: (doc, a) => setOrUnset(doc, 'key', a.key),
    setCustomerNumber: (doc, a) => {
      // Once set, a customer number cannot be changed or removed (it may be printed on documents).
      if (doc.customerNumber !== undefined && doc.customerNumber !== a.customerNumber) {
        throw new InvalidOperationError('The customer number is already set and cannot be changed.');
      }
      setOrUnset(doc, 'customerNumber', a.customerNumber);
    },
    changeEmail: (doc, a) => {
      if (doc.email === a.email) return;
      doc.email = a.email;
      // The new address has not been verified.
      doc.isEmailVerified = false;
    },
    addAddress: async (doc, a, ctx) => {
      checkAddressKeyFree(doc, a.address.key);
      doc.addresses.push(...(await newAddresses(ctx, [a.address])));
    },
    changeAddress: async (doc, a, ctx) => {
      const id = addressId(doc, a);
      checkAddressKeyFree(doc, a.address.key, id);
      const replacement = await replacedAddress(ctx, a.address, id);
      doc.addresses = doc.addresses.map((address) => (address.id === id ? replacement : address));
    },
    removeAddress: (doc, a) => {
      const id = addressId(doc, a);
      doc.addresses = doc.addresses.filter((address) => address.id !== id);
      removeAddressId(doc, id, 'shipping');
      removeAddressId(doc, id, 'billing');
    },
    setDefaultShippingAddress: (doc, a) => {
      if (a.addressId === undefined && a.addressKey === undefined) return void delete doc.defaultShippingAddressId;
      const id = addressId(doc, a);
      doc.defaultShippingAddressId = id;
      addToList(doc.shippingAddressIds, id);
    },
    setDefaultBillingAddress: (doc, a) => {
      if (a.addressId === undefined && a.addressKey === undefined) return void delete doc.defaultBillingAddressId;
      const id = addressId(doc, a);
      doc.defaultBillingAddressId = id;
      addToList(doc.billingAddressIds, id);
    },
    addShippingAddressId: (doc, a) => addToList(doc.shippingAddressIds, addressId(doc, a)),
    addBillingAddressId: (doc, a) => addToList(doc.billingAddressIds, addressId(doc, a)),
    removeShippingAddressId: (doc, a) => removeAddressId(doc, addressId(doc, a), 'shipping'),
    removeBillingAddressId: (doc, a) => removeAddressId(doc, addressId(doc, a), 'billing'),
    setCustomerGroup: async (doc, a, ctx) => setOrUnset(doc, 'customerGroup', a.customerGroup ? await deps.customerGroups(ctx, a.customerGroup) : undefined),
    ...customFieldActions('customer'),
    setAddressCustomType: (doc, a, ctx) => setCustomType(ctx, 'address', addressById(doc, addressId(doc, a)), a.type, a.fields),
    setAddressCustomField: (doc, a, ctx) => setCustomField(ctx, addressById(doc, addressId(doc, a)), a.name, a.value),
    setStores: async (doc, a, ctx) => void (doc.stores = await stores(ctx, a.stores ?? [])),
    addStore: async (doc, a, ctx) => {
      const [store] = await stores(ctx, [a.store]);
      if (!doc.stores.some((s) => s.key === store.key)) doc.stores.push(store);
    },
    removeStore: async (doc, a, ctx) => {
      const [store] = await stores(ctx, [a.store]);
      doc.stores = doc.stores.filter((s) => s.key !== store.key);
    },
  };
}
