import type { Address, AddressDraft, Customer, CustomerDraft } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';

import { DuplicateFieldError, InvalidFieldError } from '../../errors/api-error.js';
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
