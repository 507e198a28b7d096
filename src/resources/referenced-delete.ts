import { withTransaction, type RequestContext } from '../context.js';
import { ReferenceExistsError } from '../errors/api-error.js';
import type { DocumentAddress, DocumentRepository, VersionedDocument } from './document-repository.js';
import { firstReferrer, type Referrer } from './referrers.js';

/**
 * Deletes the resource unless another resource still refers to it (400 ReferenceExists naming the
 * referring type, as the platform refuses it): the check and the delete share one transaction.
 * The referrers' predicates name the resource's id `:id` (and its key `:key`, for references by key).
 */
/** The variables a referrer's predicate names the resource by. */
export function referencedAs(doc: VersionedDocument & { key?: string }): { id: string[]; key?: string[] } {
  return doc.key === undefined ? { id: [doc.id] } : { id: [doc.id], key: [doc.key] };
}

export function deleteUnlessReferenced<D extends VersionedDocument>(
  ctx: RequestContext,
  repository: DocumentRepository<D>,
  at: DocumentAddress,
  version: number,
  referrers: readonly Referrer[],
  expand?: readonly string[],
): Promise<D> {
  return withTransaction(ctx, async (tx) => {
    const current = await repository.versioned(tx, at, version);
    const by = await firstReferrer(tx, referrers, referencedAs(current));
    if (by) throw new ReferenceExistsError(`Can not delete a ${repository.resource.typeId} while it is referenced by at least one ${by}.`, by);
    return repository.delete(tx, { id: current.id }, version, expand);
  });
}
