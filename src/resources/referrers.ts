import type { RequestContext } from '../context.js';
import type { PredicateVariables } from '../query/index.js';
import type { DocumentRepository, VersionedDocument } from './document-repository.js';

/**
 * A kind of resource that can reference something (a Type, a channel): its repository, and the
 * predicate that matches the resources that do, written with a variable for what is referenced.
 */
export interface Referrer {
  repository: DocumentRepository<VersionedDocument>;
  where: string;
}

export function referrer<D extends VersionedDocument>(repository: DocumentRepository<D>, where: string): Referrer {
  // Sound: the only documents handed back to this repository (replace) are ones it has just read.
  return { repository: repository as unknown as DocumentRepository<VersionedDocument>, where };
}

/** The type id of the first kind of resource that references it (`vars` name it), if any does. */
export async function firstReferrer(ctx: RequestContext, referrers: readonly Referrer[], vars: PredicateVariables): Promise<string | undefined> {
  for (const { repository, where } of referrers) {
    if (await repository.anyMatches(ctx, { where: [where], vars })) return repository.resource.typeId;
  }
  return undefined;
}
