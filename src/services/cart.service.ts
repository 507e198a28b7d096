import type { Cart, CartDraft, CartUpdateAction, MyCartDraft, MyCartUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { sql } from '../db/statements.js';
import { ReferencedResourceNotFoundError, ResourceNotFoundError } from '../errors/api-error.js';
import type { PagedQueryResult, QueryParams } from '../query/index.js';
import { cartActions, customLineItem, setCartShippingMethod, type CartDependencies } from './cart-actions.js';
import { addDiscountCode } from './cart-discount-codes.js';
import { addItemShippingAddress, addLineItem, type ProductLookup } from './cart-lines.js';
import { ownerCondition, ownerFields, ownerOf, owns, readCustomer, type Owner } from './cart-owner.js';
import { customerGroupLookup } from './customer-group-lookup.js';
import { DocumentRepository, type NewDocument } from './document-repository.js';
import { DocumentService } from './document-service.js';
import { centMoney } from './money.js';
import { cartResource } from './queryable-resources.js';
import { ownDeadline } from './retention.js';
import { notFound } from './versioning.js';

const ACTIVE_CART = {
  customer: sql('SELECT $DATA AS "data" FROM "Cart" WHERE "projectKey" = ? AND "customerId" = ? AND "cartState" = \'Active\' ORDER BY "lastModifiedAt" DESC, "id" DESC LIMIT 1'),
  anonymous: sql(
    'SELECT $DATA AS "data" FROM "Cart" WHERE "projectKey" = ? AND "anonymousId" = ? AND "customerId" IS NULL AND "cartState" = \'Active\' ORDER BY "lastModifiedAt" DESC, "id" DESC LIMIT 1',
  ),
};

/**
 * Carts (facts §10): created by a merchant (`/carts`) or by the token's customer or anonymous
 * session (`/me/carts`); line items priced by the price selection on every change; the owner
 * columns (customerId, anonymousId, cartState) make /me reads and the sign-in reassignment indexed.
 */
export class CartService extends DocumentService<Cart, CartDraft, CartUpdateAction> {
  readonly repository = new DocumentRepository<Cart>({
    resource: cartResource,
    extraColumns: {
      names: ['customerId', 'anonymousId', 'cartState', 'deleteAfter'],
      values: (doc) => ({ customerId: doc.customerId ?? null, anonymousId: doc.anonymousId ?? null, cartState: doc.cartState, deleteAfter: ownDeadline(doc) }),
    },
  });
  protected readonly actions;
  private readonly customerGroups = customerGroupLookup();

  constructor(private readonly deps: CartDependencies) {
    super();
    this.actions = cartActions(deps);
  }

  get products(): ProductLookup {
    return this.deps.calculator.products;
  }

  /** Prices, shipping, discounts, totals and taxes of a cart brought up to date (see CartCalculator). */
  recalculate(ctx: RequestContext, cart: Cart): Promise<void> {
    return this.deps.calculator.recalculate(ctx, cart);
  }

  protected async fromDraft(ctx: RequestContext, draft: CartDraft): Promise<NewDocument<Cart>> {
    const customer = draft.customerId !== undefined ? await readCustomer(ctx, draft.customerId) : undefined;
    if (draft.customerId !== undefined && !customer) throw new ReferencedResourceNotFoundError('customer', { id: draft.customerId });
    const customerGroup = draft.customerGroup ? await this.customerGroups(ctx, draft.customerGroup) : customer?.customerGroup;
    const cart = {
      ...(draft.key !== undefined ? { key: draft.key } : {}),
      ...(draft.customerId !== undefined ? { customerId: draft.customerId } : {}),
      ...(draft.customerEmail !== undefined ? { customerEmail: draft.customerEmail } : customer?.email ? { customerEmail: customer.email } : {}),
      ...(customerGroup ? { customerGroup } : {}),
      ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
      lineItems: [],
      customLineItems: [],
      totalPrice: centMoney(draft.currency, 0n),
      taxMode: draft.taxMode ?? 'Platform',
      taxRoundingMode: draft.taxRoundingMode ?? 'HalfEven',
      taxCalculationMode: draft.taxCalculationMode ?? 'LineItemLevel',
      priceRoundingMode: 'HalfEven',
      inventoryMode: draft.inventoryMode ?? 'None',
      cartState: 'Active',
      ...(draft.shippingAddress ? { shippingAddress: draft.shippingAddress } : {}),
      ...(draft.billingAddress ? { billingAddress: draft.billingAddress } : {}),
      shippingMode: 'Single',
      shipping: [],
      itemShippingAddresses: [],
      discountCodes: [],
      directDiscounts: [],
      refusedGifts: [],
      ...(draft.country !== undefined ? { country: draft.country } : {}),
      ...(draft.locale !== undefined ? { locale: draft.locale } : {}),
      origin: draft.origin ?? 'Customer',
      ...(draft.deleteDaysAfterLastModification !== undefined ? { deleteDaysAfterLastModification: draft.deleteDaysAfterLastModification } : {}),
    } as unknown as Cart; // the fields the repository adds (id, version, timestamps) come on create
    for (const address of draft.itemShippingAddresses ?? []) addItemShippingAddress(cart, address);
    for (const item of draft.lineItems ?? []) await addLineItem(ctx, cart, item, this.products);
    for (const item of draft.customLineItems ?? []) cart.customLineItems.push(await customLineItem(ctx, cart, item, this.deps));
    for (const code of draft.discountCodes ?? []) await addDiscountCode(ctx, cart, code, this.deps.discountCodes);
    await this.recalculate(ctx, cart);
    if (draft.shippingMethod) await setCartShippingMethod(ctx, cart, { action: 'setShippingMethod', shippingMethod: draft.shippingMethod }, this.deps);
    return cart;
  }

  /** POST /me/carts: the cart belongs to the token's customer or anonymous session. */
  createMine(ctx: RequestContext, draft: MyCartDraft): Promise<Cart> {
    return this.create(ctx, { ...draft, ...ownerFields(ownerOf(ctx)) });
  }

  queryMine(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<Cart>> {
    return this.repository.query(ctx, params, ownerCondition(ctx.db.dialect, ownerOf(ctx)));
  }

  /** One of the caller's carts; another's is 404 as if it did not exist. */
  async getMine(ctx: RequestContext, id: string): Promise<Cart> {
    const cart = await this.repository.find(ctx, { id });
    if (!cart || !owns(ownerOf(ctx), cart)) throw notFound({ id });
    return cart;
  }

  /** The contract (MyCartUpdate) admits only the MyCartUpdateAction set here: no prices, owners or keys of the caller's choosing. */
  async updateMine(ctx: RequestContext, id: string, update: { version: number; actions: readonly MyCartUpdateAction[] }): Promise<Cart> {
    await this.getMine(ctx, id);
    return this.update(ctx, { id }, update);
  }

  async deleteMine(ctx: RequestContext, id: string, version: number): Promise<Cart> {
    await this.getMine(ctx, id);
    return this.delete(ctx, { id }, version);
  }

  /** The owner's most recently modified Active cart. */
  async activeCart(ctx: Pick<RequestContext, 'db' | 'projectKey'>, owner: Owner): Promise<Cart | undefined> {
    const text =
      'customerId' in owner
        ? await ctx.db.value<string>(ACTIVE_CART.customer[ctx.db.dialect], [ctx.projectKey, owner.customerId])
        : await ctx.db.value<string>(ACTIVE_CART.anonymous[ctx.db.dialect], [ctx.projectKey, owner.anonymousId]);
    return text === undefined ? undefined : (JSON.parse(text) as Cart);
  }

  async myActiveCart(ctx: RequestContext): Promise<Cart> {
    const cart = await this.activeCart(ctx, ownerOf(ctx));
    if (!cart) throw new ResourceNotFoundError('', 'No active cart exists.');
    return cart;
  }
}
