import type { BusinessUnit, KeyReference } from '../../../generated/openapi/client/types.gen.js';
import { assertAssociatePermission } from '../../auth/associate-permissions.js';
import type { RequestContext } from '../../context.js';
import { AssociateMissingPermissionError, InvalidOperationError, ResourceNotFoundError } from '../../errors/api-error.js';
import type { SqlFragment } from '../../query/index.js';
import { sql } from '../../db/statements.js';
import { roleKeysOf } from './business-unit-hierarchy.js';
import { rolePermissions } from '../../resources/reference-resolvers.js';
import type { DocumentRepository } from '../../resources/document-repository.js';

/*
 * A customer acting for a business unit on its carts and orders (`/{projectKey}/as-associate/{associateId}/
 * in-business-unit/key={businessUnitKey}/…`): the unit of the path, the associate's permissions there
 * (the union of its roles, explicit and inherited, read on every request so a changed role counts at
 * once), and the "My" / "Others" rule of the platform's documentation: the `…My…` permission for the associate's own
 * cart or order, the `…Others…` one for anyone else's (403 AssociateMissingPermission naming that
 * customer). Reading accepts either for the associate's own.
 *
 * A customer who is not an associate of the unit holds no permission there: 403, as for an associate
 * without the permission (the platform's documentation does not say; a 404 would hide nothing the
 * caller's scope does not already show).
 */

export interface Acting {
  associateId: string;
  unit: BusinessUnit;
  held: ReadonlySet<string>;
}

/** One kind of access to one kind of resource: the words of the error message and the two permissions. */
export interface Access {
  what: string;
  my: string;
  others: string;
  /** Reading: the associate's own may be read with either permission. */
  read?: true;
}

/** The four kinds of access to a resource whose permissions follow the `ViewMyCarts` … `DeleteOthersCarts` pattern. */
export function myOthersAccess(noun: 'Carts' | 'ShoppingLists', words: string): { view: Access; create: Access; update: Access; delete: Access } {
  const access = (verb: 'View' | 'Create' | 'Update' | 'Delete'): Access => ({
    what: `${verb.toLowerCase()} ${words}`,
    my: `${verb}My${noun}`,
    others: `${verb}Others${noun}`,
  });
  return { view: { ...access('View'), read: true }, create: access('Create'), update: access('Update'), delete: access('Delete') };
}

/** Reading a unit's orders. */
export const ORDERS_VIEW: Access = { what: 'view orders', my: 'ViewMyOrders', others: 'ViewOthersOrders', read: true };

/** Updating a unit's orders. */
export const ORDERS_UPDATE: Access = { what: 'update orders', my: 'UpdateMyOrders', others: 'UpdateOthersOrders' };

/** The path's associate and unit (404 when the project has no such unit) with the associate's permissions there. */
export async function actingAssociate(ctx: RequestContext, units: DocumentRepository<BusinessUnit>): Promise<Acting> {
  const { associateId, businessUnitKey } = ctx;
  if (associateId === undefined || businessUnitKey === undefined)
    throw new Error('an associate operation without an associate and a business unit in its path');
  const unit = await units.find(ctx, { key: businessUnitKey });
  if (!unit) throw new ResourceNotFoundError(businessUnitKey, `The BusinessUnit with key '${businessUnitKey}' was not found.`);
  return { associateId, unit, held: await permissionsIn(ctx, unit, associateId) };
}

/** The associate's permissions in `unit` (none when it is not an associate there). */
export function permissionsIn(ctx: RequestContext, unit: BusinessUnit, associateId: string): Promise<Set<string>> {
  return rolePermissions(ctx, roleKeysOf(unit, associateId) ?? []);
}

/** 403 unless the associate may do `access` to a resource of `customerId` (in `unit`, with `held`; by default the path's). */
export function assertMay(a: Acting, access: Access, customerId: string | undefined, unit = a.unit, held = a.held): void {
  if (customerId === a.associateId) {
    assertAssociatePermission(held, a.associateId, unit.key, access.what, access.read ? [access.my, access.others] : [access.my]);
  } else {
    assertAssociatePermission(held, a.associateId, unit.key, access.what, [access.others], customerId);
  }
}

