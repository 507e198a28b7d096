import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { ReferencedResourceNotFoundError } from '../../errors/api-error.js';
import { normalizeQueryParams } from '../../query/index.js';
import { currentVariant } from '../../domains/shopping-lists/index.js';
import { MY_SHOPPING_LISTS, VIEW_CUSTOMERS } from '../field-scopes.js';
import { loadProduct, loadProductType } from '../loaders.js';
import { lookupField, orNull, queryField, queryResult, selector } from '../query-fields.js';
import { allLocales, localizedValue } from '../localized.js';

/**
 * Shopping lists over GraphQL: each root field one call into the shopping list service. A line
 * item's variant, product slug and product type are read from the product (once per request), as
 * the HTTP API's `lineItems[*].variant` / `lineItems[*].productSlug` expansions give them to anyone
 * who may read the list.
 */
export const shoppingListResolvers: Resolvers = {
  Query: {
    shoppingList: lookupField((services) => services.shoppingLists),
    shoppingLists: queryField((services) => services.shoppingLists),
  },
  Me: {
    // `me` admits manage_my_profile; the lists under it need manage_my_shopping_lists too.
    shoppingList: (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_SHOPPING_LISTS);
      return orNull(services.shoppingLists.mine.get(ctx, selector(args)));
    },
    shoppingLists: async (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_SHOPPING_LISTS);
      return queryResult(await services.shoppingLists.mine.query(ctx, normalizeQueryParams(args)));
    },
  },
  ShoppingList: {
    name: (list, args) => localizedValue(list.name, args),
    nameAllLocales: (list) => allLocales(list.name),
    description: (list, args) => localizedValue(list.description, args),
    descriptionAllLocales: (list) => allLocales(list.description),
    slug: (list, args) => localizedValue(list.slug, args),
    slugAllLocales: (list) => allLocales(list.slug),
    customerRef: (list) => list.customer ?? null,
    customer: async (list, _args, { ctx, services }) => {
      if (!list.customer) return null;
      // Another resource: its own view scope, unless it is the caller.
      if (ctx.principal?.customerId !== list.customer.id) requireScopes(ctx, VIEW_CUSTOMERS);
      return (await services.customers.repository.find(ctx, { id: list.customer.id })) ?? null;
    },
    storeRef: (list) => list.store ?? null,
    store: async (list, _args, { ctx, services }) => (list.store ? ((await services.stores.repository.find(ctx, { key: list.store.key })) ?? null) : null),
  },
  ShoppingListLineItem: {
    productTypeRef: (item) => item.productType,
    productType: async (item, _args, context) => {
      const type = await loadProductType(context, item.productType.id);
      if (!type) throw new ReferencedResourceNotFoundError('product-type', { id: item.productType.id });
      return type;
    },
    name: (item, args) => localizedValue(item.name, args),
    nameAllLocales: (item) => allLocales(item.name),
    productSlug: async (item, args, context) => localizedValue((await loadProduct(context, item.productId))?.masterData.current.slug, args),
    productSlugAllLocales: async (item, _args, context) => allLocales((await loadProduct(context, item.productId))?.masterData.current.slug),
    variant: async (item, _args, context) => {
      const product = await loadProduct(context, item.productId);
      return (product && currentVariant(product, item)) ?? null;
    },
  },
  TextLineItem: {
    name: (item, args) => localizedValue(item.name, args),
    nameAllLocales: (item) => allLocales(item.name),
    description: (item, args) => localizedValue(item.description, args),
    descriptionAllLocales: (item) => allLocales(item.description),
  },
};
