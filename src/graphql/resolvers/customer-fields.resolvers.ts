import type { Address } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { clientLogging } from '../../resources/client-logging.js';
import { readCustomerGroup } from '../../domains/customers/index.js';
import { rawCustomFields, typedCustomFields } from '../custom-field-list.js';
import { allLocales, localizedValue } from '../localized.js';

function addressWithId(addresses: readonly Address[], id: string | undefined): Address | null {
  return id === undefined ? null : (addresses.find((a) => a.id === id) ?? null);
}

function addressesWithIds(addresses: readonly Address[], ids: readonly string[]): Address[] {
  return ids.flatMap((id) => addresses.filter((a) => a.id === id));
}

/** The fields of the customer types that GraphQL computes from the stored document. */
export const customerFieldResolvers: Resolvers = {
  Customer: {
    password: (doc) => doc.password ?? null,
    defaultShippingAddress: (doc) => addressWithId(doc.addresses, doc.defaultShippingAddressId),
    defaultBillingAddress: (doc) => addressWithId(doc.addresses, doc.defaultBillingAddressId),
    shippingAddresses: (doc) => addressesWithIds(doc.addresses, doc.shippingAddressIds),
    billingAddresses: (doc) => addressesWithIds(doc.addresses, doc.billingAddressIds),
    customerGroupRef: (doc) => doc.customerGroup ?? null,
    customerGroup: async (doc, _args, { ctx }) => {
      if (!doc.customerGroup) return null;
      // The group is another resource: reading it needs its own view scope, like reference expansion.
      requireScopes(ctx, ['view_customer_groups', 'manage_customer_groups']);
      return (await readCustomerGroup(ctx, doc.customerGroup.id)) ?? null;
    },
    storesRef: (doc) => doc.stores,
    stores: async (doc, _args, { ctx, services }) => {
      const stores = await Promise.all(doc.stores.map((ref) => services.stores.repository.find(ctx, { key: ref.key })));
      return stores.filter((store) => store !== undefined);
    },
    custom: (doc) => doc.custom ?? null,
    customFieldsRaw: (doc, args) => rawCustomFields(doc.custom, args),
    customFields: (doc) => doc.custom ?? null,
    customFieldList: (doc, args, { ctx }) => typedCustomFields(ctx, doc.custom, args),
    lastMessageSequenceNumber: (doc) => doc.lastMessageSequenceNumber ?? 1,
    createdBy: (doc) => doc.createdBy ?? null,
    lastModifiedBy: (doc) => doc.lastModifiedBy ?? null,
  },
  Address: {
    contactInfo: (address) => ({ phone: address.phone, mobile: address.mobile, email: address.email, fax: address.fax }),
    custom: (address) => address.custom ?? null,
  },
  CustomerToken: {
    version: () => 1,
    createdBy: (_token, _args, { ctx }) => clientLogging(ctx),
    lastModifiedBy: (_token, _args, { ctx }) => clientLogging(ctx),
  },
  Initiator: {
    isPlatformClient: (logging) => logging.clientId !== undefined,
    customerRef: (logging) => logging.customer ?? null,
  },
  CustomerQueryResult: {
    total: (page) => page.total ?? page.count,
    exists: (page) => page.count > 0,
  },
  Store: {
    name: (store, args) => localizedValue(store.name, args),
    nameAllLocales: (store) => (store.name ? allLocales(store.name) : null),
  },
};
