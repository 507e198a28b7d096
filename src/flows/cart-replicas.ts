import type { Cart, CartDraft, CustomLineItem, LineItem, Order, ReplicaCartDraft } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { InvalidFieldError, ReferencedResourceNotFoundError } from '../errors/api-error.js';
import type { CartService } from '../domains/carts/index.js';
import { inRequestStore, ownerOf, owns } from '../resources/views/owner.js';
import type { DocumentRepository } from '../resources/document-repository.js';

/**
 * Replicating a cart or an order (the platform's "Replicate Cart", `POST …/carts/replicate` with a
 * ReplicaCartDraft): a new Active cart with the source's owner, store, business unit, addresses,
 * settings, line items (the same product variants and quantities, priced anew) and custom line items,
 * as a customer re-orders. What depended on the source's moment is not copied: discount codes,
 * shipping method, item shipping addresses. The new cart follows every rule of a new cart (an
 * unpublished product, or a business unit that is Inactive now, refuses it).
 */
export class CartReplicas {
  constructor(
    private readonly carts: CartService,
    private readonly orders: DocumentRepository<Order>,
  ) {}

  /**
   * A cart replicating the draft's reference; on an in-store request only a source of the store, on /me
   * (`mine`) only the caller's own. `admit` refuses other sources a caller may not replicate (it throws).
   */
  async replicate(
    ctx: RequestContext,
    draft: ReplicaCartDraft,
    mine = false,
    admit?: (source: Cart | Order) => void,
    expand?: readonly string[],
  ): Promise<Cart> {
    const { typeId, id } = draft.reference;
    if (typeId !== 'cart' && typeId !== 'order') throw new InvalidFieldError('reference.typeId', typeId, ['cart', 'order']);
    const source: Cart | Order | undefined = typeId === 'cart' ? await this.carts.repository.find(ctx, { id }) : await this.orders.find(ctx, { id });
    // A source the caller may not see is as absent as one that does not exist.
    if (!source || !inRequestStore(ctx.storeKey, source) || (mine && !owns(await ownerOf(ctx), source)))
      throw new ReferencedResourceNotFoundError(typeId, { id });
    admit?.(source);
    return this.carts.create(ctx, replicaDraft(source, draft.key), expand);
  }
}

function replicaDraft(source: Cart | Order, key: string | undefined): CartDraft {
  const cart = source as Partial<Cart> & Pick<Cart, 'lineItems' | 'customLineItems' | 'totalPrice' | 'taxMode'>;
  return {
    currency: source.totalPrice.currencyCode,
    ...(key !== undefined ? { key } : {}),
    ...(cart.customerId !== undefined ? { customerId: cart.customerId } : {}),
    ...(cart.customerEmail !== undefined ? { customerEmail: cart.customerEmail } : {}),
    ...(cart.anonymousId !== undefined ? { anonymousId: cart.anonymousId } : {}),
    ...(cart.store ? { store: { typeId: 'store', key: cart.store.key } } : {}),
    ...(cart.businessUnit ? { businessUnit: { typeId: 'business-unit', key: cart.businessUnit.key } } : {}),
    ...(cart.country !== undefined ? { country: cart.country } : {}),
    ...(cart.locale !== undefined ? { locale: cart.locale } : {}),
    taxMode: cart.taxMode,
    ...(cart.taxRoundingMode ? { taxRoundingMode: cart.taxRoundingMode } : {}),
    ...(cart.taxCalculationMode ? { taxCalculationMode: cart.taxCalculationMode } : {}),
    ...(cart.inventoryMode ? { inventoryMode: cart.inventoryMode } : {}),
    ...(cart.shippingAddress ? { shippingAddress: cart.shippingAddress } : {}),
    ...(cart.billingAddress ? { billingAddress: cart.billingAddress } : {}),
    ...(cart.origin ? { origin: cart.origin } : {}),
    ...(cart.deleteDaysAfterLastModification !== undefined ? { deleteDaysAfterLastModification: cart.deleteDaysAfterLastModification } : {}),
    lineItems: source.lineItems.map(lineItemDraft),
    customLineItems: source.customLineItems.map(customLineItemDraft),
  } as CartDraft;
}

function lineItemDraft(item: LineItem): NonNullable<CartDraft['lineItems']>[number] {
  return {
    productId: item.productId,
    variantId: item.variant.id,
    quantity: item.quantity,
    ...(item.supplyChannel ? { supplyChannel: { typeId: 'channel', id: item.supplyChannel.id } } : {}),
    ...(item.distributionChannel ? { distributionChannel: { typeId: 'channel', id: item.distributionChannel.id } } : {}),
  };
}

function customLineItemDraft(item: CustomLineItem): NonNullable<CartDraft['customLineItems']>[number] {
  return {
    name: item.name,
    quantity: item.quantity,
    money: item.money,
    slug: item.slug,
    ...(item.taxCategory ? { taxCategory: { typeId: 'tax-category', id: item.taxCategory.id } } : {}),
    priceMode: item.priceMode,
  };
}
