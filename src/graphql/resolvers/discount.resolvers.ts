import type { CartDiscount, DiscountCode, ProductDiscount } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { VIEW_CART_DISCOUNTS, VIEW_PRODUCT_DISCOUNTS } from '../field-scopes.js';
import { loadCartDiscount, loadProductDiscount } from '../loaders.js';
import { localizedFields } from '../localized.js';
import { lookupField, queryField } from '../query-fields.js';

const VALUE_TYPES = {
  relative: 'RelativeDiscountValue',
  absolute: 'AbsoluteDiscountValue',
  fixed: 'FixedPriceDiscountValue',
  external: 'ExternalDiscountValue',
} as const;
const TARGET_TYPES = {
  lineItems: 'LineItemsTarget',
  customLineItems: 'CustomLineItemsTarget',
  shipping: 'ShippingTarget',
  totalPrice: 'TotalPriceTarget',
} as const;

/**
 * Product discounts, cart discounts and discount codes over GraphQL: each root field one call into the
 * service the HTTP API uses. A code's cart discounts and a price's discount are other resources:
 * reading them takes their view scope.
 */
export const discountResolvers: Resolvers = {
  Query: {
    productDiscount: lookupField((services) => services.productDiscounts),
    productDiscounts: queryField((services) => services.productDiscounts),
    cartDiscount: lookupField((services) => services.cartDiscounts),
    cartDiscounts: queryField((services) => services.cartDiscounts),
    discountCode: lookupField((services) => services.discountCodes),
    discountCodes: queryField((services) => services.discountCodes),
  },
  CartDiscount: {
    ...localizedFields<CartDiscount>()('name', 'description'),
    referenceRefs: (discount) => discount.references,
    storesRef: (discount) => discount.stores ?? [],
    discountGroupRef: (discount) => discount.discountGroup ?? null,
  },
  CartDiscountValue: { __resolveType: (value) => VALUE_TYPES[value.type] },
  ProductDiscount: {
    ...localizedFields<ProductDiscount>()('name', 'description'),
    referenceRefs: (discount) => discount.references,
  },
  ProductDiscountValue: { __resolveType: (value) => VALUE_TYPES[value.type] },
  DiscountedProductPriceValue: {
    discountRef: (discounted) => discounted.discount,
    discount: async (discounted, _args, context) => {
      requireScopes(context.ctx, VIEW_PRODUCT_DISCOUNTS);
      return (await loadProductDiscount(context, discounted.discount.id)) ?? null;
    },
  },
  CartDiscountTarget: { __resolveType: (target) => TARGET_TYPES[target.type] },
  DiscountCode: {
    ...localizedFields<DiscountCode>()('name', 'description'),
    cartDiscountRefs: (code) => code.cartDiscounts,
    cartDiscounts: async (code, _args, context) => {
      requireScopes(context.ctx, VIEW_CART_DISCOUNTS);
      const discounts = await Promise.all(code.cartDiscounts.map((ref) => loadCartDiscount(context, ref.id)));
      return discounts.filter((d): d is CartDiscount => d !== undefined);
    },
    referenceRefs: (code) => code.references,
  },
};
