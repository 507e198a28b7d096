import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function productTypeRoutes(services: Services) {
  return versionedResourceRoutes(services.productTypes, {
    query: 'queryProductTypes',
    exists: 'checkProductTypesExist',
    create: 'createProductType',
    getById: 'getProductTypeById',
    existsById: 'checkProductTypeExistsById',
    updateById: 'updateProductTypeById',
    deleteById: 'deleteProductTypeById',
    getByKey: 'getProductTypeByKey',
    existsByKey: 'checkProductTypeExistsByKey',
    updateByKey: 'updateProductTypeByKey',
    deleteByKey: 'deleteProductTypeByKey',
  } as const);
}
