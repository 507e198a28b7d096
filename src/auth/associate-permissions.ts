import { AssociateMissingPermissionError } from '../errors/api-error.js';

/*
 * Associate permissions: what a customer acting for a business unit may do there. The
 * effective permissions in a unit are the union of the permissions of every role the customer holds
 * in it, explicitly or inherited; the caller reads those roles from the database on each request, so
 * a changed or deleted role takes effect at once.
 */

/**
 * 403 AssociateMissingPermission unless `held` contains one of `needed` (any one suffices); `onBehalfOf`:
 * the other customer whose resource it is (an `…Others…` permission).
 */
export function assertAssociatePermission(
  held: ReadonlySet<string>,
  associateId: string,
  unitKey: string,
  what: string,
  needed: readonly string[],
  onBehalfOf?: string,
): void {
  if (!needed.some((permission) => held.has(permission))) throw new AssociateMissingPermissionError(associateId, unitKey, what, needed, onBehalfOf);
}
