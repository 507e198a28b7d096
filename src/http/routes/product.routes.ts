import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function productRoutes(services: Services) {
  return versionedResourceRoutes(services.products, {
    query: 'queryProducts',
    exists: 'checkProductsExist',
    create: 'createProduct',
    getById: 'getProductById',
    existsById: 'checkProductExistsById',
    updateById: 'updateProductById',
    deleteById: 'deleteProductById',
    getByKey: 'getProductByKey',
    existsByKey: 'checkProductExistsByKey',
    updateByKey: 'updateProductByKey',
    deleteByKey: 'deleteProductByKey',
  } as const);
}
