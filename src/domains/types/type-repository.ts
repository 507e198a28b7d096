import type { Type } from '../../../generated/openapi/client/types.gen.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { typeResource } from '../../resources/queryable-resources.js';

/**
 * The stored custom-field types. Shared by the type service and by custom-fields.ts, which resolves
 * the Type named in a resource's `custom` (the repository holds no state, only its table's statements).
 */
export const typeRepository = new DocumentRepository<Type>({ resource: typeResource });
