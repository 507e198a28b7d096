import { hasScopes } from '../auth/authorize.js';
import type { RequestContext } from '../context.js';
import { expandReferences, referenceLoader } from '../query/index.js';
import { expandableResources } from './queryable-resources.js';

/**
 * Expands the `expand` paths of response documents within the caller's project. Only types the
 * caller may read are expanded; references to other types, or to types without a table (yet), stay
 * unexpanded, which the spec allows: expansion never fails a request.
 */
export async function expandDocuments<T extends object>(ctx: RequestContext, docs: readonly T[], paths: readonly string[]): Promise<T[]> {
  if (paths.length === 0 || docs.length === 0) return [...docs];
  const principal = ctx.principal;
  const readable = expandableResources.filter((e) => principal !== undefined && hasScopes(principal, e.viewScopes, ctx.projectKey)).map((e) => e.resource);
  if (readable.length === 0) return [...docs];
  return expandReferences(docs, paths, referenceLoader(ctx.app.db, readable, ctx.projectKey));
}
