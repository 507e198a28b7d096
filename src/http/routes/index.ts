import type { AppServices } from '../../context.js';
import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { apiClientRoutes } from './api-client.routes.js';
import { associateRoleRoutes } from './associate-role.routes.js';
import { customerGroupRoutes } from './customer-group.routes.js';
import { businessUnitRoutes } from './business-unit.routes.js';
import { customerRoutes } from './customer.routes.js';
import { graphqlRoutes } from './graphql.routes.js';
import { healthRoutes } from './health.routes.js';
import { projectRoutes } from './project.routes.js';
import { storeRoutes } from './store.routes.js';
import { typeRoutes } from './type.routes.js';
import { cartRoutes } from './cart.routes.js';
import { meCartRoutes } from './me-cart.routes.js';
import { orderRoutes } from './order.routes.js';
import { productTypeRoutes } from './product-type.routes.js';
import { productRoutes } from './product.routes.js';
import { myShoppingListRoutes, shoppingListRoutes } from './shopping-list.routes.js';
import { taxCategoryRoutes } from './tax-category.routes.js';
import { zoneRoutes } from './zone.routes.js';
import { shippingMethodRoutes } from './shipping-method.routes.js';
import { cartDiscountRoutes } from './cart-discount.routes.js';
import { productDiscountRoutes } from './product-discount.routes.js';
import { standalonePriceRoutes } from './standalone-price.routes.js';
import { attributeGroupRoutes } from './attribute-group.routes.js';
import { reviewRoutes } from './review.routes.js';
import { discountGroupRoutes } from './discount-group.routes.js';
import { recurrencePolicyRoutes } from './recurrence-policy.routes.js';
import { paymentMethodRoutes } from './payment-method.routes.js';
import { discountCodeRoutes } from './discount-code.routes.js';
import { categoryRoutes } from './category.routes.js';
import { channelRoutes } from './channel.routes.js';
import { customObjectRoutes } from './custom-object.routes.js';
import { productProjectionRoutes } from './product-projection.routes.js';
import { myPaymentRoutes, paymentRoutes } from './payment.routes.js';
import { stateRoutes } from './state.routes.js';
import { inventoryRoutes } from './inventory.routes.js';
import { quoteRoutes } from './quote.routes.js';
import { approvalRoutes } from './approval.routes.js';

/** Every operation of openapi/ mapped to its handler; the type-check fails if one is missing. */
export function allHandlers(app: AppServices, services: Services): Handlers {
  return {
    ...healthRoutes(app),
    ...projectRoutes(services),
    ...apiClientRoutes(services),
    ...customerRoutes(services),
    ...graphqlRoutes(services),
    ...storeRoutes(services),
    ...associateRoleRoutes(services),
    ...customerGroupRoutes(services),
    ...typeRoutes(services),
    ...businessUnitRoutes(services),
    ...productTypeRoutes(services),
    ...productRoutes(services),
    ...cartRoutes(services),
    ...meCartRoutes(services),
    ...orderRoutes(services),
    ...shoppingListRoutes(services),
    ...myShoppingListRoutes(services),
    ...taxCategoryRoutes(services),
    ...zoneRoutes(services),
    ...shippingMethodRoutes(services),
    ...productDiscountRoutes(services),
    ...standalonePriceRoutes(services),
    ...attributeGroupRoutes(services),
    ...reviewRoutes(services),
    ...discountGroupRoutes(services),
    ...recurrencePolicyRoutes(services),
    ...paymentMethodRoutes(services),
    ...cartDiscountRoutes(services),
    ...discountCodeRoutes(services),
    ...categoryRoutes(services),
    ...channelRoutes(services),
    ...customObjectRoutes(services),
    ...productProjectionRoutes(services),
    ...paymentRoutes(services),
    ...myPaymentRoutes(services),
    ...stateRoutes(services),
    ...inventoryRoutes(services),
    ...quoteRoutes(services),
    ...approvalRoutes(services),
  };
}
