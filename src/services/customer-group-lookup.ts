import type { Reference, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { sql } from '../db/statements.js';
import { InvalidFieldError, ReferencedResourceNotFoundError, RequiredFieldError } from '../errors/api-error.js';

/** Resolves a customer's customerGroup identifier to the Reference it stores. */
export type CustomerGroupLookup = (ctx: Pick<RequestContext, 'db' | 'projectKey'>, identifier: ResourceIdentifier) => Promise<Reference>;

const TABLE_EXISTS = {
  sqlite: 'SELECT 1 AS "found" FROM sqlite_master WHERE type = \'table\' AND name = \'CustomerGroup\'',
  postgresql: 'SELECT 1 AS "found" FROM information_schema.tables WHERE table_schema = current_schema() AND table_name = \'CustomerGroup\'',
};
const FIND = sql('SELECT "id" FROM "CustomerGroup" WHERE "projectKey" = ? AND ("id" = ? OR "key" = ?)');

/**
 * Customer groups are built in their own branch. Until their table exists a reference by id is
 * stored as given (it cannot be checked) and one by key is refused (it cannot be resolved to an id);
 * once the table exists the group must exist. TODO(merge): use the customer group service instead.
 */
export function customerGroupLookup(): CustomerGroupLookup {
  let tableExists: boolean | undefined;
  return async (ctx, identifier) => {
    if (identifier.typeId !== undefined && identifier.typeId !== 'customer-group') throw new InvalidFieldError('customerGroup.typeId', identifier.typeId, ['customer-group']);
    if (identifier.id === undefined && identifier.key === undefined) throw new RequiredFieldError('customerGroup.id');
    tableExists ??= (await ctx.db.first(TABLE_EXISTS[ctx.db.dialect])) !== undefined;
    if (!tableExists) {
      if (identifier.id === undefined) throw new ReferencedResourceNotFoundError('customer-group', { key: identifier.key });
      return { typeId: 'customer-group', id: identifier.id };
    }
    const row = await ctx.db.first<{ id: string }>(FIND[ctx.db.dialect], [ctx.projectKey, identifier.id ?? null, identifier.key ?? null]);
    if (!row) throw new ReferencedResourceNotFoundError('customer-group', identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key });
    return { typeId: 'customer-group', id: row.id };
  };
}

const READ = sql('SELECT $DATA AS "data" FROM "CustomerGroup" WHERE "projectKey" = ? AND "id" = ?');

/** The customer group's document when the table exists and holds it. TODO(merge): the customer group service. */
export async function readCustomerGroup(ctx: Pick<RequestContext, 'db' | 'projectKey'>, id: string): Promise<{ id: string; version: number; name: string; createdAt: string; lastModifiedAt: string; key?: string } | undefined> {
  if ((await ctx.db.first(TABLE_EXISTS[ctx.db.dialect])) === undefined) return undefined;
  const row = await ctx.db.first<{ data: string }>(READ[ctx.db.dialect], [ctx.projectKey, id]);
  return row ? (JSON.parse(row.data) as { id: string; version: number; name: string; createdAt: string; lastModifiedAt: string }) : undefined;
}
