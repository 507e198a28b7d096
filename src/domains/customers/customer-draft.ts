import type { Address, AddressDraft, Customer, CustomerDraft, KeyReference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { DuplicateFieldError, InvalidFieldError, ReferencedResourceNotFoundError, RequiredFieldError } from '../../errors/api-error.js';
import { randomToken } from '../../security/secrets.js';
import { customFieldsFromDraft } from '../types/index.js';

/**
 * Turning a CustomerDraft into a Customer: the parts of sign-up that need no database write.
 * Kept apart from the service so the GraphQL sign-up (CustomerSignUpDraft) can reuse it.
 */

type AddressIndexField = 'defaultShippingAddress' | 'defaultBillingAddress';
type AddressListField = 'shippingAddresses' | 'billingAddresses';

/** Gives every address a fresh id (the API overwrites a supplied one) and checks address keys are unique. */
export async function newAddresses(ctx: RequestContext, drafts: readonly AddressDraft[]): Promise<Address[]> {
  const keys = new Set<string>();
  const addresses: Address[] = [];
  for (const [i, draft] of drafts.entries()) {
    if (draft.key !== undefined) {
      if (keys.has(draft.key)) throw new DuplicateFieldError(`addresses[${i}].key`, draft.key);
      keys.add(draft.key);
    }
    const { custom: customDraft, ...fields } = draft;
    const custom = await customFieldsFromDraft(ctx, 'address', customDraft);
    addresses.push({ ...fields, id: randomToken(8), ...(custom ? { custom } : {}) });
  }
  return addresses;
}

function addressAt(addresses: readonly Address[], field: string, index: number): string {
  const address = addresses[index];
  if (!address) throw new InvalidFieldError(field, index);
  return address.id!;
}

/**
 * Resolves the draft's index fields to address ids. A default address is also listed among the
 * shipping/billing addresses, the same invariant the setDefault…Address update actions keep.
 */
export function addressIds(
  draft: Pick<CustomerDraft, AddressIndexField | AddressListField>,
  addresses: readonly Address[],
): Pick<Customer, 'defaultShippingAddressId' | 'defaultBillingAddressId' | 'shippingAddressIds' | 'billingAddressIds'> {
  const list = (listField: AddressListField, defaultField: AddressIndexField): { ids: string[]; defaultId?: string } => {
    const ids = (draft[listField] ?? []).map((index, i) => addressAt(addresses, `${listField}[${i}]`, index));
    const index = draft[defaultField];
    const defaultId = index === undefined ? undefined : addressAt(addresses, defaultField, index);
    if (defaultId !== undefined) ids.push(defaultId);
    return { ids: [...new Set(ids)], defaultId };
  };
  const shipping = list('shippingAddresses', 'defaultShippingAddress');
  const billing = list('billingAddresses', 'defaultBillingAddress');
  return {
    ...(shipping.defaultId !== undefined ? { defaultShippingAddressId: shipping.defaultId } : {}),
    ...(billing.defaultId !== undefined ? { defaultBillingAddressId: billing.defaultId } : {}),
    shippingAddressIds: shipping.ids,
    billingAddressIds: billing.ids,
  };
}

/** Finds the stores of a project by id and key, in one query. */
export type StoreLookup = (projectKey: string, ids: string[], keys: string[]) => Promise<{ id: string; key: string }[]>;

/**
 * Resolves StoreResourceIdentifiers to the KeyReferences a customer stores, in draft order without
 * repeats; an unknown store is a ReferencedResourceNotFound, as for every reference in a draft.
 */
export async function resolveStores(
  ctx: Pick<RequestContext, 'projectKey'>,
  identifiers: readonly ResourceIdentifier[],
  lookup: StoreLookup,
): Promise<KeyReference[]> {
  identifiers.forEach((ref, i) => {
    if (ref.typeId !== undefined && ref.typeId !== 'store') throw new InvalidFieldError(`stores[${i}].typeId`, ref.typeId, ['store']);
    if (ref.id === undefined && ref.key === undefined) throw new RequiredFieldError(`stores[${i}].key`);
  });
  if (identifiers.length === 0) return [];
  const ids = identifiers.flatMap((r) => (r.id !== undefined ? [r.id] : []));
  const keys = identifiers.flatMap((r) => (r.id === undefined && r.key !== undefined ? [r.key] : []));
  const found = await lookup(ctx.projectKey, ids, keys);
  const byId = new Map(found.map((s) => [s.id, s.key]));
  const byKey = new Set(found.map((s) => s.key));
  const result: string[] = [];
  for (const ref of identifiers) {
    // An identifier with both id and key names one store; the id decides, and the key must agree.
    const key = ref.id !== undefined ? byId.get(ref.id) : byKey.has(ref.key!) ? ref.key : undefined;
    if (key === undefined || (ref.id !== undefined && ref.key !== undefined && ref.key !== key)) {
      throw new ReferencedResourceNotFoundError('store', ref.id !== undefined ? { id: ref.id } : { key: ref.key });
    }
    if (!result.includes(key)) result.push(key);
  }
  return result.map((key) => ({ typeId: 'store', key }));
}

/** The optional scalar fields copied from draft to resource as given. */
const COPIED = [
  'key',
  'customerNumber',
  'externalId',
  'firstName',
  'lastName',
  'middleName',
  'title',
  'salutation',
  'dateOfBirth',
  'companyName',
  'vatId',
  'locale',
] as const satisfies readonly (keyof CustomerDraft & keyof Customer)[];

export function copiedFields(draft: CustomerDraft): Partial<Pick<Customer, (typeof COPIED)[number]>> {
  const out: Partial<Pick<Customer, (typeof COPIED)[number]>> = {};
  for (const field of COPIED) {
    if (draft[field] !== undefined) out[field] = draft[field];
  }
  return out;
}

/** "****" plus the hash's last four characters: enough to see that a password changed, nothing to attack. */
export function maskPassword(hash: string): string {
  return `****${hash.slice(-4)}`;
}
