export { CartDiscountService } from './cart-discount.service.js';
export { DiscountCodeService } from './discount-code.service.js';
export { DiscountGroupService } from './discount-group.service.js';
export { ProductDiscountService } from './product-discount.service.js';
export type { ProductDiscountEvents } from './product-discount.service.js';