/** An Inactive unit is not usable in carts and orders: 400 InvalidOperation for every change made for it. */
export function assertActive(a: Acting, what: string): void {
  if (a.unit.status === 'Inactive') throw new InvalidOperationError(`The business unit '${a.unit.key}' is Inactive: ${what}.`);
}

/** 400 InvalidOperation when the cart or order belongs to another unit (the platform's documented answer). */
export function assertOfUnit(
  a: Acting,
  doc: { id: string; businessUnit?: KeyReference },
  kind: 'cart' | 'order' | 'shopping list' | 'quote request' | 'quote',
): void {
  if (doc.businessUnit?.key !== a.unit.key) throw new InvalidOperationError(`The ${kind} '${doc.id}' does not belong to the business unit '${a.unit.key}'.`);
}

export const OF_UNIT = sql('"businessUnitKey" = ?');
const OWN_IN_UNIT = sql('"businessUnitKey" = ? AND "customerId" = ?');

/**
 * What a query of the unit's carts or orders may see, on their indexed businessUnitKey and customerId
 * columns: all of them with the `…Others…` permission, the associate's own with the `…My…` one alone.
 */
export function visibleTo(ctx: RequestContext, a: Acting, view: Access): SqlFragment {
  if (a.held.has(view.others)) return { sql: OF_UNIT[ctx.db.dialect], params: [a.unit.key] };
  if (a.held.has(view.my)) return { sql: OWN_IN_UNIT[ctx.db.dialect], params: [a.unit.key, a.associateId] };
  throw new AssociateMissingPermissionError(a.associateId, a.unit.key, view.what, [view.my, view.others]);
}

/**
 * The check of the document (a cart, a quote) an associate makes something from (an order, a quote
 * request): the path's unit must be Active, the document one of the unit's, and the associate must hold
 * `access` for the document's customer. Returned for the maker to run on the document it reads in its
 * own transaction.
 */
export async function madeFromUnitDocument<D extends { id: string; businessUnit?: KeyReference }>(
  ctx: RequestContext,
  units: DocumentRepository<BusinessUnit>,
  rules: { inactive: string; kind: 'cart' | 'quote'; access: Access; customerOf: (doc: D) => string | undefined },
): Promise<(tx: RequestContext, doc: D) => void> {
  const a = await actingAssociate(ctx, units);
  assertActive(a, rules.inactive);
  return (_tx, doc) => {
    assertOfUnit(a, doc, rules.kind);
    assertMay(a, rules.access, rules.customerOf(doc));
  };
}

/**
 * The /me endpoints act for the token's customer. Where what they create, change or order belongs to a
 * business unit, the customer acts there as the unit's associate, under the permissions the
 * as-associate endpoints check (403 AssociateMissingPermission without them): otherwise an associate
 * allowed only to view orders could buy for the unit through /me. A customer who is not the unit's
 * associate is 400 InvalidOperation (the /me endpoints' documented answer), before any permission.
 */
export async function assertCustomerMayIn(ctx: RequestContext, unit: BusinessUnit, customerId: string, access: Access): Promise<void> {
  if (!roleKeysOf(unit, customerId)) throw new InvalidOperationError(`The customer '${customerId}' is not an associate of the business unit '${unit.key}'.`);
  assertMay({ associateId: customerId, unit, held: await permissionsIn(ctx, unit, customerId) }, access, customerId);
}

/** As assertCustomerMayIn, for the unit a document names by key; a unit that does not exist is left to the document's own checks. */
export async function assertCustomerMayInUnit(
  ctx: RequestContext,
  units: DocumentRepository<BusinessUnit>,
  unitKey: string,
  customerId: string,
  access: Access,
): Promise<void> {
  const unit = await units.find(ctx, { key: unitKey });
  if (unit) await assertCustomerMayIn(ctx, unit, customerId, access);
}
