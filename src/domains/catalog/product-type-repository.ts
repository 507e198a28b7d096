import type { ProductType } from '../../../generated/openapi/client/types.gen.js';
import { DocumentRepository } from '../../resources/document-repository.js';
import { productTypeResource } from '../../resources/queryable-resources.js';

/** The stored product types. Shared by the product type service and by products, which read their type's attribute definitions. */
export const productTypeRepository = new DocumentRepository<ProductType>({ resource: productTypeResource });
