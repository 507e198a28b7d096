export { refreshFromProducts } from './cart-actions.js';
export { replicateAsAssociate } from './cart-as-associate.js';
export { DiscountCodeNonApplicableError } from './cart-discount-codes.js';
export { shippingValid } from './cart-lines.js';
export { ShippingMethodDoesNotMatchCartError } from './cart-shipping.js';
export { CartCalculator } from './cart-totals.js';
export { CartService } from './cart.service.js';
export { countApplications } from './discount-code-applications.js';
