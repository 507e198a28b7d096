import type { Services } from '../../composition.js';
import { versionedResourceRoutes } from './versioned-resource.routes.js';

export function reviewRoutes(services: Services) {
  return versionedResourceRoutes(services.reviews, {
    query: 'queryReviews',
    exists: 'checkReviewsExist',
    create: 'createReview',
    getById: 'getReviewById',
    existsById: 'checkReviewExistsById',
    updateById: 'updateReviewById',
    deleteById: 'deleteReviewById',
    getByKey: 'getReviewByKey',
    existsByKey: 'checkReviewExistsByKey',
    updateByKey: 'updateReviewByKey',
    deleteByKey: 'deleteReviewByKey',
  } as const);
}
