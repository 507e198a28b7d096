import type { BusinessUnit, KeyReference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { roleKeysOf, unitRef } from './business-unit-hierarchy.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';

/*
 * The business unit a cart, order or shopping list belongs to (B2B; the platform's `businessUnit` in their
 * drafts and `setBusinessUnit`): the document keeps a KeyReference, in an indexed businessUnitKey
 * column the associate endpoints read by.
 */

type Kind = 'cart' | 'order' | 'shopping list' | 'quote request' | 'quote';

/** Who and where a document is: its customer and its store. */
interface Owned {
  customerId?: string;
  store?: KeyReference;
}

/** The stores a unit's documents may belong to: its own (storeMode Explicit) or its nearest ancestor's (FromParent); none means any. */
function unitStores(unit: BusinessUnit): readonly KeyReference[] {
  return (unit.storeMode === 'FromParent' ? unit.inheritedStores : unit.stores) ?? [];
}

/**
 * Whether a document may belong to `unit` (400 InvalidOperation otherwise): the document's customer
 * must be one of the unit's associates (explicit or inherited), and its store one of the unit's
 * stores when the unit has any.
 */
function assertMayBelong(unit: BusinessUnit, owned: Owned, kind: Kind): void {
  if (owned.customerId !== undefined && !roleKeysOf(unit, owned.customerId)) {
    throw new InvalidOperationError(`The customer '${owned.customerId}' is not an associate of the business unit '${unit.key}'.`);
  }
  const stores = unitStores(unit);
  if (owned.store && stores.length > 0 && !stores.some((store) => store.key === owned.store!.key)) {
    throw new InvalidOperationError(`The business unit '${unit.key}' has no access to the store '${owned.store.key}' of the ${kind}.`);
  }
}

/** The unit a draft or setBusinessUnit names (400 ReferencedResourceNotFound when there is none), checked for the document. */
export async function owningUnit(
  ctx: RequestContext,
  units: DocumentRepository<BusinessUnit>,
  identifier: ResourceIdentifier,
  owned: Owned,
  kind: Kind,
): Promise<KeyReference> {
  const unit = await resolveIdentifier(ctx, units, identifier, 'businessUnit');
  // An Inactive unit is not usable: no document joins it.
  if (unit.status === 'Inactive') throw new InvalidOperationError(`The business unit '${unit.key}' is Inactive: no ${kind} can belong to it.`);
  assertMayBelong(unit, owned, kind);
  return unitRef(unit.key);
}

/** A document of a unit whose customer or store changes: still one the unit may own (setCustomerId, setCustomer, setStore). */
export async function assertStillBelongs(
  ctx: RequestContext,
  units: DocumentRepository<BusinessUnit>,
  unitKey: KeyReference | undefined,
  owned: Owned,
  kind: Kind,
): Promise<void> {
  if (!unitKey) return;
  const unit = await units.find(ctx, { key: unitKey.key });
  // The unit's status does not matter here: the document already belongs to it.
  if (unit) assertMayBelong(unit, owned, kind);
}

/**
 * /me: only a signed-in customer's cart or list may belong to a business unit (one of whose associates
 * it must be). An anonymous session naming one is refused, so nobody can put documents into a unit
 * without being its associate.
 */
export function assertMayNameUnit(draft: { businessUnit?: ResourceIdentifier }, owner: { customerId: string } | { anonymousId: string }, kind: Kind): void {
  if (draft.businessUnit && !('customerId' in owner)) throw new InvalidOperationError(`Only a signed-in customer's ${kind} can belong to a business unit.`);
}
