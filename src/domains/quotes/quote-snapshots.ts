import type { Cart, Order, OrderFromQuoteDraft, Quote, QuoteRequest, StagedQuote } from '../../../generated/openapi/client/types.gen.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import type { NewDocument } from '../../resources/document-repository.js';

/**
 * The copies the quote negotiation makes: a quote request is a snapshot of the buyer's cart, the
 * quotation cart a cart made from the request (the seller's to reprice), a quote a snapshot of the
 * quotation cart, and an order a snapshot of the quote. Each copies the same commercial fields.
 */
type Commercial = Pick<
  QuoteRequest,
  | 'lineItems'
  | 'customLineItems'
  | 'totalPrice'
  | 'taxedPrice'
  | 'shippingAddress'
  | 'billingAddress'
  | 'inventoryMode'
  | 'taxMode'
  | 'priceRoundingMode'
  | 'taxRoundingMode'
  | 'taxCalculationMode'
  | 'country'
  | 'shippingInfo'
  | 'paymentInfo'
  | 'itemShippingAddresses'
  | 'directDiscounts'
>;

/** The commercial fields of a cart (or of a quote request or quote, which have the same ones), without the unset ones. */
function commercial(from: Commercial): Commercial {
  const fields: Commercial = {
    lineItems: structuredClone(from.lineItems),
    customLineItems: structuredClone(from.customLineItems),
    totalPrice: from.totalPrice,
    taxMode: from.taxMode,
    priceRoundingMode: from.priceRoundingMode,
    taxRoundingMode: from.taxRoundingMode,
    taxCalculationMode: from.taxCalculationMode,
    itemShippingAddresses: from.itemShippingAddresses ?? [],
    directDiscounts: from.directDiscounts ?? [],
  };
  for (const name of ['taxedPrice', 'shippingAddress', 'billingAddress', 'inventoryMode', 'country', 'shippingInfo', 'paymentInfo'] as const) {
    if (from[name] !== undefined) Object.assign(fields, { [name]: structuredClone(from[name]) });
  }
  return fields;
}

/**
 * What the platform documents it refuses to request a quote for: a cart that is not Active, has no
 * customer or no shipping address, has discount codes or ships to several addresses.
 */
export function assertQuotable(cart: Cart): asserts cart is Cart & { customerId: string } {
  if (cart.cartState !== 'Active') throw new InvalidOperationError(`The cart is ${cart.cartState}: a quote can be requested only for an Active cart.`);
  if (cart.customerId === undefined) throw new InvalidOperationError("The cart has no customer: a quote can be requested only for a customer's cart.");
  if (cart.shippingAddress === undefined) throw new InvalidOperationError('The cart has no shipping address: a quote request needs one.');
  if (cart.discountCodes.length > 0) throw new InvalidOperationError('The cart has discount codes: a quote cannot be requested for it.');
  if (cart.shippingMode === 'Multiple') throw new InvalidOperationError('The cart has the Multiple shipping mode: a quote cannot be requested for it.');
}

/** A Submitted quote request for the cart. */
export function quoteRequestOf(cart: Cart & { customerId: string }): NewDocument<QuoteRequest> {
  return {
    quoteRequestState: 'Submitted',
    customer: { typeId: 'customer', id: cart.customerId },
    ...(cart.customerGroup ? { customerGroup: cart.customerGroup } : {}),
    ...(cart.store ? { store: cart.store } : {}),
    ...(cart.businessUnit ? { businessUnit: cart.businessUnit } : {}),
    ...commercial(cart),
    cart: { typeId: 'cart', id: cart.id },
  };
}

/** The seller's working copy of the requested cart: an Active cart of the buyer, made for the quote. */
export function quotationCartOf(request: QuoteRequest): NewDocument<Cart> {
  const fields = commercial(request);
  return {
    ...fields,
    customerId: request.customer.id,
    ...(request.customerGroup ? { customerGroup: request.customerGroup } : {}),
    ...(request.store ? { store: request.store } : {}),
    ...(request.businessUnit ? { businessUnit: request.businessUnit } : {}),
    totalLineItemQuantity: fields.lineItems.reduce((sum, line) => sum + line.quantity, 0),
    inventoryMode: fields.inventoryMode ?? 'None',
    cartState: 'Active',
    shippingMode: 'Single',
    shipping: [],
    discountCodes: [],
    refusedGifts: [],
    origin: 'Quote',
  } as NewDocument<Cart>;
}

/** A Pending quote of the staged quote, with the quotation cart as it is now. */
export function quoteOf(staged: StagedQuote, cart: Cart): NewDocument<Quote> {
  return {
    quoteRequest: staged.quoteRequest,
    stagedQuote: { typeId: 'staged-quote', id: staged.id },
    ...(staged.customer ? { customer: staged.customer } : {}),
    ...(cart.customerGroup ? { customerGroup: cart.customerGroup } : {}),
    ...(staged.validTo !== undefined ? { validTo: staged.validTo } : {}),
    ...(staged.sellerComment !== undefined ? { sellerComment: staged.sellerComment } : {}),
    ...(staged.store ? { store: staged.store } : {}),
    ...(staged.businessUnit ? { businessUnit: staged.businessUnit } : {}),
    ...(staged.purchaseOrderNumber !== undefined ? { purchaseOrderNumber: staged.purchaseOrderNumber } : {}),
    ...commercial(cart as Commercial),
    quoteState: 'Pending',
  };
}

/** The order of a quote (origin Quote); its cart is the quotation cart, so a quote is ordered at most once. */
export function orderOf(
  quote: Quote,
  cart: Cart,
  draft: Omit<OrderFromQuoteDraft, 'quote' | 'version'>,
): Omit<Order, 'id' | 'version' | 'createdAt' | 'lastModifiedAt'> {
  const { lineItems, customLineItems, directDiscounts: _, priceRoundingMode: __, inventoryMode: ___, ...rest } = commercial(quote);
  return {
    ...(draft.orderNumber !== undefined ? { orderNumber: draft.orderNumber } : {}),
    ...(quote.purchaseOrderNumber !== undefined ? { purchaseOrderNumber: quote.purchaseOrderNumber } : {}),
    ...(quote.customer ? { customerId: quote.customer.id } : {}),
    ...(cart.customerEmail !== undefined ? { customerEmail: cart.customerEmail } : {}),
    ...(quote.store ? { store: quote.store } : {}),
    ...(quote.businessUnit ? { businessUnit: quote.businessUnit } : {}),
    ...(cart.locale !== undefined ? { locale: cart.locale } : {}),
    ...rest,
    lineItems,
    customLineItems,
    discountCodes: [],
    itemShippingAddresses: rest.itemShippingAddresses ?? [],
    orderState: draft.orderState ?? 'Open',
    ...(draft.paymentState !== undefined ? { paymentState: draft.paymentState } : {}),
    ...(draft.shipmentState !== undefined ? { shipmentState: draft.shipmentState } : {}),
    origin: 'Quote',
    cart: { typeId: 'cart', id: cart.id },
    quote: { typeId: 'quote', id: quote.id },
  };
}
