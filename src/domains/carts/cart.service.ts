import type { Cart, CartDraft, CartUpdateAction, MyCartDraft, MyCartUpdateAction, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { sql } from '../../db/statements.js';
import { ReferencedResourceNotFoundError, ResourceNotFoundError } from '../../errors/api-error.js';
import { assertShippingMethodMatches, cartActions, customLineItem, setCartShippingMethod, type CartDependencies } from './cart-actions.js';
import { addDiscountCode } from './cart-discount-codes.js';
import { cartsAsAssociate } from './cart-as-associate.js';
import { assertCustomerMayIn, assertCustomerMayInUnit, assertMayNameUnit, myOthersAccess, owningUnit } from '../business-units/index.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';
import { customFieldsFromDraft } from '../types/index.js';

import { documentsInStore } from '../../resources/views/in-store-documents.js';
import { addItemShippingAddress, addLineItem, type ProductLookup } from './cart-lines.js';
import { resolveStores } from '../../resources/reference-resolvers.js';
import { ownDocuments, ownerFields, ownerOf, readCustomer, type Owner } from '../../resources/views/owner.js';
import { customerGroupLookup } from '../customers/index.js';
import { DocumentRepository, type NewDocument } from '../../resources/document-repository.js';
import { DocumentService } from '../../resources/document-service.js';
import { centMoney } from '../../shared/money/money.js';
import { cartResource } from '../../resources/queryable-resources.js';
import { ownDeadline } from '../../resources/retention-deadline.js';

/** The permissions a customer needs for its own carts of a business unit. */
const MY_CARTS = myOthersAccess('Carts', 'carts');

/** The owner's most recently modified Active cart, in any store or (the in-store /me endpoints) in one. */
const activeCartOf = (owner: string, inStore: boolean) =>
  sql(
    `SELECT $DATA AS "data" FROM "Cart" WHERE "projectKey" = ? AND ${owner}${inStore ? ' AND "storeKey" = ?' : ''} AND "cartState" = 'Active' ORDER BY "lastModifiedAt" DESC, "id" DESC LIMIT 1`,
  );
const ACTIVE_CART = {
  customer: activeCartOf('"customerId" = ?', false),
  anonymous: activeCartOf('"anonymousId" = ? AND "customerId" IS NULL', false),
  customerInStore: activeCartOf('"customerId" = ?', true),
  anonymousInStore: activeCartOf('"anonymousId" = ? AND "customerId" IS NULL', true),
};

/**
 * Carts: created by a merchant (`/carts`) or by the token's customer or anonymous
 * session (`/me/carts`); line items priced by the price selection on every change; the owner
 * columns (customerId, anonymousId, cartState) make /me reads and the sign-in reassignment indexed.
 */
export class CartService extends DocumentService<Cart, CartDraft, CartUpdateAction> {
  readonly repository = new DocumentRepository<Cart>({
    resource: cartResource,
    extraColumns: {
      names: ['customerId', 'anonymousId', 'cartState', 'storeKey', 'businessUnitKey', 'deleteAfter'],
      values: (doc) => ({
        customerId: doc.customerId ?? null,
        anonymousId: doc.anonymousId ?? null,
        cartState: doc.cartState,
        storeKey: doc.store?.key ?? null,
        businessUnitKey: doc.businessUnit?.key ?? null,
        deleteAfter: ownDeadline(doc),
      }),
    },
  });
  protected readonly actions;
  private readonly customerGroups = customerGroupLookup();
  /** The in-store cart endpoints' view of the carts: only those of the request's store. */
  readonly inStore = documentsInStore<Cart, CartDraft, { version: number; actions: readonly CartUpdateAction[] }>(this, 'cart');
  /** The associate cart endpoints' view: the carts of the path's business unit, as the path's associate may see and change them. */
  readonly asAssociate = cartsAsAssociate(this);

  /** The caller's own carts (/me), in the request's store if there is one. */
  readonly mine = ownDocuments(this.repository);

  constructor(private readonly deps: CartDependencies) {
    super();
    this.actions = cartActions(deps);
  }

  get products(): ProductLookup {
    return this.deps.calculator.products;
  }

  get businessUnits(): CartDependencies['businessUnits'] {
    return this.deps.businessUnits;
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
      ...(draft.purchaseOrderNumber !== undefined ? { purchaseOrderNumber: draft.purchaseOrderNumber } : {}),
      ...(draft.anonymousId !== undefined ? { anonymousId: draft.anonymousId } : {}),
      ...(draft.store ? { store: { typeId: 'store', key: await this.storeKeyOf(ctx, draft.store) } } : {}),
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
    if (draft.businessUnit) cart.businessUnit = await owningUnit(ctx, this.deps.businessUnits, draft.businessUnit, cart, 'cart');
    // Carts take custom fields of Types for `order`, which their orders keep (as on the platform).
    const custom = await customFieldsFromDraft(ctx, 'order', draft.custom);
    if (custom) cart.custom = custom;
    for (const address of draft.itemShippingAddresses ?? []) addItemShippingAddress(cart, address);
    for (const item of draft.lineItems ?? []) await addLineItem(ctx, cart, item, this.products);
    for (const item of draft.customLineItems ?? []) cart.customLineItems.push(await customLineItem(ctx, cart, item, this.deps));
    for (const code of draft.discountCodes ?? []) await addDiscountCode(ctx, cart, code, this.deps.discountCodes);
    if (draft.shippingMethod) await setCartShippingMethod(ctx, cart, { action: 'setShippingMethod', shippingMethod: draft.shippingMethod }, this.deps);
    await this.recalculate(ctx, cart);
    assertShippingMethodMatches(cart);
    return cart;
  }

  /** The key of the store a draft names by id or key (400 ReferencedResourceNotFound when there is none). */
  private async storeKeyOf(ctx: RequestContext, store: ResourceIdentifier): Promise<string> {
    const [ref] = await resolveStores(ctx, [store], 'store');
    return ref.key;
  }

  /**
   * POST /me/carts: the cart belongs to the token's customer or anonymous session, and on the
   * in-store endpoint to the store of the path (whatever the draft names). On the global endpoint the
   * draft may name a store; a customer's cart goes there only if the customer is one of the store's,
   * by the rule every in-store /me call follows (see ownerOf). The /me methods below see, on the
   * in-store endpoints, only the caller's carts of that store.
   */
  async createMine(ctx: RequestContext, draft: MyCartDraft, expand?: readonly string[]): Promise<Cart> {
    const storeKey = ctx.storeKey ?? (draft.store ? await this.storeKeyOf(ctx, draft.store) : undefined);
    const store = storeKey === undefined ? {} : { store: { typeId: 'store' as const, key: storeKey } };
    const owner = await ownerOf(storeKey === ctx.storeKey ? ctx : { ...ctx, storeKey });
    assertMayNameUnit(draft, owner, 'cart');
    // A cart of a business unit is created as the customer acting as the unit's associate (CreateMyCarts).
    if (draft.businessUnit && 'customerId' in owner) {
      const unit = await resolveIdentifier(ctx, this.deps.businessUnits, draft.businessUnit, 'businessUnit');
      await assertCustomerMayIn(ctx, unit, owner.customerId, MY_CARTS.create);
    }
    return this.create(ctx, { ...draft, ...ownerFields(owner), ...store }, expand);
  }

  /** The contract (MyCartUpdate) admits only the MyCartUpdateAction set here: no prices, owners or keys of the caller's choosing. */
  async updateMine(
    ctx: RequestContext,
    id: string,
    update: { version: number; actions: readonly MyCartUpdateAction[] },
    expand?: readonly string[],
  ): Promise<Cart> {
    const cart = await this.mine.get(ctx, id);
    // A cart of a business unit is changed as the customer acting as the unit's associate (UpdateMyCarts).
    if (cart.businessUnit && cart.customerId !== undefined) {
      await assertCustomerMayInUnit(ctx, this.deps.businessUnits, cart.businessUnit.key, cart.customerId, MY_CARTS.update);
    }
    return this.update(ctx, { id }, update, expand);
  }

  async deleteMine(ctx: RequestContext, id: string, version: number, expand?: readonly string[]): Promise<Cart> {
    await this.mine.get(ctx, id);
    return this.delete(ctx, { id }, version, expand);
  }

  /** The owner's most recently modified Active cart (with `storeKey`, of that store). */
  async activeCart(ctx: Pick<RequestContext, 'db' | 'projectKey'>, owner: Owner, storeKey?: string): Promise<Cart | undefined> {
    const [statement, ownerValue] =
      'customerId' in owner
        ? [storeKey === undefined ? ACTIVE_CART.customer : ACTIVE_CART.customerInStore, owner.customerId]
        : [storeKey === undefined ? ACTIVE_CART.anonymous : ACTIVE_CART.anonymousInStore, owner.anonymousId];
    const text = await ctx.db.value<string>(
      statement[ctx.db.dialect],
      storeKey === undefined ? [ctx.projectKey, ownerValue] : [ctx.projectKey, ownerValue, storeKey],
    );
    return text === undefined ? undefined : (JSON.parse(text) as Cart);
  }

  /** HEAD /me/active-cart: whether the caller has an Active cart (in the request's store, if any). */
  async hasActiveCart(ctx: RequestContext): Promise<boolean> {
    return (await this.activeCart(ctx, await ownerOf(ctx), ctx.storeKey)) !== undefined;
  }

  /**
   * GET /carts/customer-id={customerId} (and its in-store form): the customer's most recently modified
   * Active cart (of the request's store, if any), or 404.
   */
  async activeCartOfCustomer(ctx: RequestContext, customerId: string, expand: readonly string[] = []): Promise<Cart> {
    const cart = await this.activeCart(ctx, { customerId }, ctx.storeKey);
    if (!cart) throw new ResourceNotFoundError(customerId, `The customer '${customerId}' has no active cart.`);
    return this.expanded(ctx, cart, expand);
  }

  async myActiveCart(ctx: RequestContext, expand: readonly string[] = []): Promise<Cart> {
    const cart = await this.activeCart(ctx, await ownerOf(ctx), ctx.storeKey);
    if (!cart) throw new ResourceNotFoundError('', 'No active cart exists.');
    return this.expanded(ctx, cart, expand);
  }
}
