import type { Cart, DiscountCode, Order, OrderFromCartDraft, OrderUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import { DuplicateFieldError, InvalidOperationError, RequiredFieldError } from '../../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../../query/index.js';
import { type CartService, countApplications } from '../carts/index.js';
import { inRequestStore, ownDocuments, ownerOf, owns, storeCondition } from '../../resources/views/owner.js';
import { customFieldsFromDraft } from '../types/index.js';
import { DocumentRepository, type DocumentAddress } from '../../resources/document-repository.js';
import { orderActions } from './order-actions.js';
import { stateOfType } from '../states/index.js';
import { takeStock } from '../catalog/index.js';
import { orderResource } from '../../resources/queryable-resources.js';
import { checkVersion, notFound } from '../../resources/versioning.js';
import { DiscountCodeNonApplicableError, ShippingMethodDoesNotMatchCartError } from '../../errors/commerce-errors.js';
import { ORDERS_CREATE, ordersAsAssociate } from './order-as-associate.js';
import { assertCustomerMayInUnit } from '../business-units/index.js';
import type { CartAdmission, OrderApprovals, OrderFollowUp } from './order-steps.js';

type Update = { version: number; actions: readonly OrderUpdateAction[] };

/**
 * Orders: an order is a snapshot of an Active cart at the version the client saw; the cart becomes
 * Ordered in the same transaction, so a cart is ordered at most once. The cart's discount codes count
 * one application each in that transaction too. Afterwards the merchant moves it through its states
 * and corrects its own fields (order-actions.ts); nothing reprices it.
 *
 * Every operation reads the store of an in-store request from the context: there an order of another
 * store, or of none, is 404 as if it did not exist (so the same service serves the route factory for
 * /orders and /in-store/key={storeKey}/orders).
 */
export class OrderService {
  readonly repository = new DocumentRepository<Order>({
    resource: orderResource,
    // The order number is unique in the project: it lives in the table's unique key column.
    keyField: 'orderNumber',
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

  /** `approvals`: starts an order's approval flow when the unit's approval rules apply (the approvals domain). */
  constructor(
    private readonly carts: CartService,
    private readonly discountCodes: DocumentRepository<DiscountCode>,
    readonly approvals: OrderApprovals,
  ) {}

  private readonly actions = orderActions(() => this.businessUnits);

  /** The caller's own orders (/me), in the request's store if there is one. */
  readonly mine = ownDocuments(this.repository);

  /** The Associate Orders' view: the orders of the path's business unit, as the path's associate may see, make and change them. */
  readonly asAssociate = ordersAsAssociate(this);

  /**
   * POST /me/orders: one of the caller's own carts. A cart of a business unit is ordered as the
   * customer acting as the unit's associate: with CreateMyOrdersFromMyCarts there (403
   * AssociateMissingPermission without it), and into the unit's approval flow when its rules ask for
   * one, as the as-associate endpoint orders it.
   */
  createMine(ctx: RequestContext, draft: OrderFromCartDraft, expand?: readonly string[]): Promise<Order> {
    let requester: string | undefined;
    const admit: CartAdmission = async (tx, cart) => {
      await ownCartsOnly(tx, cart);
      if (!cart.businessUnit || cart.customerId === undefined) return;
      await assertCustomerMayInUnit(tx, this.businessUnits, cart.businessUnit.key, cart.customerId, ORDERS_CREATE);
      requester = cart.customerId;
    };
    return this.createFromCart(ctx, draft, admit, expand, async (tx, order) => {
      if (requester !== undefined) await this.approvals.start(tx, order, requester);
    });
  }

  /** POST /orders (the route factory's create): orders the cart the draft names. */
  create(ctx: RequestContext, draft: OrderFromCartDraft, expand?: readonly string[]): Promise<Order> {
    return this.createFromCart(ctx, draft, undefined, expand);
  }

  /**
   * Orders the cart the draft names. On an in-store request only a cart of the store can be ordered;
   * `admit` refuses the carts a caller may not order (see `ownCartsOnly`), in the transaction.
   */
  createFromCart(ctx: RequestContext, draft: OrderFromCartDraft, admit?: CartAdmission, expand?: readonly string[], after?: OrderFollowUp): Promise<Order> {
    const cartId = draft.cart?.id ?? draft.id;
    if (cartId === undefined) throw new RequiredFieldError('cart');
    return withTransaction(ctx, async (tx) => {
      const custom = await customFieldsFromDraft(tx, 'order', draft.custom);
      const state = draft.state ? await stateOfType(tx, draft.state, 'OrderState', 'state') : undefined;
      const cart = await this.carts.repository.find(tx, { id: cartId });
      if (!cart || !inRequestStore(tx.storeKey, cart)) throw notFound({ id: cartId });
      if (admit) await admit(tx, cart);
      checkVersion(cart.id, draft.version, cart.version);
      if (cart.cartState !== 'Active') throw new InvalidOperationError(`The cart is ${cart.cartState}: only an Active cart can be ordered.`);
      checkOrderable(cart);
      await takeStock(tx, cart);
      // A code whose discount lost its group's best deal is ordered with the cart, but not applied: not counted.
      const applied = cart.discountCodes.filter((info) => info.state === 'MatchesCart');
      const codes = await this.discountCodes.findMany(
        tx,
        applied.map((info) => info.discountCode.id),
      );
      await countApplications(tx, cart, codes);
      const order = await this.repository.create(
        tx,
        { ...snapshot(cart, draft), ...(state ? { state: { typeId: 'state', id: state.id } } : {}), ...(custom ? { custom } : {}) },
        expand,
      );
      await this.carts.repository.replace(tx, cart, { ...structuredClone(cart), cartState: 'Ordered' });
      await after?.(tx, order);
      return order;
    });
  }

  /** The order at `at` (by id or order number) if the request may see it: on an in-store request, only one of the store. */
  private async own(ctx: RequestContext, at: DocumentAddress): Promise<Order> {
    const order = await this.repository.find(ctx, at);
    if (!order || !inRequestStore(ctx.storeKey, order)) throw notFound(at);
    return order;
  }

  /** An order by id or order number; on an in-store request, one of another store (or of none) is 404. */
  async get(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<Order> {
    const order = await this.own(ctx, at);
    return expand?.length ? this.repository.get(ctx, { id: order.id }, expand) : order;
  }

  async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<Order | JsonText> {
    if (ctx.storeKey === undefined) return this.repository.getForResponse(ctx, at, expand);
    return this.get(ctx, at, expand);
  }

  async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
    const order = await this.repository.find(ctx, at);
    return order !== undefined && inRequestStore(ctx.storeKey, order);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Order>> {
    return this.repository.query(ctx, params, this.inStore(ctx));
  }

  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.repository.anyMatches(ctx, params, this.inStore(ctx));
  }

  /**
   * All actions or none, at the version the client sent. On an in-store request the order must be
   * one of the store as read; the write is conditional on its version, so an order moved to another
   * store in between is a 409, not a write past the check.
   */
  async update(ctx: RequestContext, at: DocumentAddress, update: Update, expand?: readonly string[]): Promise<Order> {
    const id = ctx.storeKey === undefined && 'id' in at ? at.id : (await this.own(ctx, at)).id;
    return this.repository.update(ctx, { id }, update, this.actions, expand);
  }

  async delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<Order> {
    return this.repository.delete(ctx, { id: (await this.own(ctx, at)).id }, version, expand);
  }

  private inStore(ctx: RequestContext): SqlFragment | undefined {
    return ctx.storeKey === undefined ? undefined : storeCondition(ctx.db.dialect, ctx.storeKey);
  }
}

/** /me: the caller's own carts only; another's is 404 as if it did not exist. */
const ownCartsOnly: CartAdmission = async (tx, cart) => {
  if (!owns(await ownerOf(tx), cart)) throw notFound({ id: cart.id });
};

/** The order of the cart, with what the merchant's draft adds (its number, its first states). */
function snapshot(cart: Cart, draft: OrderFromCartDraft): Omit<Order, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'> {
  return {
    ...(draft.orderNumber !== undefined ? { orderNumber: draft.orderNumber } : {}),
    ...((draft.purchaseOrderNumber ?? cart.purchaseOrderNumber) !== undefined
      ? { purchaseOrderNumber: draft.purchaseOrderNumber ?? cart.purchaseOrderNumber }
      : {}),
    ...(cart.customerId !== undefined ? { customerId: cart.customerId } : {}),
    ...(cart.customerEmail !== undefined ? { customerEmail: cart.customerEmail } : {}),
    ...(cart.customerGroup ? { customerGroup: cart.customerGroup } : {}),
    ...(cart.anonymousId !== undefined ? { anonymousId: cart.anonymousId } : {}),
    ...(cart.store ? { store: cart.store } : {}),
    ...(cart.businessUnit ? { businessUnit: cart.businessUnit } : {}),
    ...(cart.locale !== undefined ? { locale: cart.locale } : {}),
    // The cart's custom fields go with it (a draft's own `custom` replaces them).
    ...(cart.custom ? { custom: cart.custom } : {}),
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
    ...(cart.paymentInfo ? { paymentInfo: cart.paymentInfo } : {}),
    orderState: draft.orderState ?? 'Open',
    ...(draft.paymentState !== undefined ? { paymentState: draft.paymentState } : {}),
    ...(draft.shipmentState !== undefined ? { shipmentState: draft.shipmentState } : {}),
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
 * discount code that does not apply (one stopped by its group's best deal is let through, unapplied).
 */
function checkOrderable(cart: Cart): void {
  if (cart.shippingInfo?.shippingMethodState === 'DoesNotMatchCart') throw new ShippingMethodDoesNotMatchCartError();
  const code = cart.discountCodes.find((c) => c.state !== 'MatchesCart' && c.state !== 'ApplicationStoppedByGroupBestDeal');
  if (code) throw new DiscountCodeNonApplicableError(code.discountCode.id, 'NotApplicable', { discountCodeId: code.discountCode.id });
}
