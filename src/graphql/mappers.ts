import type { Address, ClientLogging, CustomFields, Store } from '../../generated/openapi/client/types.gen.js';
import type { PagedQueryResult } from '../query/index.js';
import type { CustomerDocument } from '../services/customer.service.js';

/*
 * What the GraphQL object types resolve from (codegen.yml `mappers`): the services' documents as
 * they are, with the GraphQL-only fields computed by the type resolvers.
 */
export type AddressModel = Address;
export type CustomerPage = PagedQueryResult<CustomerDocument>;
export type StoreModel = Store;
export type CustomFieldsModel = CustomFields;
export type InitiatorModel = ClientLogging;
export interface CustomerGroupModel {
  id: string;
  version: number;
  key?: string;
  name: string;
  createdAt: string;
  lastModifiedAt: string;
}
/** `me`: everything under it is resolved from the request's token. */
export type MeModel = Record<string, never>;
/** `inStore(key)`: the store its fields are limited to. */
export interface InStoreModel {
  storeKey: string;
}
/** Carts are served in their own issue; until then no cart is ever returned. */
export interface CartModel {
  id: string;
  version: number;
}
