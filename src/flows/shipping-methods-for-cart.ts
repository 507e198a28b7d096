import type { Cart, Location, ShippingMethod } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import type { CartCalculator, CartService } from '../domains/carts/index.js';
import type { ShippingMethodService } from '../domains/shipping/index.js';
import { InvalidOperationError, ReferencedResourceNotFoundError } from '../errors/api-error.js';
import type { PagedQueryResult } from '../query/index.js';
import { inRequestStore } from '../resources/views/owner.js';

/**
 * The shipping methods a cart can use (`/shipping-methods/matching-cart` and `…/matching-cart-location`,
 * global and in-store): the cart is read and its predicate facts worked out by the carts, the methods
 * matched by the shipping domain. An unknown cart (on the in-store form, one of another store or of none)
 * is 400 ReferencedResourceNotFound.
 */
export class ShippingMethodsForCart {
  constructor(
    private readonly shippingMethods: ShippingMethodService,
    private readonly carts: CartService,
    private readonly calculator: CartCalculator,
  ) {}

  /**
   * The active methods with a rate in the cart's currency for a zone of its shipping address and a predicate
   * matching the cart, each narrowed to that zone and rate (marked `isMatching`), the default first.
   */
  async matchingCart(ctx: RequestContext, cartId: string, expand: readonly string[] = []): Promise<PagedQueryResult<ShippingMethod>> {
    const cart = await this.cartOf(ctx, cartId);
    const address = cart.shippingAddress;
    if (!address) throw new InvalidOperationError(`The cart with ID '${cart.id}' does not have a shipping address set.`);
    return this.shippingMethods.matching(ctx, address, cart.totalPrice.currencyCode, await this.calculator.facts(ctx, cart), expand);
  }

  /** As matchingCart, for the given location instead of the cart's address. */
  async matchingCartLocation(
    ctx: RequestContext,
    cartId: string,
    location: Location,
    expand: readonly string[] = [],
  ): Promise<PagedQueryResult<ShippingMethod>> {
    const cart = await this.cartOf(ctx, cartId);
    return this.shippingMethods.matching(ctx, location, cart.totalPrice.currencyCode, await this.calculator.facts(ctx, cart), expand);
  }

  private async cartOf(ctx: RequestContext, cartId: string): Promise<Cart> {
    const cart = await this.carts.repository.find(ctx, { id: cartId });
    if (!cart || !inRequestStore(ctx.storeKey, cart)) throw new ReferencedResourceNotFoundError('cart', { id: cartId });
    return cart;
  }
}
