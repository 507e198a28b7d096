import { assertStoresHeld } from '../../auth/authorize.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';

/** Who may put a customer into a store or take one out: the store's customer managers, or a sign-up of the customer itself. */
const STORE_SCOPES = ['manage_customers', 'manage_my_profile'];

/**
 * The store rules of a write that sets a customer's stores (a sign-up, setStores, addStore,
 * removeStore). In a store (`ctx.storeKey`) the customer stays one of that store's, so a client of
 * one store can neither create a customer elsewhere nor move one out of its reach; and every store
 * the write adds or removes is one the caller holds a customer scope for, so it cannot place a
 * customer into a store it does not hold (from where that store's password flow would sign it in).
 */
export function assertStoreChange(
  ctx: Pick<RequestContext, 'projectKey' | 'principal' | 'storeKey'>,
  before: readonly { key: string }[],
  after: readonly { key: string }[],
): void {
  const was = new Set(before.map((s) => s.key));
  const is = new Set(after.map((s) => s.key));
  if (ctx.storeKey !== undefined && !is.has(ctx.storeKey)) {
    throw new InvalidOperationError(`A customer written in the store '${ctx.storeKey}' must remain a customer of that store.`);
  }
  const changed = [...is].filter((key) => !was.has(key)).concat([...was].filter((key) => !is.has(key)));
  assertStoresHeld(ctx, STORE_SCOPES, changed);
}
