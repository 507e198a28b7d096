import type { Mutation, Query } from '../../generated/graphql/types.js';
import { operations, type Operations } from '../../generated/openapi/operations.js';

/** The fields of a root type as the generated types know them (a field added to the SDL shows up here). */
type RootFields<T> = Exclude<keyof T, '__typename'>;

export const VIEW_CUSTOMERS = ['view_customers', 'manage_customers'] as const;
const MANAGE_CUSTOMERS = ['manage_customers'] as const;
export const MY_PROFILE = ['manage_my_profile'] as const;
export const VIEW_ORDERS = ['view_orders', 'manage_orders'] as const;
export const MY_ORDERS = ['manage_my_orders'] as const;
const VIEW_PRODUCTS = ['view_products', 'manage_products'] as const;
const VIEW_SHOPPING_LISTS = ['view_shopping_lists', 'manage_shopping_lists'] as const;
export const MY_SHOPPING_LISTS = ['manage_my_shopping_lists'] as const;

/** The scopes the HTTP operation accepts (openapi/): a GraphQL read of the same resource accepts exactly these. */
function asOverHttp(operationId: keyof Operations): readonly string[] {
  const operation = operations.find((op) => op.operationId === operationId);
  if (!operation) throw new Error(`no HTTP operation ${operationId}`);
  return operation.scopes;
}
export const VIEW_CATEGORIES = asOverHttp('getCategoryById');
export const VIEW_TAX_CATEGORIES = asOverHttp('getTaxCategoryById');
export const VIEW_ZONES = asOverHttp('getZoneById');
const VIEW_CHANNELS = asOverHttp('getChannelById');
const VIEW_SHIPPING_METHODS = asOverHttp('getShippingMethodById');
export const VIEW_CART_DISCOUNTS = asOverHttp('getCartDiscountById');
export const VIEW_PRODUCT_DISCOUNTS = asOverHttp('getProductDiscountById');
const VIEW_DISCOUNT_CODES = asOverHttp('getDiscountCodeById');
const VIEW_CUSTOM_OBJECTS = asOverHttp('queryCustomObjectsInContainer');

/**
 * The scopes each root field of the GraphQL API accepts, one table for the whole schema: any one of
 * them lets the caller in (`manage_project` always does), like the `security` of an HTTP operation.
 * An empty list admits any token of the project, for fields that reveal nothing.
 *
 * Every Query and Mutation field must be listed: the type-check fails when one is missing after
 * `npm run generate`, and the server refuses to start when the SDL and this table disagree
 * (src/graphql/field-guard.ts), so no field is ever served unchecked.
 */
export const fieldScopes: {
  Query: Record<RootFields<Query>, readonly string[]>;
  Mutation: Record<RootFields<Mutation>, readonly string[]>;
} = {
  Query: {
    project: ['view_project_settings', 'manage_project_settings'],
    customer: VIEW_CUSTOMERS,
    customers: VIEW_CUSTOMERS,
    me: MY_PROFILE,
    // A namespace: each of its fields checks the scopes of the store (src/graphql/resolvers/customer.resolvers.ts).
    inStore: [],
    cart: VIEW_ORDERS,
    carts: VIEW_ORDERS,
    order: VIEW_ORDERS,
    orders: VIEW_ORDERS,
    product: VIEW_PRODUCTS,
    products: VIEW_PRODUCTS,
    productType: VIEW_PRODUCTS,
    productTypes: VIEW_PRODUCTS,
    shoppingList: VIEW_SHOPPING_LISTS,
    shoppingLists: VIEW_SHOPPING_LISTS,
    category: VIEW_CATEGORIES,
    categories: asOverHttp('queryCategories'),
    taxCategory: VIEW_TAX_CATEGORIES,
    taxCategories: asOverHttp('queryTaxCategories'),
    zone: VIEW_ZONES,
    zones: asOverHttp('queryZones'),
    channel: VIEW_CHANNELS,
    channels: asOverHttp('queryChannels'),
    shippingMethod: VIEW_SHIPPING_METHODS,
    shippingMethods: asOverHttp('queryShippingMethods'),
    productDiscount: VIEW_PRODUCT_DISCOUNTS,
    productDiscounts: asOverHttp('queryProductDiscounts'),
    cartDiscount: VIEW_CART_DISCOUNTS,
    cartDiscounts: asOverHttp('queryCartDiscounts'),
    discountCode: VIEW_DISCOUNT_CODES,
    discountCodes: asOverHttp('queryDiscountCodes'),
    customObject: asOverHttp('getCustomObjectByContainerAndKey'),
    customObjects: VIEW_CUSTOM_OBJECTS,
  },
  Mutation: {
    // A placeholder that always answers null.
    _noop: [],
    customerSignUp: MANAGE_CUSTOMERS,
    customerSignIn: MANAGE_CUSTOMERS,
    customerSignMeUp: MY_PROFILE,
    customerSignMeIn: MY_PROFILE,
    updateCustomer: MANAGE_CUSTOMERS,
    updateMyCustomer: MY_PROFILE,
    deleteCustomer: MANAGE_CUSTOMERS,
    deleteMyCustomer: MY_PROFILE,
    customerChangePassword: MANAGE_CUSTOMERS,
    customerChangeMyPassword: MY_PROFILE,
    customerCreateEmailVerificationToken: MANAGE_CUSTOMERS,
    customerConfirmEmail: MANAGE_CUSTOMERS,
    customerConfirmMyEmail: MY_PROFILE,
    customerCreatePasswordResetToken: MANAGE_CUSTOMERS,
    customerResetPassword: MANAGE_CUSTOMERS,
    customerResetMyPassword: MY_PROFILE,
    createMyCart: MY_ORDERS,
    updateMyCart: MY_ORDERS,
    deleteMyCart: MY_ORDERS,
    mergeCart: asOverHttp('mergeCart'),
    createMyOrderFromCart: MY_ORDERS,
  },
};
