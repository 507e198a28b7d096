import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function categoryRoutes(services: Services) {
  return versionedResourceRoutes(services.categories, {
    query: 'queryCategories',
    exists: 'checkCategoriesExist',
    create: 'createCategory',
    getById: 'getCategoryById',
    existsById: 'checkCategoryExistsById',
    updateById: 'updateCategoryById',
    deleteById: 'deleteCategoryById',
    getByKey: 'getCategoryByKey',
    existsByKey: 'checkCategoryExistsByKey',
    updateByKey: 'updateCategoryByKey',
    deleteByKey: 'deleteCategoryByKey',
  } as const);
}
