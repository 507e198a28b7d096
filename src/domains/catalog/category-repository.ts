import type { Category } from '../../../generated/openapi/client/types.gen.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { categoryResource } from '../../resources/queryable-resources.js';

/**
 * The stored categories. Shared by the category service and by what references categories
 * (products), which resolve them here; the repository holds no state, only its table's statements.
 */
export const categoryRepository = new DocumentRepository<Category>({
  resource: categoryResource,
  extraColumns: { names: ['parentId'], values: (doc) => ({ parentId: doc.parent?.id ?? null }) },
});
