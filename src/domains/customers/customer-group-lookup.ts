import type { Reference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { resolveRow } from '../../resources/resource-identifiers.js';

/** Resolves a customer's customerGroup identifier to the Reference it stores. */
export type CustomerGroupLookup = (ctx: Pick<RequestContext, 'db' | 'projectKey'>, identifier: ResourceIdentifier) => Promise<Reference>;

const READ = sql('SELECT $DATA AS "data" FROM "CustomerGroup" WHERE "projectKey" = ? AND "id" = ?');

/** A customer group of the caller's project, by id or key; an unknown one is ReferencedResourceNotFound. */
export function customerGroupLookup(): CustomerGroupLookup {
  return async (ctx, identifier) => ({ typeId: 'customer-group', id: (await resolveRow(ctx, 'customer-group', identifier, 'customerGroup')).id });
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
