import type { TaxCategory } from '../../../generated/openapi/client/types.gen.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { taxCategoryResource } from '../../resources/queryable-resources.js';

/**
 * The stored tax categories. Shared by the tax category service and by the products, which name
 * one in their draft and in setTaxCategory (the repository holds no state, only its statements).
 */
export const taxCategoryRepository = new DocumentRepository<TaxCategory>({ resource: taxCategoryResource });
