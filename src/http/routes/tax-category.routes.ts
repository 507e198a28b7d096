import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function taxCategoryRoutes(services: Services) {
  return versionedResourceRoutes(services.taxCategories, {
    query: 'queryTaxCategories',
    exists: 'checkTaxCategoriesExist',
    create: 'createTaxCategory',
    getById: 'getTaxCategoryById',
    existsById: 'checkTaxCategoryExistsById',
    updateById: 'updateTaxCategoryById',
    deleteById: 'deleteTaxCategoryById',
    getByKey: 'getTaxCategoryByKey',
    existsByKey: 'checkTaxCategoryExistsByKey',
    updateByKey: 'updateTaxCategoryByKey',
    deleteByKey: 'deleteTaxCategoryByKey',
  } as const);
}
