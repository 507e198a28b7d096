import type { Cart, Customer, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { DocumentAddress } from '../../resources/document-repository.js';

/** The API representation of a customer; `password` is only ever the masked form. */
export type CustomerDocument = Customer;

/** How a route names a customer: by id or by `key=`. */
export type CustomerSelector = DocumentAddress;

/** Sign-up and sign-in answer the customer and, when there is one, the active cart (CustomerSignInResult). */
export interface SignInResult {
  customer: CustomerDocument;
  cart?: Cart;
}

/** What a sign-in or sign-up hands to the carts module (anonymous cart and session to take over). */
export interface CartSignInRequest {
  customer: CustomerDocument;
  anonymousCartId?: string;
  /** The anonymous cart by id or key (the manual merge's `anonymousCart`); wins over anonymousCartId. */
  anonymousCart?: ResourceIdentifier;
  anonymousId?: string;
  mode: 'MergeWithExistingCustomerCart' | 'UseAsNewActiveCustomerCart';
  updateProductData: boolean;
  /** The store of an in-store sign-in: the customer's active cart is the one of that store. */
  storeKey?: string;
  /**
   * The manual merge (`/carts/customer-id={customerId}/merge`), not a sign-in: only the anonymous
   * session's carts go to the customer (not its orders and shopping lists), and in a store only the
   * store's carts are seen.
   */
  manual?: boolean;
}

/** The seam for carts: assigns the anonymous cart/session to the customer, answers the active cart. */
export type CartSignIn = (ctx: RequestContext, request: CartSignInRequest) => Promise<Cart | undefined>;

/** What the customer domain announces (see resources/domain-events.ts). */
export interface CustomerEvents {
  /** In the deletion's transaction, before the customer's row goes: what refers to the customer follows it. */
  'customer.deleting': { tx: RequestContext; customer: CustomerDocument };
  /** After the deletion committed (the OAuth module revokes the customer's sessions). */
  'customer.deleted': { ctx: RequestContext; customer: CustomerDocument };
}
