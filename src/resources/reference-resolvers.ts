import type { Associate, AssociateDraft, AssociateRole, KeyReference, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { list, sql } from '../db/statements.js';
import { DuplicateFieldError, InvalidOperationError } from '../errors/api-error.js';
import { resolveRows } from './resource-identifiers.js';

/**
 * What drafts and update actions store for their store, customer, associate-role and business-unit
 * identifiers (keys or ids), each list resolved in one statement by resolveRows.
 */

type Ctx = Pick<RequestContext, 'db' | 'projectKey' | 'associateId'>;

/** Store identifiers → the KeyReferences a unit keeps, in order, without repeats. */
export async function resolveStores(ctx: Ctx, stores: readonly ResourceIdentifier[], field = 'stores'): Promise<KeyReference[]> {
  const rows = await resolveRows(
    ctx,
    'store',
    stores.map((ref, i) => ({ ref, field: `${field}[${i}]` })),
  );
  return [...new Set(rows.map((r) => r.key!))].map((key) => ({ typeId: 'store', key }));
}

/** An associate role identifier → the role's key (400 ReferencedResourceNotFound if the project has no such role). */
export async function resolveAssociateRoleKey(ctx: Ctx, ref: ResourceIdentifier, field = 'associateRole'): Promise<string> {
  const [row] = await resolveRows(ctx, 'associate-role', [{ ref, field }]);
  return row!.key!;
}

/** A business unit identifier (e.g. `parentUnit`) → the unit's key (400 if there is no such unit). */
export async function resolveUnitKey(ctx: Ctx, ref: ResourceIdentifier, field = 'parentUnit'): Promise<string> {
  const [row] = await resolveRows(ctx, 'business-unit', [{ ref, field }]);
  return row!.key!;
}

/** A customer identifier → its id (400 if there is no such customer). */
export async function resolveCustomerId(ctx: Ctx, ref: ResourceIdentifier, field = 'customer'): Promise<string> {
  const [row] = await resolveRows(ctx, 'customer', [{ ref, field }]);
  return row!.id;
}

/**
 * AssociateDrafts → Associates: customers as References, roles as KeyReferences, inheritance
 * `Disabled` unless given. Acting as an Associate (ctx.associateId set), only roles with
 * `buyerAssignable: true` may be assigned (as the platform documents); the others need the general
 * endpoints. A customer listed twice is a DuplicateField.
 */
export async function resolveAssociates(ctx: Ctx, drafts: readonly AssociateDraft[], field = 'associates'): Promise<Associate[]> {
  const customers = await resolveRows(
    ctx,
    'customer',
    drafts.map((d, i) => ({ ref: d.customer, field: `${field}[${i}].customer` })),
  );
  const assignments = drafts.flatMap((d, i) =>
    d.associateRoleAssignments.map((a, j) => ({ ref: a.associateRole, field: `${field}[${i}].associateRoleAssignments[${j}].associateRole` })),
  );
  const roles = await resolveRows(ctx, 'associate-role', assignments, ctx.associateId !== undefined);
  if (ctx.associateId !== undefined) {
    const fixed = roles.find((r) => (JSON.parse(r.data!) as { buyerAssignable: boolean }).buyerAssignable === false);
    if (fixed) {
      throw new InvalidOperationError(
        `The associate role '${fixed.key}' is not buyer assignable: it can be assigned only through the general business unit endpoints, not by an associate.`,
      );
    }
  }
  const seen = new Set<string>();
  let next = 0;
  return drafts.map((draft, i) => {
    const customerId = customers[i]!.id;
    if (seen.has(customerId)) throw new DuplicateFieldError(`${field}[${i}].customer`, customerId);
    seen.add(customerId);
    return {
      customer: { typeId: 'customer', id: customerId },
      associateRoleAssignments: draft.associateRoleAssignments.map((a) => ({
        associateRole: { typeId: 'associate-role', key: roles[next++]!.key! },
        inheritance: a.inheritance ?? 'Disabled',
      })),
      ...(draft.roles !== undefined ? { roles: draft.roles } : {}),
    };
  });
}

/** The associate roles with these keys, read from the database on every call (never cached). */
export async function rolesByKeys(ctx: Pick<RequestContext, 'db' | 'projectKey'>, roleKeys: readonly string[]): Promise<AssociateRole[]> {
  if (roleKeys.length === 0) return [];
  const statement = sql(`SELECT $DATA AS "data" FROM "AssociateRole" WHERE "projectKey" = ? AND "key" IN (${list(roleKeys.length)})`);
  const rows = await ctx.db.rows<{ data: string }>(statement[ctx.db.dialect], [ctx.projectKey, ...roleKeys]);
  return rows.map((row) => JSON.parse(row.data) as AssociateRole);
}

/** The union of the permissions of the roles with these keys (a deleted role grants nothing). */
export async function rolePermissions(ctx: Pick<RequestContext, 'db' | 'projectKey'>, roleKeys: readonly string[]): Promise<Set<string>> {
  return new Set((await rolesByKeys(ctx, roleKeys)).flatMap((role) => role.permissions));
}
