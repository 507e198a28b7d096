import type { Cart, DiscountCode, Order, OrderFromCartDraft } from '../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../context.js';
import { DuplicateFieldError, InvalidOperationError, RequiredFieldError } from '../errors/api-error.js';
import type { PagedQueryResult, QueryParams } from '../query/index.js';
import type { CartService } from './cart.service.js';
import { inRequestStore, ownerCondition, ownerOf, owns, storeCondition } from './cart-owner.js';
import { DocumentRepository } from './document-repository.js';
import { orderResource } from './queryable-resources.js';
import { checkVersion, notFound } from './versioning.js';
import { DiscountCodeNonApplicableError } from './cart-discount-codes.js';
import { ShippingMethodDoesNotMatchCartError } from './cart-shipping.js';
import { countApplications } from './discount-code-applications.js';
import { ordersAsAssociate } from './order-as-associate.js';

/**
 * Orders, minimal: an order is a snapshot of an Active cart at the version the client saw; the cart
 * becomes Ordered in the same transaction, so a cart is ordered at most once. The cart's discount
 * codes count one application each in that transaction too.
 */
export class OrderService {
  readonly repository = new DocumentRepository<Order>({
    resource: orderResource,
    extraColumns: {
      names: ['customerId', 'anonymousId', 'cartId', 'storeKey', 'businessUnitKey'],
      values: (doc) => ({
        customerId: doc.customerId ?? null,
        anonymousId: doc.anonymousId ?? null,
        cartId: doc.cart.id,
        storeKey: doc.store?.key ?? null,
        businessUnitKey: doc.businessUnit?.key ?? null,
      }),
    },
    uniqueRules: (doc) => [{ model: 'Order', fields: ['projectKey', 'cartId'], error: () => new DuplicateFieldError('cart', doc.cart.id) }],
  });

  get businessUnits(): CartService['businessUnits'] {
    return this.carts.businessUnits;
  }

  constructor(
    private readonly carts: CartService,
    private readonly discountCodes: DocumentRepository<DiscountCode>,
  ) {}

  /** The Associate Orders' view: the orders of the path's business unit, as the path's associate may see and make them. */
  readonly asAssociate = ordersAsAssociate(this);

  /**
   * Orders the cart the draft names. On an in-store request only a cart of the store can be ordered;
   * `admit` refuses the carts a caller may not order (see `ownCartsOnly`), in the transaction.
   */
  createFromCart(ctx: RequestContext, draft: OrderFromCartDraft, admit?: CartAdmission): Promise<Order> {
    const cartId = draft.cart?.id ?? draft.id;
    if (cartId === undefined) throw new RequiredFieldError('cart');
    return withTransaction(ctx, async (tx) => {
      const cart = await this.carts.repository.find(tx, { id: cartId });
      if (!cart || !inRequestStore(tx.storeKey, cart)) throw notFound({ id: cartId });
      if (admit) await admit(tx, cart);
      checkVersion(cart.id, draft.version, cart.version);
      if (cart.cartState !== 'Active') throw new InvalidOperationError(`The cart is ${cart.cartState}: only an Active cart can be ordered.`);
      checkOrderable(cart);
      const codes = await this.discountCodes.findMany(tx, cart.discountCodes.map((info) => info.discountCode.id));
      await countApplications(tx, cart, codes);
      const order = await this.repository.create(tx, snapshot(cart, draft.orderNumber));
      await this.carts.repository.replace(tx, cart, { ...structuredClone(cart), cartState: 'Ordered' });
      return order;
    });
  }

  /** An order by id; on an in-store request, one of another store (or of none) is 404. */
  async get(ctx: RequestContext, id: string): Promise<Order> {
    const order = await this.repository.get(ctx, { id });
    if (!inRequestStore(ctx.storeKey, order)) throw notFound({ id });
    return order;
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Order>> {
    return this.repository.query(ctx, params, ctx.storeKey === undefined ? undefined : storeCondition(ctx.db.dialect, ctx.storeKey));
  }

  /** One of the caller's orders; another's (or, on an in-store request, one of another store) is 404. */
  async getMine(ctx: RequestContext, id: string): Promise<Order> {
    const order = await this.repository.find(ctx, { id });
    if (!order || !owns(ownerOf(ctx), order) || !inRequestStore(ctx.storeKey, order)) throw notFound({ id });
    return order;
  }

  queryMine(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Order>> {
    return this.repository.query(ctx, params, ownerCondition(ctx.db.dialect, ownerOf(ctx), ctx.storeKey));
  }
}

/** A check of the cart an order is made from, before anything is written (it throws to refuse the cart). */
export type CartAdmission = (tx: RequestContext, cart: Cart) => void | Promise<void>;

/** /me: the caller's own carts only; another's is 404 as if it did not exist. */
export const ownCartsOnly: CartAdmission = (tx, cart) => {
  if (!owns(ownerOf(tx), cart)) throw notFound({ id: cart.id });
};

function snapshot(cart: Cart, orderNumber: string | undefined): Omit<Order, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'> {
  return {
    ...(orderNumber !== undefined ? { orderNumber } : {}),
    ...(cart.customerId !== undefined ? { customerId: cart.customerId } : {}),
    ...(cart.customerEmail !== undefined ? { customerEmail: cart.customerEmail } : {}),
    ...(cart.anonymousId !== undefined ? { anonymousId: cart.anonymousId } : {}),
    ...(cart.store ? { store: cart.store } : {}),
    ...(cart.businessUnit ? { businessUnit: cart.businessUnit } : {}),
    ...(cart.locale !== undefined ? { locale: cart.locale } : {}),
    lineItems: cart.lineItems,
    customLineItems: cart.customLineItems,
    totalPrice: cart.totalPrice,
    ...(cart.taxedPrice ? { taxedPrice: cart.taxedPrice } : {}),
    ...(cart.taxedShippingPrice ? { taxedShippingPrice: cart.taxedShippingPrice } : {}),
    ...(cart.discountOnTotalPrice ? { discountOnTotalPrice: cart.discountOnTotalPrice } : {}),
    taxMode: cart.taxMode,
    taxRoundingMode: cart.taxRoundingMode,
    taxCalculationMode: cart.taxCalculationMode,
    ...(cart.shippingInfo ? { shippingInfo: cart.shippingInfo } : {}),
    discountCodes: cart.discountCodes,
    orderState: 'Open',
    origin: cart.origin,
    ...(cart.country !== undefined ? { country: cart.country } : {}),
    ...(cart.shippingAddress ? { shippingAddress: cart.shippingAddress } : {}),
    ...(cart.billingAddress ? { billingAddress: cart.billingAddress } : {}),
    itemShippingAddresses: cart.itemShippingAddresses,
    cart: { typeId: 'cart', id: cart.id },
  };
}

/**
 * What the platform refuses to order: a shipping method whose predicate no longer matches, a
 * discount code that does not apply.
 */
function checkOrderable(cart: Cart): void {
  if (cart.shippingInfo?.shippingMethodState === 'DoesNotMatchCart') throw new ShippingMethodDoesNotMatchCartError();
  const code = cart.discountCodes.find((c) => c.state !== 'MatchesCart');
  if (code) throw new DiscountCodeNonApplicableError(code.discountCode.id, 'NotApplicable', { discountCodeId: code.discountCode.id });
}
