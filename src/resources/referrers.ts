import type { RequestContext } from '../context.js';
import { resourceExists, type PredicateVariables, type QueryableResource } from '../query/index.js';

/**
 * A kind of resource that can reference another (a tax category, a channel, a state): the resource, and
 * the predicate that matches the documents that do, with `:id` for the referenced resource's id.
 */
export interface Referrer {
  resource: QueryableResource;
  where: string;
}

export function referrer(resource: QueryableResource, where: string): Referrer {
  return { resource, where };
}

/** The type id of the first kind of resource that references it (`vars` name it), if any does. */
export async function firstReferrer(ctx: RequestContext, referrers: readonly Referrer[], vars: PredicateVariables): Promise<string | undefined> {
  for (const { resource, where } of referrers) {
    if (await resourceExists(ctx.db, resource, { where: [where], vars }, { projectKey: ctx.projectKey })) return resource.typeId;
  }
  return undefined;
}
