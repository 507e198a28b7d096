import type { Cart } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { ResourceNotFoundError } from '../../errors/api-error.js';
import { normalizeQueryParams, type PagedQueryResult } from '../../query/index.js';
import { ownerOf } from '../../services/cart-owner.js';
import { myCartActions, myCartDraft } from '../cart-inputs.js';
import { MY_ORDERS } from '../field-scopes.js';

type Localized = Record<string, string>;

/** `name(locale)`: the value in that locale, or without one the first locale's. */
const localized = (value: Localized, locale?: string | null) => (locale ? (value[locale] ?? null) : (Object.values(value)[0] ?? null));
const allLocales = (value: Localized) => Object.entries(value).map(([locale, text]) => ({ locale, value: text }));
const page = (result: PagedQueryResult<Cart>) => ({ ...result, total: result.total ?? result.count });

/** Null instead of 404 for a lookup field, as the platform's GraphQL answers an unknown id. */
async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof ResourceNotFoundError) return null;
    throw err;
  }
}

/** Carts over GraphQL: each field one call into the cart service, as the HTTP routes do. */
export const cartResolvers: Resolvers = {
  Query: {
    cart: (_root, args, { ctx, services }) => orNull(services.carts.get(ctx, { id: args.id })),
    carts: async (_root, args, { ctx, services }) => page(await services.carts.query(ctx, normalizeQueryParams(args))),
  },
  Me: {
    // `me` admits manage_my_profile; the carts under it need manage_my_orders too.
    activeCart: async (_me, _args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return (await services.carts.activeCart(ctx, ownerOf(ctx))) ?? null;
    },
    cart: (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return orNull(services.carts.getMine(ctx, args.id));
    },
    carts: async (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return page(await services.carts.queryMine(ctx, normalizeQueryParams(args)));
    },
  },
  Mutation: {
    createMyCart: (_root, { draft }, { ctx, services }) => services.carts.createMine(ctx, myCartDraft(draft)),
    updateMyCart: (_root, args, { ctx, services }) => services.carts.updateMine(ctx, args.id, { version: args.version, actions: myCartActions(args.actions) }),
  },
  BaseMoney: {
    __resolveType: (money) => (money.type === 'highPrecision' ? 'HighPrecisionMoney' : 'Money'),
  },
  LineItem: {
    name: (item, args) => localized(item.name, args.locale),
    nameAllLocales: (item) => allLocales(item.name),
  },
  CustomLineItem: {
    name: (item, args) => localized(item.name, args.locale),
    nameAllLocales: (item) => allLocales(item.name),
  },
};
