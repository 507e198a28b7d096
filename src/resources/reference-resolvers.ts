import type { Associate, AssociateDraft, AssociateRole, KeyReference, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { list, sql } from '../db/statements.js';
import { DuplicateFieldError, InvalidFieldError, InvalidOperationError, ReferencedResourceNotFoundError, RequiredFieldError } from '../errors/api-error.js';

/**
 * Resolving the ResourceIdentifiers of a business unit draft or update action (stores, customers,
 * associate roles) to what the unit stores: one query per referenced table for the whole request,
 * on `ctx.db` so it sees the transaction's own writes.
 */

type Ctx = Pick<RequestContext, 'db' | 'projectKey' | 'associateId'>;
interface Row {
  id: string;
  key: string | null;
  data?: string;
}

/** The tables a business unit refers to, by the typeId of the reference. */
const TABLES = { store: 'Store', customer: 'Customer', 'associate-role': 'AssociateRole', 'business-unit': 'BusinessUnit' } as const;
type TypeId = keyof typeof TABLES;

function checkIdentifier(ref: ResourceIdentifier, typeId: TypeId, field: string): void {
  if (ref.typeId !== undefined && ref.typeId !== typeId) throw new InvalidFieldError(`${field}.typeId`, ref.typeId, [typeId]);
  if (ref.id === undefined && ref.key === undefined) throw new RequiredFieldError(`${field}.id`);
}

/**
 * Finds every identifier's row in one query; an identifier naming nothing (or an id and a key that
 * disagree) is 400 ReferencedResourceNotFound, as for every reference in a draft.
 */
async function resolve(ctx: Ctx, typeId: TypeId, refs: readonly { ref: ResourceIdentifier; field: string }[], withData = false): Promise<Row[]> {
  refs.forEach(({ ref, field }) => checkIdentifier(ref, typeId, field));
  if (refs.length === 0) return [];
  const ids = refs.flatMap(({ ref }) => (ref.id !== undefined ? [ref.id] : []));
  const keys = refs.flatMap(({ ref }) => (ref.id === undefined ? [ref.key!] : []));
  const statement = sql(
    `SELECT "id", "key"${withData ? ', $DATA AS "data"' : ''} FROM "${TABLES[typeId]}" WHERE "projectKey" = ? AND ("id" IN (${list(ids.length)}) OR "key" IN (${list(keys.length)}))`,
  );
  const rows = await ctx.db.rows<Row>(statement[ctx.db.dialect], [ctx.projectKey, ...ids, ...keys]);
  return refs.map(({ ref }) => {
    const row = rows.find((r) => (ref.id !== undefined ? r.id === ref.id : r.key === ref.key));
    if (!row || (ref.id !== undefined && ref.key !== undefined && row.key !== ref.key)) {
      throw new ReferencedResourceNotFoundError(typeId, ref.id !== undefined ? { id: ref.id } : { key: ref.key });
    }
    return row;
  });
}

/** Store identifiers → the KeyReferences a unit keeps, in order, without repeats. */
export async function resolveStores(ctx: Ctx, stores: readonly ResourceIdentifier[], field = 'stores'): Promise<KeyReference[]> {
  const rows = await resolve(
    ctx,
    'store',
    stores.map((ref, i) => ({ ref, field: `${field}[${i}]` })),
  );
  return [...new Set(rows.map((r) => r.key!))].map((key) => ({ typeId: 'store', key }));
}

/** An associate role identifier → the role's key (400 ReferencedResourceNotFound if the project has no such role). */
export async function resolveAssociateRoleKey(ctx: Ctx, ref: ResourceIdentifier, field = 'associateRole'): Promise<string> {
  const [row] = await resolve(ctx, 'associate-role', [{ ref, field }]);
  return row!.key!;
}

/** A business unit identifier (e.g. `parentUnit`) → the unit's key (400 if there is no such unit). */
export async function resolveUnitKey(ctx: Ctx, ref: ResourceIdentifier, field = 'parentUnit'): Promise<string> {
  const [row] = await resolve(ctx, 'business-unit', [{ ref, field }]);
  return row!.key!;
}

/** A customer identifier → its id (400 if there is no such customer). */
export async function resolveCustomerId(ctx: Ctx, ref: ResourceIdentifier, field = 'customer'): Promise<string> {
  const [row] = await resolve(ctx, 'customer', [{ ref, field }]);
  return row!.id;
}

/**
 * AssociateDrafts → Associates: customers as References, roles as KeyReferences, inheritance
 * `Disabled` unless given. Acting as an Associate (ctx.associateId set), only roles with
 * `buyerAssignable: true` may be assigned (facts §2.2, spec rule 3); the others need the general
 * endpoints. A customer listed twice is a DuplicateField.
 */
export async function resolveAssociates(ctx: Ctx, drafts: readonly AssociateDraft[], field = 'associates'): Promise<Associate[]> {
  const customers = await resolve(
    ctx,
    'customer',
    drafts.map((d, i) => ({ ref: d.customer, field: `${field}[${i}].customer` })),
  );
  const assignments = drafts.flatMap((d, i) =>
    d.associateRoleAssignments.map((a, j) => ({ ref: a.associateRole, field: `${field}[${i}].associateRoleAssignments[${j}].associateRole` })),
  );
  const roles = await resolve(ctx, 'associate-role', assignments, ctx.associateId !== undefined);
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
