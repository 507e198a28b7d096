import type { Order } from '../../../generated/openapi/client/types.gen.js';
import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import type { RequestContext } from '../../context.js';
import { InvalidInputError } from '../../errors/api-error.js';
import { normalizeQueryParams, type PagedQueryResult, type QueryParams } from '../../query/index.js';
import { MY_ORDERS } from '../field-scopes.js';
import { orNull, queryField, queryResult } from '../query-fields.js';
import { inStore } from '../in-store.js';

type OrderLookup = { id?: string | null; orderNumber?: string | null };
type Query = (ctx: RequestContext, params: QueryParams) => Promise<PagedQueryResult<Order>>;

/** `order(id | orderNumber)`: exactly one; null when nothing matches. The orderNumber is looked up by the query engine. */
async function findOrder(ctx: RequestContext, args: OrderLookup, byId: (id: string) => Promise<Order>, query: Query): Promise<Order | null> {
  if ((args.id == null) === (args.orderNumber == null)) throw new InvalidInputError('Exactly one of id or orderNumber must be given.');
  if (args.id != null) return orNull(byId(args.id));
  const page = await query(
    ctx,
    normalizeQueryParams({ where: 'orderNumber = :orderNumber', vars: { orderNumber: [args.orderNumber!] }, limit: 1, withTotal: false }),
  );
  return page.results[0] ?? null;
}

/** Orders over GraphQL: each root field one call into the order service, as the HTTP routes do. */
export const orderResolvers: Resolvers = {
  Query: {
    order: (_root, args, { ctx, services }) =>
      findOrder(
        ctx,
        args,
        (id) => services.orders.get(ctx, { id }),
        (c, params) => services.orders.query(c, params),
      ),
    orders: queryField((services) => services.orders),
  },
  Me: {
    // `me` admits manage_my_profile; the orders under it need manage_my_orders too.
    order: (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return findOrder(
        ctx,
        args,
        (id) => services.orders.mine.get(ctx, id),
        (c, params) => services.orders.mine.query(c, params),
      );
    },
    orders: async (_me, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS);
      return queryResult(await services.orders.mine.query(ctx, normalizeQueryParams(args)));
    },
  },
  InStoreMe: {
    order: (store, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS, store.storeKey);
      const here = inStore(ctx, store.storeKey);
      return findOrder(
        here,
        args,
        (id) => services.orders.mine.get(here, id),
        (c, params) => services.orders.mine.query(c, params),
      );
    },
    orders: async (store, args, { ctx, services }) => {
      requireScopes(ctx, MY_ORDERS, store.storeKey);
      return queryResult(await services.orders.mine.query(inStore(ctx, store.storeKey), normalizeQueryParams(args)));
    },
  },
  Mutation: {
    createMyOrderFromCart: (_root, { draft, storeKey }, { ctx, services }) =>
      services.orders.createMine(inStore(ctx, storeKey), { id: draft.id, version: draft.version }),
  },
  Order: {
    cartRef: (order) => order.cart,
    storeRef: (order) => order.store ?? null,
    businessUnitRef: (order) => order.businessUnit ?? null,
    // The order's own cart: whoever may read the order may read what it was made from.
    cart: async (order, _args, { ctx, services }) => (await services.carts.repository.find(ctx, { id: order.cart.id })) ?? null,
    returnInfo: (order) => order.returnInfo ?? [],
    quoteRef: (order) => order.quote ?? null,
  },
  ShippingInfo: {
    shippingMethodRef: (info) => info.shippingMethod ?? null,
  },
  Delivery: {
    address: (delivery) => delivery.address ?? null,
  },
  Parcel: {
    items: (parcel) => parcel.items ?? [],
  },
  TrackingData: {
    isReturn: (data) => data.isReturn ?? false,
  },
  ReturnItem: {
    __resolveType: (item) => (item.type === 'CustomLineItemReturnItem' ? 'CustomLineItemReturnItem' : 'LineItemReturnItem'),
  },
};
