import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { normalizeQueryParams } from '../../query/index.js';
import { ownerOf } from '../../resources/views/owner.js';
import { myCartActions, myCartDraft } from '../cart-inputs.js';
import { withoutNulls } from '../customer-inputs.js';
import { inStore } from '../in-store.js';
import { MY_ORDERS } from '../field-scopes.js';
import { orNull, queryField, queryResult } from '../query-fields.js';
import { allLocales, localizedValue } from '../localized.js';

/** Carts over GraphQL: each field one call into the cart service, as the HTTP routes do. */
export const cartResolvers: Resolvers = {
  Query: {
    cart: (_root, args, { ctx, services }) => orNull(services.carts.get(ctx, { id: args.id })),
    carts: queryField((services) => services.carts),
  },
  Me: {
    // `me` admits manage_my_profile; the carts under it need manage_my_orders too.
    activeCart: async (_me, _args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return (await services.carts.activeCart(ctx, await ownerOf(ctx))) ?? null;
    },
    cart: (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return orNull(services.carts.mine.get(ctx, args.id));
    },
    carts: async (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return queryResult(await services.carts.mine.query(ctx, normalizeQueryParams(args)));
    },
  },
  InStoreMe: {
    // inStore.me admits manage_my_profile (of the project or the store); its carts need manage_my_orders too.
    activeCart: async (store, _args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS, store.storeKey);
      return (await services.carts.activeCart(ctx, await ownerOf(ctx), store.storeKey)) ?? null;
    },
    cart: (store, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS, store.storeKey);
      return orNull(services.carts.mine.get(inStore(ctx, store.storeKey), args.id));
    },
    carts: async (store, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS, store.storeKey);
      return queryResult(await services.carts.mine.query(inStore(ctx, store.storeKey), normalizeQueryParams(args)));
    },
  },
  Mutation: {
    createMyCart: (_root, { draft, storeKey }, { ctx, services }) => services.carts.createMine(inStore(ctx, storeKey), myCartDraft(draft)),
    updateMyCart: (_root, args, { ctx, services }) =>
      services.carts.updateMine(inStore(ctx, args.storeKey), args.id, { version: args.version, actions: myCartActions(args.actions) }),
    deleteMyCart: (_root, args, { ctx, services }) => services.carts.deleteMine(inStore(ctx, args.storeKey), args.id, args.version),
    mergeCart: (_root, { customerId, draft, storeKey }, { ctx, services }) => services.mergeCart(inStore(ctx, storeKey), customerId, withoutNulls(draft)),
  },
  BaseMoney: {
    __resolveType: (money) => (money.type === 'highPrecision' ? 'HighPrecisionMoney' : 'Money'),
  },
  Cart: {
    customerGroupRef: (cart) => cart.customerGroup ?? null,
    storeRef: (cart) => cart.store ?? null,
    businessUnitRef: (cart) => cart.businessUnit ?? null,
  },
  LineItem: {
    name: (item, args) => localizedValue(item.name, args),
    nameAllLocales: (item) => allLocales(item.name),
    productSlug: (item, args) => localizedValue(item.productSlug, args),
    productSlugAllLocales: (item) => allLocales(item.productSlug),
    productTypeRef: (item) => item.productType,
  },
  CustomLineItem: {
    name: (item, args) => localizedValue(item.name, args),
    nameAllLocales: (item) => allLocales(item.name),
  },
};
