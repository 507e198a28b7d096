import type { Resolvers } from '../../../generated/graphql/types.js';
import { lookupField, queryField } from '../query-fields.js';

/** Tax categories and zones over GraphQL: each root field one call into the service the HTTP API uses. */
export const taxResolvers: Resolvers = {
  Query: {
    taxCategory: lookupField((services) => services.taxCategories),
    taxCategories: queryField((services) => services.taxCategories),
    zone: lookupField((services) => services.zones),
    zones: queryField((services) => services.zones),
  },
  TaxRate: {
    subRates: (rate) => rate.subRates ?? [],
  },
};
