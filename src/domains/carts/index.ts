export { refreshFromProducts } from './cart-actions.js';
export { replicateAsAssociate } from './cart-as-associate.js';
export { shippingValid } from './cart-lines.js';
export { CartCalculator } from './cart-totals.js';
export { CartService } from './cart.service.js';
export { countApplications } from './discount-code-applications.js';
