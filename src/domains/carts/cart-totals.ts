import type { Cart, CustomLineItem, LineItem, Product, TaxRate } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { applyCartDiscounts, type DiscountedPrices } from './cart-discounts.js';
import { recalculateTotals, type ProductLookup } from './cart-lines.js';
import type { CartFacts } from '../../query/cart/cart-predicate-scopes.js';
import { shippingPrice } from './cart-shipping.js';
import { predicateMatches } from '../shipping/index.js';
import { cartSources, type CartSourceRepositories, type CartSources } from './cart-sources.js';
import { cartTaxedPrice, discountTaxed, taxItem, taxRateFor, toTaxedPrice, type Taxed } from './cart-taxes.js';
import { groupsTotal, mergeGroups, type DiscountPortion, type UnitGroup } from '../../shared/money/discount-distribution.js';
import { centMoney, sum, type CentPrecisionMoney } from '../../shared/money/money.js';

const reference = (id: string) => ({ typeId: 'cart-discount' as const, id });

function portionsOut(portions: readonly DiscountPortion[], currency: string) {
  return portions.map((p) => ({ discount: reference(p.discountId), discountedAmount: centMoney(currency, p.amount) }));
}

const categoryIds = (product: Product | undefined) => (product?.masterData.current.categories ?? []).map((c) => c.id);

/** Each product's categories and their ancestors (every category read once, all in one statement). */
async function withAncestors(products: readonly (Product | undefined)[], sources: CartSources): Promise<string[][]> {
  const ids = [...new Set(products.flatMap(categoryIds))];
  const categories = new Map((await sources.categories(ids)).map((category, i) => [ids[i], category]));
  return products.map((product) => {
    const all = new Set<string>();
    for (const id of categoryIds(product)) {
      all.add(id);
      for (const ancestor of categories.get(id)?.ancestors ?? []) all.add(ancestor.id);
    }
    return [...all];
  });
}

/** An item's units before cart discounts: one group at its unit price (a line total that is not unit × quantity stays whole). */
function initialGroups(item: LineItem | CustomLineItem): UnitGroup[] {
  const unit = BigInt('price' in item ? item.price.value.centAmount : item.money.centAmount);
  const total = BigInt(item.totalPrice.centAmount);
  if (item.quantity === 0) return [];
  return unit * BigInt(item.quantity) === total ? [{ quantity: item.quantity, unit, portions: [] }] : [{ quantity: 1, unit: total, portions: [] }];
}

/** An item's price after cart discounts: its total, and the discounted units (only those a discount reached). */
function writeDiscounted(item: LineItem | CustomLineItem, groups: readonly UnitGroup[], currency: string): void {
  const merged = mergeGroups(groups);
  item.totalPrice = centMoney(currency, groupsTotal(merged));
  item.discountedPricePerQuantity = merged
    .filter((g) => g.portions.length > 0)
    .map((g) => ({ quantity: g.quantity, discountedPrice: { value: centMoney(currency, g.unit), includedDiscounts: portionsOut(g.portions, currency) } }));
}

/**
 * Recalculates a cart after any change, in the platform's order: line item prices (price
 * selection), the shipping price, cart discounts (discount codes' states included), the totals,
 * then taxes (Platform tax mode with a shipping address). Reads what it needs through CartSources,
 * at most once per request.
 */
export class CartCalculator {
  constructor(private readonly repositories: CartSourceRepositories) {}

  sources(ctx: RequestContext): CartSources {
    return cartSources(ctx, this.repositories);
  }

  /** Products as the cart's actions read them: through the request's sources, so the recalculation that follows reads none again. */
  readonly products: ProductLookup = {
    byId: (ctx, id) => this.sources(ctx).product(id),
    byIds: async (ctx, ids) => (await this.sources(ctx).products(ids)).filter((p): p is Product => p !== undefined),
    bySku: (ctx, sku) => this.sources(ctx).productBySku(sku),
  };

  async recalculate(ctx: RequestContext, cart: Cart): Promise<void> {
    const now = ctx.app.clock.now();
    const sources = this.sources(ctx);
    const currency = cart.totalPrice.currencyCode;
    recalculateTotals(cart, now);
    const itemsTotal = cart.totalPrice;
    const shippingBase = cart.shippingInfo ? shippingPrice(cart.shippingInfo, itemsTotal) : undefined;
    const facts = await this.factsOf(cart, sources, itemsTotal.centAmount + (shippingBase?.centAmount ?? 0));
    const prices: DiscountedPrices = {
      lineItems: cart.lineItems.map(initialGroups),
      customLineItems: cart.customLineItems.map(initialGroups),
      ...(shippingBase ? { shipping: { price: BigInt(shippingBase.centAmount), portions: [] } } : {}),
      totalPrice: [],
    };
    await this.refreshShippingState(cart, facts, sources);
    await applyCartDiscounts(cart, facts, prices, sources, now);

    cart.lineItems.forEach((item, i) => writeDiscounted(item, prices.lineItems[i], currency));
    cart.customLineItems.forEach((item, i) => writeDiscounted(item, prices.customLineItems[i], currency));
    const shipping = cart.shippingInfo && prices.shipping ? this.writeShipping(cart, shippingBase!, prices.shipping, currency) : undefined;
    const beforeTotalDiscount = sum(currency, [
      ...cart.lineItems.map((li) => li.totalPrice),
      ...cart.customLineItems.map((c) => c.totalPrice),
      ...(shipping ? [shipping] : []),
    ]);
    const totalDiscount = prices.totalPrice.reduce((n, p) => n + p.amount, 0n);
    cart.totalPrice = centMoney(currency, BigInt(beforeTotalDiscount.centAmount) - totalDiscount);
    if (totalDiscount > 0n) {
      cart.discountOnTotalPrice = { discountedAmount: centMoney(currency, totalDiscount), includedDiscounts: portionsOut(prices.totalPrice, currency) };
    } else {
      delete cart.discountOnTotalPrice;
    }
    await this.applyTaxes(cart, facts, prices, sources, { discount: totalDiscount, total: BigInt(beforeTotalDiscount.centAmount) });
  }

