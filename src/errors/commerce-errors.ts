/**
 * The platform's error codes of the commerce resources (prices, stock, carts, discount codes, custom objects),
 * beside the general ones of api-error.ts: each code is one class, thrown by the domain that finds it.
 */
import type { BaseAddress, Cart, Price, StandalonePrice } from '../../generated/openapi/client/types.gen.js';
import { ApiError } from './api-error.js';

export class MoneyOverflowError extends ApiError {
  constructor() {
    super(400, 'MoneyOverflow', 'A Money operation resulted in an overflow.');
  }
}

/** The platform's DuplicateStandalonePriceScope: another price of the SKU has the same scope. */
export class DuplicateStandalonePriceScopeError extends ApiError {
  constructor(price: StandalonePrice, conflictingId?: string) {
    super(
      400,
      'DuplicateStandalonePriceScope',
      `Duplicate standalone price scope for SKU '${price.sku}': another price has the same currency, country, customer group, channel and validity.`,
      {
        ...(conflictingId ? { conflictingStandalonePrice: { typeId: 'standalone-price', id: conflictingId } } : {}),
        sku: price.sku,
        currency: price.value.currencyCode,
        ...(price.country ? { country: price.country } : {}),
        ...(price.customerGroup ? { customerGroup: price.customerGroup } : {}),
        ...(price.channel ? { channel: price.channel } : {}),
        ...(price.validFrom ? { validFrom: price.validFrom } : {}),
        ...(price.validUntil ? { validUntil: price.validUntil } : {}),
      },
    );
  }
}

/** Two prices of one variant with the same key (spec: `key` unique per ProductVariant). */
export class DuplicatePriceKeyError extends ApiError {
  constructor(conflictingPrice: Price) {
    super(400, 'DuplicatePriceKey', `Duplicate price key: ${conflictingPrice.key}. The price key must be unique per variant.`, { conflictingPrice });
  }
}

/** Two prices of one variant that would apply to the same customers at the same time. */
export class DuplicatePriceScopeError extends ApiError {
  constructor(conflictingPrices: Price[]) {
    super(
      400,
      'DuplicatePriceScope',
      'Duplicate price scope: a variant cannot have two prices with the same currency, country, customer group, channel and validity.',
      {
        conflictingPrices,
      },
    );
  }
}

/** The platform's OutOfStock: line items of an order whose stock is missing or short. */
export class OutOfStockError extends ApiError {
  constructor(lineItems: string[], skus: string[]) {
    super(400, 'OutOfStock', `Some line items are out of stock at the time of placing the order: ${skus.join(', ')}.`, { lineItems, skus });
  }
}

/** The platform's error when a shipping method's predicate does not match the cart. */
export class ShippingMethodDoesNotMatchCartError extends ApiError {
  constructor() {
    super(400, 'ShippingMethodDoesNotMatchCart', 'The predicate does not match the cart.');
  }
}

/** A tax category has no rate for the cart's shipping address (the platform's MissingTaxRateForCountry). */
export class MissingTaxRateForCountryError extends ApiError {
  constructor(taxCategoryId: string, address: Pick<BaseAddress, 'country' | 'state'>) {
    const where = address.state !== undefined ? `'${address.country}' and state '${address.state}'` : `'${address.country}'`;
    super(400, 'MissingTaxRateForCountry', `Tax category ${taxCategoryId} is missing a tax rate for country ${where}.`, {
      taxCategoryId,
      country: address.country,
      ...(address.state !== undefined ? { state: address.state } : {}),
    });
  }
}

/**
 * The platform's answer to a code a cart cannot take: unknown, outside its validity period, or (when
 * ordering) not applying to the cart. `reason` is given for the first two only, as on the platform.
 */
export class DiscountCodeNonApplicableError extends ApiError {
  constructor(code: string, reason: 'DoesNotExist' | 'TimeRangeNonApplicable' | 'NotApplicable', extra: Record<string, unknown> = {}) {
    super(400, 'DiscountCodeNonApplicable', `The discountCode ${extra.discountCodeId ?? code} cannot be applied to the cart.`, {
      ...(reason === 'NotApplicable' ? {} : { discountCode: code, reason }),
      ...extra,
    });
  }
}

/** No price of the variant matches the cart (on the platform: the platform's MatchingPriceNotFound). */
export class MatchingPriceNotFoundError extends ApiError {
  constructor(productId: string, variantId: number, cart: Cart) {
    super(
      400,
      'MatchingPriceNotFound',
      `The variant '${variantId}' of product '${productId}' does not contain a price for currency '${cart.totalPrice.currencyCode}'${cart.country ? `, country '${cart.country}'` : ''}${cart.customerGroup ? `, customer group '${cart.customerGroup.id}'` : ''}.`,
      {
        productId,
        variantId,
        currency: cart.totalPrice.currencyCode,
        ...(cart.country ? { country: cart.country } : {}),
        ...(cart.customerGroup ? { customerGroup: cart.customerGroup } : {}),
      },
    );
  }
}

/** Two writers created the same container and key at once: the loser is told to retry (on the platform: a 409). */
export class ConcurrentCreateError extends ApiError {
  constructor(container: string, key: string) {
    super(
      409,
      'ConcurrentModification',
      `The custom object with container '${container}' and key '${key}' was created concurrently by another request. Retry.`,
    );
  }
}
