export { ReviewService } from './review.service.js';
