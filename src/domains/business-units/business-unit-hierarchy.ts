import type { BusinessUnit, InheritedAssociate, KeyReference } from '../../../generated/openapi/client/types.gen.js';
import { canonicalJson } from '../../shared/canonical-json.js';

/**
 * What a business unit takes from its parent (as the platform documents): `topLevelUnit`, the
 * `inheritedAssociates` (assignments with `inheritance: Enabled` at an ancestor, flowing down while
 * every unit on the way is `ExplicitAndFromParent`) and the `inheritedStores` of a `FromParent` unit.
 * The platform computes these eventually; here they are recomputed in the same transaction as the
 * write that changes them, so permission checks read them from the unit alone and are never stale.
 */

/** Companies sit at level 1; a unit may be at most at this level. */
export const MAX_DEPTH = 5;

export const unitRef = (key: string): KeyReference => ({ typeId: 'business-unit', key });

/** Sets the derived fields of `unit` from its (already derived) parent; a Company has none. */
export function deriveFromParent(unit: Omit<BusinessUnit, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'>, parent: BusinessUnit | undefined): void {
  unit.topLevelUnit = parent ? { ...parent.topLevelUnit } : unitRef(unit.key);
  unit.inheritedAssociates = parent && unit.associateMode === 'ExplicitAndFromParent' ? inheritedFrom(parent) : [];
  if (unit.storeMode === 'FromParent') {
    delete unit.stores;
    unit.inheritedStores = parent ? ((parent.storeMode === 'Explicit' ? parent.stores : parent.inheritedStores) ?? []) : [];
  } else {
    delete unit.inheritedStores;
    unit.stores ??= [];
  }
}

/** What a child of `parent` inherits: the parent's Enabled assignments plus all it inherited itself. */
function inheritedFrom(parent: BusinessUnit): InheritedAssociate[] {
  const byCustomer = new Map<string, InheritedAssociate>();
  const add = (customerId: string, associateRole: KeyReference, source: KeyReference) => {
    let entry = byCustomer.get(customerId);
    if (!entry) byCustomer.set(customerId, (entry = { customer: { typeId: 'customer', id: customerId }, associateRoleAssignments: [] }));
    entry.associateRoleAssignments.push({ associateRole: { ...associateRole }, source: { ...source } });
  };
  for (const inherited of parent.inheritedAssociates ?? []) {
    for (const a of inherited.associateRoleAssignments) add(inherited.customer.id, a.associateRole, a.source);
  }
  for (const associate of parent.associates) {
    for (const a of associate.associateRoleAssignments) {
      if (a.inheritance === 'Enabled') add(associate.customer.id, a.associateRole, unitRef(parent.key));
    }
  }
  return [...byCustomer.values()];
}

/** Every customer who is an associate of the unit, explicitly or by inheritance. */
export function memberIds(unit: BusinessUnit): string[] {
  return [...new Set([...unit.associates.map((a) => a.customer.id), ...(unit.inheritedAssociates ?? []).map((a) => a.customer.id)])];
}

/** The role keys `customerId` holds in `unit`, explicit and inherited; undefined if not an associate there. */
export function roleKeysOf(unit: BusinessUnit, customerId: string): string[] | undefined {
  const explicit = unit.associates.find((a) => a.customer.id === customerId);
  const inherited = (unit.inheritedAssociates ?? []).find((a) => a.customer.id === customerId);
  if (!explicit && !inherited) return undefined;
  return [
    ...new Set([
      ...(explicit?.associateRoleAssignments ?? []).map((a) => a.associateRole.key),
      ...(inherited?.associateRoleAssignments ?? []).map((a) => a.associateRole.key),
    ]),
  ];
}

/** The part of a unit its children derive from: when it is unchanged, no descendant needs rewriting. */
export function inheritableState(unit: BusinessUnit): string {
  return canonicalJson([unit.topLevelUnit, unit.associates, unit.inheritedAssociates, unit.storeMode, unit.stores, unit.inheritedStores]);
}

/** The fields deriveFromParent sets, to tell whether re-deriving a unit changed it. */
export function derivedState(unit: BusinessUnit): string {
  return canonicalJson([unit.topLevelUnit, unit.inheritedAssociates, unit.stores, unit.inheritedStores]);
}
