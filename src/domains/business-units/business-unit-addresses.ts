import type { RequestContext } from '../../context.js';
import type { Address, AddressDraft } from '../../../generated/openapi/client/types.gen.js';
import { DuplicateFieldError, InvalidOperationError } from '../../errors/api-error.js';
import { newAddresses } from '../customers/index.js';

/**
 * The address update actions of a resource that keeps `addresses` with shipping/billing id lists and
 * defaults (business units; the same shape as customers). A default address is always also listed
 * among the shipping/billing ids, the invariant sign-up keeps too.
 */
export interface AddressHolder {
  addresses: Address[];
  shippingAddressIds: string[];
  billingAddressIds: string[];
  defaultShippingAddressId?: string;
  defaultBillingAddressId?: string;
}

type Kind = 'shipping' | 'billing';
const LIST = { shipping: 'shippingAddressIds', billing: 'billingAddressIds' } as const;
const DEFAULT = { shipping: 'defaultShippingAddressId', billing: 'defaultBillingAddressId' } as const;

/** An action's `addressId` or `addressKey` → the address it names (400 InvalidOperation if none). */
export function findAddress(doc: AddressHolder, at: { addressId?: string; addressKey?: string }): Address & { id: string } {
  if (at.addressId === undefined && at.addressKey === undefined) throw new InvalidOperationError('Either addressId or addressKey is required.');
  const address = doc.addresses.find((a) => (at.addressId !== undefined ? a.id === at.addressId : a.key === at.addressKey));
  if (!address) {
    throw new InvalidOperationError(
      at.addressId !== undefined ? `The address with ID '${at.addressId}' was not found.` : `The address with key '${at.addressKey}' was not found.`,
    );
  }
  return address as Address & { id: string };
}

function checkKeyFree(doc: AddressHolder, key: string | undefined, exceptId?: string): void {
  if (key !== undefined && doc.addresses.some((a) => a.key === key && a.id !== exceptId)) throw new DuplicateFieldError('address.key', key);
}

export async function addAddress(ctx: RequestContext, doc: AddressHolder, draft: AddressDraft): Promise<void> {
  checkKeyFree(doc, draft.key);
  doc.addresses.push(...(await newAddresses(ctx, [draft])));
}

/** Replaces the address's fields; it keeps its id (and so its place in the id lists). */
export async function changeAddress(
  ctx: RequestContext,
  doc: AddressHolder,
  at: { addressId?: string; addressKey?: string },
  draft: AddressDraft,
): Promise<void> {
  const current = findAddress(doc, at);
  checkKeyFree(doc, draft.key, current.id);
  const [replacement] = await newAddresses(ctx, [draft]);
  doc.addresses[doc.addresses.indexOf(current)] = { ...replacement!, id: current.id };
}

export function removeAddress(doc: AddressHolder, at: { addressId?: string; addressKey?: string }): void {
  const { id } = findAddress(doc, at);
  doc.addresses = doc.addresses.filter((a) => a.id !== id);
  for (const kind of ['shipping', 'billing'] as const) removeAddressId(doc, kind, id);
}

export function addAddressId(doc: AddressHolder, kind: Kind, at: { addressId?: string; addressKey?: string }): void {
  const { id } = findAddress(doc, at);
  if (!doc[LIST[kind]].includes(id)) doc[LIST[kind]].push(id);
}

/** Removing an id from a list also clears that default if it was the same address. */
export function removeAddressId(doc: AddressHolder, kind: Kind, id: string): void {
  doc[LIST[kind]] = doc[LIST[kind]].filter((x) => x !== id);
  if (doc[DEFAULT[kind]] === id) delete doc[DEFAULT[kind]];
}

/** Without an address it unsets the default. */
export function setDefaultAddress(doc: AddressHolder, kind: Kind, at: { addressId?: string; addressKey?: string }): void {
  if (at.addressId === undefined && at.addressKey === undefined) {
    delete doc[DEFAULT[kind]];
    return;
  }
  const { id } = findAddress(doc, at);
  doc[DEFAULT[kind]] = id;
  if (!doc[LIST[kind]].includes(id)) doc[LIST[kind]].push(id);
}
