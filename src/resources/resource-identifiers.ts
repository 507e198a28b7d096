import type { Reference, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { InvalidFieldError, ReferencedResourceNotFoundError, RequiredFieldError } from '../errors/api-error.js';
import type { DocumentRepository, VersionedDocument } from './document-repository.js';

/**
 * The resource a ResourceIdentifier names in the caller's project, from the repository of its type:
 * `typeId`, when given, must be that type's; the id decides when both id and key are given, and the
 * key must then agree. Nothing found is 400 ReferencedResourceNotFound.
 */
export async function resolveIdentifier<D extends VersionedDocument>(
  ctx: Pick<RequestContext, 'db' | 'projectKey'>,
  repository: DocumentRepository<D>,
  identifier: ResourceIdentifier,
  field: string,
): Promise<D> {
  const typeId = repository.resource.typeId;
  if (identifier.typeId !== undefined && identifier.typeId !== typeId) throw new InvalidFieldError(`${field}.typeId`, identifier.typeId, [typeId]);
  if (identifier.id === undefined && identifier.key === undefined) throw new RequiredFieldError(`${field}.id`);
  const found = await repository.find(ctx, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key! });
  if (!found || (identifier.id !== undefined && identifier.key !== undefined && identifier.key !== found.key)) {
    throw new ReferencedResourceNotFoundError(typeId, identifier.id !== undefined ? { id: identifier.id } : { key: identifier.key });
  }
  return found;
}

/** The Reference (`{typeId, id}`) a resource stores for an identifier of its draft or update action. */
export async function resolveReference<D extends VersionedDocument>(
  ctx: Pick<RequestContext, 'db' | 'projectKey'>,
  repository: DocumentRepository<D>,
  identifier: ResourceIdentifier,
  field: string,
): Promise<Reference> {
  return { typeId: repository.resource.typeId, id: (await resolveIdentifier(ctx, repository, identifier, field)).id };
}
