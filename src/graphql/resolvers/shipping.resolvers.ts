import type { ShippingMethod } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { VIEW_TAX_CATEGORIES, VIEW_ZONES } from '../field-scopes.js';
import { loadTaxCategory, loadZone } from '../loaders.js';
import { localizedFields } from '../localized.js';
import { lookupField, queryField } from '../query-fields.js';

/**
 * Shipping methods over GraphQL: each root field one call into the shipping method service the HTTP
 * API uses. The tax category and the zones are other resources: reading them takes their own view
 * scope, as reading them over HTTP does.
 */
export const shippingResolvers: Resolvers = {
  Query: {
    shippingMethod: lookupField((services) => services.shippingMethods),
    shippingMethods: queryField((services) => services.shippingMethods),
  },
  ShippingMethod: {
    ...localizedFields<ShippingMethod>()('localizedName', 'localizedDescription'),
    taxCategoryRef: (method) => method.taxCategory,
    taxCategory: async (method, _args, context) => {
      requireScopes(context.ctx, VIEW_TAX_CATEGORIES);
      return (await loadTaxCategory(context, method.taxCategory.id)) ?? null;
    },
  },
  ZoneRate: {
    zoneRef: (rate) => rate.zone,
    zone: async (rate, _args, context) => {
      requireScopes(context.ctx, VIEW_ZONES);
      return (await loadZone(context, rate.zone.id)) ?? null;
    },
  },
  ShippingRatePriceTier: { __resolveType: () => 'ShippingRateCartValuePriceTier' },
};
