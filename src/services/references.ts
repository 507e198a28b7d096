import type { Reference, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../context.js';
import { InvalidFieldError, ReferencedResourceNotFoundError, ReferenceExistsError, RequiredFieldError } from '../errors/api-error.js';
import type { DocumentAddress, DocumentRepository, VersionedDocument } from './document-repository.js';

/**
 * A ResourceIdentifier of a draft or update action (by id or by key) resolved in the caller's
 * project to the Reference a resource stores, with the referenced document. `field` names the
 * identifier in errors: a wrong typeId is InvalidField, one naming nothing ReferencedResourceNotFound.
 */
export async function resolveReference<D extends VersionedDocument>(
  ctx: RequestContext,
  repository: DocumentRepository<D>,
  identifier: ResourceIdentifier,
  field: string,
): Promise<{ reference: Reference; doc: D }> {
  const typeId = repository.resource.typeId;
  if (identifier.typeId !== undefined && identifier.typeId !== typeId) throw new InvalidFieldError(`${field}.typeId`, identifier.typeId, [typeId]);
  if (identifier.id === undefined && identifier.key === undefined) throw new RequiredFieldError(`${field}.id`);
  const doc = await repository.find(ctx, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key! });
  if (!doc || (identifier.key !== undefined && doc.key !== identifier.key)) {
    throw new ReferencedResourceNotFoundError(typeId, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key });
  }
  return { reference: { typeId, id: doc.id }, doc };
}

/** A kind of resource that can refer to another: its repository and the predicate (on `:id`) of its referring documents. */
export interface Referrer {
  repository: DocumentRepository<VersionedDocument>;
  where: string;
}

export function referrer<D extends VersionedDocument>(repository: DocumentRepository<D>, where: string): Referrer {
  // Sound: the repository is only asked whether a document matches.
  return { repository: repository as unknown as DocumentRepository<VersionedDocument>, where };
}

/**
 * Deletes the resource unless another resource still refers to it (400 ReferenceExists naming the
 * referring type, as the platform refuses it): the check and the delete share one transaction.
 */
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
    for (const { repository: other, where } of referrers) {
      if (await other.anyMatches(tx, { where: [where], vars: { id: [current.id] } })) {
        const typeId = repository.resource.typeId;
        const by = other.resource.typeId;
        throw new ReferenceExistsError(`Can not delete a ${typeId} while it is referenced by at least one ${by}.`, by);
      }
    }
    return repository.delete(tx, { id: current.id }, version, expand);
  });
}