  /** What predicates see of a cart as it is stored (its total already includes its shipping and discounts). */
  facts(ctx: RequestContext, cart: Cart): Promise<CartFacts> {
    return this.factsOf(cart, this.sources(ctx), cart.totalPrice.centAmount);
  }

  private async factsOf(cart: Cart, sources: CartSources, totalCents: number): Promise<CartFacts> {
    const products = await sources.products(cart.lineItems.map((item) => item.productId));
    const categories = await withAncestors(products, sources);
    return {
      cart,
      lineItems: cart.lineItems.map((item, i) => ({ item, product: products[i], categoriesWithAncestors: categories[i] })),
      totalPrice: { currencyCode: cart.totalPrice.currencyCode, centAmount: totalCents },
    };
  }

  /** shippingInfo's state follows the method's predicate (and its name and tax category the method). */
  private async refreshShippingState(cart: Cart, facts: CartFacts, sources: CartSources): Promise<void> {
    const info = cart.shippingInfo;
    if (!info?.shippingMethod) return;
    const method = await sources.shippingMethod(info.shippingMethod.id);
    if (!method) return;
    info.shippingMethodName = method.name;
    info.taxCategory = method.taxCategory;
    info.shippingMethodState = predicateMatches(method, facts) ? 'MatchesCart' : 'DoesNotMatchCart';
  }

  /** Shipping info's price (before cart discounts) and discounted price; answers what the cart pays for shipping. */
  private writeShipping(
    cart: Cart,
    base: CentPrecisionMoney,
    discounted: { price: bigint; portions: DiscountPortion[] },
    currency: string,
  ): CentPrecisionMoney {
    const info = cart.shippingInfo!;
    info.price = base;
    const paid = centMoney(currency, discounted.price);
    if (discounted.portions.length > 0) info.discountedPrice = { value: paid, includedDiscounts: portionsOut(discounted.portions, currency) };
    else delete info.discountedPrice;
    return paid;
  }

  /**
   * Taxes in the Platform tax mode once the cart has a shipping address: each line item by its
   * product's tax category, each custom line item and the shipping by theirs; the cart's taxed price
   * when every item (and the shipping) has a rate. A category lacking the address's rate fails the
   * change (MissingTaxRateForCountry), as on the platform.
   */
  private async applyTaxes(
    cart: Cart,
    facts: CartFacts,
    prices: DiscountedPrices,
    sources: CartSources,
    totalDiscount: { discount: bigint; total: bigint },
  ): Promise<void> {
    const address = cart.shippingAddress;
    const platform = cart.taxMode === 'Platform' && address !== undefined;
    const currency = cart.totalPrice.currencyCode;
    const rateOf = async (categoryId: string | undefined): Promise<TaxRate | undefined> => {
      if (!platform || categoryId === undefined) return undefined;
      const category = await sources.taxCategory(categoryId);
      return category ? taxRateFor(category, address) : undefined;
    };
    const taxed: Taxed[] = [];
    let complete = platform;
    const taxItemAt = async (
      item: LineItem | CustomLineItem | NonNullable<Cart['shippingInfo']>,
      categoryId: string | undefined,
      groups: UnitGroup[],
    ): Promise<Taxed | undefined> => {
      const rate = await rateOf(categoryId);
      if (!rate) {
        delete item.taxRate;
        delete item.taxedPrice;
        complete = false;
        return undefined;
      }
      const result = taxItem(groups, rate, cart);
      item.taxRate = structuredClone(rate);
      item.taxedPrice = toTaxedPrice(result, currency);
      taxed.push(result);
      return result;
    };
    for (const [i, item] of cart.lineItems.entries()) await taxItemAt(item, facts.lineItems[i].product?.taxCategory?.id, prices.lineItems[i]);
    for (const [i, item] of cart.customLineItems.entries()) await taxItemAt(item, item.taxCategory?.id, prices.customLineItems[i]);
    let shippingTaxed: Taxed | undefined;
    if (cart.shippingInfo && prices.shipping) {
      shippingTaxed = await taxItemAt(cart.shippingInfo, cart.shippingInfo.taxCategory?.id, [{ quantity: 1, unit: prices.shipping.price, portions: [] }]);
    }
    if (!complete) {
      delete cart.taxedPrice;
      delete cart.taxedShippingPrice;
      if (cart.discountOnTotalPrice) {
        delete cart.discountOnTotalPrice.discountedNetAmount;
        delete cart.discountOnTotalPrice.discountedGrossAmount;
      }
      return;
    }
    const { discount, total } = totalDiscount;
    const whole = cartTaxedPrice(taxed);
    const discounted = discountTaxed(whole, discount, total, cart.taxRoundingMode);
    cart.taxedPrice = toTaxedPrice(discounted, currency);
    if (cart.discountOnTotalPrice) {
      cart.discountOnTotalPrice.discountedNetAmount = centMoney(currency, whole.net - discounted.net);
      cart.discountOnTotalPrice.discountedGrossAmount = centMoney(currency, whole.gross - discounted.gross);
    }
    if (shippingTaxed) cart.taxedShippingPrice = toTaxedPrice(discountTaxed(shippingTaxed, discount, total, cart.taxRoundingMode), currency);
    else delete cart.taxedShippingPrice;
  }
}
