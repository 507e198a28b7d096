import type { Reference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { InvalidFieldError, ReferencedResourceNotFoundError, RequiredFieldError } from '../../errors/api-error.js';

/** Resolves a customer's customerGroup identifier to the Reference it stores. */
export type CustomerGroupLookup = (ctx: Pick<RequestContext, 'db' | 'projectKey'>, identifier: ResourceIdentifier) => Promise<Reference>;

const FIND = sql('SELECT "id" FROM "CustomerGroup" WHERE "projectKey" = ? AND ("id" = ? OR "key" = ?)');
const READ = sql('SELECT $DATA AS "data" FROM "CustomerGroup" WHERE "projectKey" = ? AND "id" = ?');

/** A customer group of the caller's project, by id or key; an unknown one is ReferencedResourceNotFound. */
export function customerGroupLookup(): CustomerGroupLookup {
  return async (ctx, identifier) => {
    if (identifier.typeId !== undefined && identifier.typeId !== 'customer-group')
      throw new InvalidFieldError('customerGroup.typeId', identifier.typeId, ['customer-group']);
    if (identifier.id === undefined && identifier.key === undefined) throw new RequiredFieldError('customerGroup.id');
    const row = await ctx.db.first<{ id: string }>(FIND[ctx.db.dialect], [ctx.projectKey, identifier.id ?? null, identifier.key ?? null]);
    if (!row) throw new ReferencedResourceNotFoundError('customer-group', identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key });
    return { typeId: 'customer-group', id: row.id };
  };
}

/** The customer group's document, for GraphQL's `customerGroup` field. */
export async function readCustomerGroup(
  ctx: Pick<RequestContext, 'db' | 'projectKey'>,
  id: string,
): Promise<{ id: string; version: number; name: string; createdAt: string; lastModifiedAt: string; key?: string } | undefined> {
  const row = await ctx.db.first<{ data: string }>(READ[ctx.db.dialect], [ctx.projectKey, id]);
  if (!row) return undefined;
  return (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as {
    id: string;
    version: number;
    name: string;
    createdAt: string;
    lastModifiedAt: string;
  };
}
