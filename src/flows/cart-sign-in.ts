import type { Cart, MergeCartDraft, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import { withTransaction, type RequestContext } from '../context.js';
import { sql } from '../db/statements.js';
import { InvalidInputError, InvalidOperationError, ReferencedResourceNotFoundError, ResourceNotFoundError } from '../errors/api-error.js';
import { refreshFromProducts, type CartService } from '../domains/carts/index.js';
import { mergeCarts } from './cart-merge.js';
import type { CartSignInRequest, CustomerService } from '../domains/customers/index.js';
import type { OrderService } from '../domains/orders/index.js';
import type { ShoppingListService } from '../domains/shopping-lists/index.js';
import type { DocumentRepository, VersionedDocument } from '../resources/document-repository.js';
import { paymentRepository } from '../domains/payments/index.js';
import { identifierAddress, identified } from '../resources/resource-identifiers.js';

const CARTS_OF_ANONYMOUS = sql('SELECT $DATA AS "data" FROM "Cart" WHERE "projectKey" = ? AND "anonymousId" = ? AND "customerId" IS NULL');
const CARTS_OF_ANONYMOUS_IN_STORE = sql(
  'SELECT $DATA AS "data" FROM "Cart" WHERE "projectKey" = ? AND "anonymousId" = ? AND "customerId" IS NULL AND "storeKey" = ?',
);
const ORDERS_OF_ANONYMOUS = sql('SELECT $DATA AS "data" FROM "Order" WHERE "projectKey" = ? AND "anonymousId" = ? AND "customerId" IS NULL');
const SHOPPING_LISTS_OF_ANONYMOUS = sql('SELECT $DATA AS "data" FROM "ShoppingList" WHERE "projectKey" = ? AND "anonymousId" = ? AND "customerId" IS NULL');
const PAYMENTS_OF_ANONYMOUS = sql('SELECT $DATA AS "data" FROM "Payment" WHERE "projectKey" = ? AND "anonymousId" = ? AND "customerId" IS NULL');

/**
 * What sign-in and sign-up do with carts (the CustomerService.cartSignIn seam), in one transaction:
 *
 * 1. the anonymous cart is `anonymousCartId`, else the anonymous session's most recently modified
 *    Active cart; with both ids given the cart must carry that anonymousId (400 InvalidOperation);
 * 2. every other cart, every order and every shopping list of the anonymousId is reassigned to the
 *    customer;
 * 3. per the spec's table: without a customer cart, or with UseAsNewActiveCustomerCart, the anonymous
 *    cart becomes the customer's (Active); with MergeWithExistingCustomerCart its content is merged
 *    into the customer's most recently modified Active cart (in an in-store sign-in, of that store)
 *    and it becomes Merged. Carts of different currencies or different stores (on the platform: not merged
 *    when store-mismatched) are never merged: the anonymous cart then becomes the customer's as it is;
 * 4. the answered cart is recalculated (current prices; invalid line items removed) and is written
 *    last, so it is the customer's active cart.
 */
export function cartSignIn(
  carts: CartService,
  orders: OrderService,
  shoppingLists: ShoppingListService,
): (ctx: RequestContext, request: CartSignInRequest) => Promise<Cart | undefined> {
  return (ctx, request) => withTransaction(ctx, (tx) => signIn(tx, carts, orders, shoppingLists, request));
}

/**
 * The manual merge (`POST /{projectKey}/carts/customer-id={customerId}/merge`, its in-store form and
 * GraphQL `mergeCart`): what sign-in does with an anonymous cart, for a customer who signed in
 * elsewhere (an external OAuth provider), with the platform's MergeCartDraft. Only the session's
 * carts go to the customer; in a store (`ctx.storeKey`) the customer must be one of the store's
 * (else 404, as everywhere in a store) and only the store's carts are seen. Answers the customer's
 * active cart; 404 when there is none and no anonymous cart either.
 */
export function cartMerge(customers: CustomerService, signIn: ReturnType<typeof cartSignIn>) {
  return async (ctx: RequestContext, customerId: string, draft: MergeCartDraft): Promise<Cart> => {
    const anonymousCart = draft.anonymousCart;
    // The identifier is checked before anything is read; the cart it names is found by the sign-in.
    if (anonymousCart) identifierAddress(anonymousCart, 'cart', 'anonymousCart');
    if (anonymousCart === undefined && draft.anonymousId === undefined) throw new InvalidInputError('Either anonymousCart or anonymousId is required.');
    const customer = await customers.locate(ctx, { id: customerId });
    const cart = await signIn(ctx, {
      customer,
      anonymousCart,
      anonymousId: draft.anonymousId,
      mode: draft.mergeMode ?? 'MergeWithExistingCustomerCart',
      updateProductData: draft.updateProductData ?? false,
      storeKey: ctx.storeKey,
      manual: true,
    });
    if (!cart)
      throw new ResourceNotFoundError(
        '',
        `The anonymous session '${draft.anonymousId}' has no active cart${ctx.storeKey === undefined ? '' : ` in the store '${ctx.storeKey}'`}, and neither has the customer '${customerId}'.`,
      );
    return cart;
  };
}

async function signIn(
  ctx: RequestContext,
  carts: CartService,
  orders: OrderService,
  shoppingLists: ShoppingListService,
  request: CartSignInRequest,
): Promise<Cart | undefined> {
  const { customer } = request;
  const customerCart = await carts.activeCart(ctx, { customerId: customer.id }, request.storeKey);
  const anonymousCart = await findAnonymousCart(ctx, carts, request);
  if (request.anonymousId !== undefined && request.manual && request.storeKey !== undefined) {
    await reassign(ctx, carts.repository, CARTS_OF_ANONYMOUS_IN_STORE, [request.anonymousId, request.storeKey], { customerId: customer.id }, anonymousCart?.id);
  } else if (request.anonymousId !== undefined) {
    await reassign(ctx, carts.repository, CARTS_OF_ANONYMOUS, [request.anonymousId], { customerId: customer.id }, anonymousCart?.id);
  }
  // The manual merge is a carts endpoint (manage_orders): it gives the session's carts only.
  if (request.anonymousId !== undefined && !request.manual) {
    await reassign(ctx, orders.repository, ORDERS_OF_ANONYMOUS, [request.anonymousId], { customerId: customer.id });
    // A shopping list names its customer by a Reference (carts and orders by customerId).
    await reassign(ctx, shoppingLists.repository, SHOPPING_LISTS_OF_ANONYMOUS, [request.anonymousId], { customer: { typeId: 'customer', id: customer.id } });
    // Payments too (on the platform: sign-in re-assigns the session's carts, orders, shopping lists and payments).
    await reassign(ctx, paymentRepository, PAYMENTS_OF_ANONYMOUS, [request.anonymousId], { customer: { typeId: 'customer', id: customer.id } });
  }
  const recalculated = async (cart: Cart): Promise<Cart> => {
    const next = structuredClone(cart);
    next.customerId = customer.id;
    if (customer.email) next.customerEmail = customer.email;
    if (customer.customerGroup) next.customerGroup = customer.customerGroup;
    await refreshFromProducts(ctx, next, carts.products, request.updateProductData);
    await carts.recalculate(ctx, next);
    return next;
  };
  if (!anonymousCart) {
    if (!customerCart) return undefined;
    return write(ctx, carts, customerCart, await recalculated(customerCart));
  }
  const merge =
    customerCart !== undefined &&
    request.mode === 'MergeWithExistingCustomerCart' &&
    customerCart.totalPrice.currencyCode === anonymousCart.totalPrice.currencyCode &&
    customerCart.store?.key === anonymousCart.store?.key;
  if (!merge) return write(ctx, carts, anonymousCart, await recalculated(anonymousCart));
  await write(ctx, carts, anonymousCart, { ...structuredClone(anonymousCart), customerId: customer.id, cartState: 'Merged' });
  return write(ctx, carts, customerCart, await recalculated(mergeCarts(customerCart, anonymousCart)));
}

async function findAnonymousCart(ctx: RequestContext, carts: CartService, request: CartSignInRequest): Promise<Cart | undefined> {
  // The manual merge in a store sees only the store's carts, as every in-store cart endpoint does.
  const onlyStore = request.manual ? request.storeKey : undefined;
  const ref: ResourceIdentifier | undefined = request.anonymousCart ?? (request.anonymousCartId === undefined ? undefined : { id: request.anonymousCartId });
  if (ref === undefined) {
    return request.anonymousId === undefined ? undefined : carts.activeCart(ctx, { anonymousId: request.anonymousId }, onlyStore);
  }
  const at = identifierAddress(ref, 'cart', 'anonymousCart');
  const cart = identified(ref, 'cart', await carts.repository.find(ctx, at));
  if (onlyStore !== undefined && cart.store?.key !== onlyStore) throw new ReferencedResourceNotFoundError('cart', at);
  if (request.anonymousId !== undefined && cart.anonymousId !== request.anonymousId) {
    throw new InvalidOperationError(`The cart '${cart.id}' does not belong to the anonymous session '${request.anonymousId}'.`);
  }
  if (cart.customerId !== undefined && cart.customerId !== request.customer.id)
    throw new InvalidOperationError(`The cart '${cart.id}' belongs to another customer.`);
  if (cart.cartState !== 'Active') throw new InvalidOperationError(`The cart '${cart.id}' is ${cart.cartState}; only an Active cart can be signed in with.`);
  return cart;
}

async function write(ctx: RequestContext, carts: CartService, current: Cart, next: Cart): Promise<Cart> {
  await carts.repository.replace(ctx, current, next);
  return next;
}

/**
 * Gives every document of the anonymous session to the customer. Each is a new version (so a
 * concurrent update at the old version loses), written through the one conditional write.
 */
async function reassign<D extends VersionedDocument>(
  ctx: RequestContext,
  repository: DocumentRepository<D>,
  statement: ReturnType<typeof sql>,
  params: readonly string[],
  owner: Partial<D>,
  skipId?: string,
): Promise<void> {
  const rows = await ctx.db.rows<{ data: string }>(statement[ctx.db.dialect], [ctx.projectKey, ...params]);
  for (const row of rows) {
    const doc = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as D;
    if (doc.id === skipId) continue;
    await repository.replace(ctx, doc, { ...structuredClone(doc), ...owner });
  }
}
