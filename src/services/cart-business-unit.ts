import type { BusinessUnit, Cart, KeyReference, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { InvalidOperationError } from '../errors/api-error.js';
import { roleKeysOf, unitRef } from './business-unit-hierarchy.js';
import type { DocumentRepository } from './document-repository.js';
import { resolveIdentifier } from './resource-identifiers.js';

/*
 * A cart's business unit (B2B; the platform's CartDraft.businessUnit and setBusinessUnit): the cart
 * keeps a KeyReference, in the indexed businessUnitKey column the associate cart endpoints read by.
 */

/** The stores a unit's carts may belong to: its own (storeMode Explicit) or its nearest ancestor's (FromParent); none means any. */
export function unitStores(unit: BusinessUnit): readonly KeyReference[] {
  return (unit.storeMode === 'FromParent' ? unit.inheritedStores : unit.stores) ?? [];
}

/**
 * Whether `cart` may belong to `unit` (400 InvalidOperation otherwise): an Inactive unit is not usable
 * in carts (facts §1), the cart's customer must be one of the unit's associates (explicit or
 * inherited), and a cart of a store must be of one of the unit's stores when the unit has any.
 */
export function assertCartMayBelong(unit: BusinessUnit, cart: Pick<Cart, 'customerId' | 'store'>): void {
  if (unit.status === 'Inactive') throw new InvalidOperationError(`The business unit '${unit.key}' is Inactive: carts cannot belong to it.`);
  if (cart.customerId !== undefined && !roleKeysOf(unit, cart.customerId)) {
    throw new InvalidOperationError(`The customer '${cart.customerId}' is not an associate of the business unit '${unit.key}'.`);
  }
  const stores = unitStores(unit);
  if (cart.store && stores.length > 0 && !stores.some((store) => store.key === cart.store!.key)) {
    throw new InvalidOperationError(`The business unit '${unit.key}' has no access to the store '${cart.store.key}' of the cart.`);
  }
}

/** The unit a draft or setBusinessUnit names (400 ReferencedResourceNotFound when there is none), checked for `cart`. */
export async function cartUnit(
  ctx: RequestContext,
  units: DocumentRepository<BusinessUnit>,
  identifier: ResourceIdentifier,
  cart: Pick<Cart, 'customerId' | 'store'>,
): Promise<KeyReference> {
  const unit = await resolveIdentifier(ctx, units, identifier, 'businessUnit');
  assertCartMayBelong(unit, cart);
  return unitRef(unit.key);
}

/** A new customer of a cart of a business unit (setCustomerId) must be one of the unit's associates. */
export async function assertAssociateOfCartUnit(ctx: RequestContext, units: DocumentRepository<BusinessUnit>, cart: Cart, customerId: string): Promise<void> {
  if (!cart.businessUnit) return;
  const unit = await units.find(ctx, { key: cart.businessUnit.key });
  if (unit && !roleKeysOf(unit, customerId)) {
    throw new InvalidOperationError(`The customer '${customerId}' is not an associate of the business unit '${unit.key}' of the cart.`);
  }
}
