/**
 * The cart hot calls: addLineItem on a cart (ours and the emulator, the same call), a
 * quantity change on a cart a cart discount applies to (the recalculation with discounts), and a
 * sign-in that merges an anonymous cart into the customer's cart (ours only: GraphQL customerSignIn;
 * the emulator has no GraphQL, and the HTTP /login of our customer API is not on this branch yet).
 */
import type autocannon from 'autocannon';
import { inPool, type Api } from './seed.js';

export interface SeededShop {
  productId: string;
  /**
   * One fresh cart per connection of each run: `version` follows the answers, and a run that stops
   * with a request in flight leaves its carts a version ahead, so no cart is used by two runs.
   */
  carts: { id: string; version: number }[];
  nextCart: number;
  /**
   * Carts holding the bench shirt and a product of the sale category, which a relative cart discount
   * (10% off line items in that category) reaches; one per connection of each run, as `carts`.
   */
  discountedCarts: { id: string; version: number; saleLineItemId: string }[];
  nextDiscountedCart: number;
  /** Ours only: a customer with a cart, and anonymous carts, each merged by exactly one sign-in. */
  signIn?: { email: string; password: string; anonymousCarts: string[]; next: number };
}

async function post<T>(api: Api, token: string, path: string, body: unknown, status = 201): Promise<T> {
  const url = `${api.url}/${api.projectKey}${path}`;
  const res = await fetch(url, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== status) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/**
 * The sale category, a product in it and a cart discount taking 10% off the line items in it
 * (cartPredicate `1 = 1`, the target by category); `cartCount` carts holding a bench shirt and a
 * sale product. The emulator stores the discount but does not apply it.
 */
async function seedDiscountedCarts(api: Api, token: string, productTypeId: string, shirtId: string, cartCount: number): Promise<SeededShop['discountedCarts']> {
  const category = await post<{ id: string }>(api, token, '/categories', { key: 'bench-sale', name: { en: 'Sale' }, slug: { en: 'bench-sale' } });
  const sale = await post<{ id: string }>(api, token, '/products', {
    productType: { typeId: 'product-type', id: productTypeId },
    name: { en: 'Bench sale shirt' },
    slug: { en: 'bench-sale-shirt' },
    categories: [{ typeId: 'category', id: category.id }],
    masterVariant: { sku: 'bench-sale-shirt', prices: [{ value: { currencyCode: 'EUR', centAmount: 2999 } }] },
    publish: true,
  });
  await post(api, token, '/cart-discounts', {
    key: 'bench-sale',
    name: { en: '10% off the sale' },
    value: { type: 'relative', permyriad: 1000 },
    cartPredicate: '1 = 1',
    target: { type: 'lineItems', predicate: `categories.id contains "${category.id}"` },
    sortOrder: '0.5',
    isActive: true,
    requiresDiscountCode: false,
  });
  const draft = {
    currency: 'EUR',
    lineItems: [
      { productId: shirtId, variantId: 1, quantity: 1 },
      { productId: sale.id, variantId: 1, quantity: 1 },
    ],
  };
  return inPool(cartCount, 8, async () => {
    const cart = await post<{ id: string; version: number; lineItems: { id: string; productId: string }[] }>(api, token, '/carts', draft);
    return { id: cart.id, version: cart.version, saleLineItemId: cart.lineItems.find((li) => li.productId === sale.id)!.id };
  });
}

/** A published product with a EUR price, `cartCount` empty carts and as many discounted ones; with `anonymousCarts`, the sign-in data too. */
export async function seedShop(api: Api, token: string, cartCount: number, anonymousCarts = 0): Promise<SeededShop> {
  const type = await post<{ id: string }>(api, token, '/product-types', { name: 'bench', description: 'bench' });
  const product = await post<{ id: string }>(api, token, '/products', {
    productType: { typeId: 'product-type', id: type.id },
    name: { en: 'Bench shirt' },
    slug: { en: 'bench-shirt' },
    masterVariant: { sku: 'bench-shirt', prices: [{ value: { currencyCode: 'EUR', centAmount: 1999 } }] },
    publish: true,
  });
  const cartDraft = { currency: 'EUR' };
  const carts = await inPool(cartCount, 8, async () => {
    const cart = await post<{ id: string; version: number }>(api, token, '/carts', cartDraft);
    return { id: cart.id, version: cart.version };
  });
  const discountedCarts = await seedDiscountedCarts(api, token, type.id, product.id, cartCount);
  const shop = { productId: product.id, carts, nextCart: 0, discountedCarts, nextDiscountedCart: 0 };
  if (anonymousCarts === 0) return shop;
  const email = 'shopper@bench.example';
  const password = 'bench-pw';
  const { customer } = await post<{ customer: { id: string } }>(api, token, '/customers', { email, password });
  await post(api, token, '/carts', { currency: 'EUR', customerId: customer.id, lineItems: [{ productId: product.id, quantity: 1 }] });
  const anonymous = await inPool(anonymousCarts, 8, async (i) => {
    const cart = await post<{ id: string }>(api, token, '/carts', {
      currency: 'EUR',
      anonymousId: `bench-anonymous-${i}`,
      lineItems: [{ productId: product.id, quantity: 2 }],
    });
    return cart.id;
  });
  return { ...shop, signIn: { email, password, anonymousCarts: anonymous, next: 0 } };
}

/**
 * One update action per request on a cart of the connection's own (`take` hands it out), sending the
 * version the previous answer returned.
 */
function ownCartUpdates<C extends { id: string; version: number }>(
  url: string,
  projectKey: string,
  token: string,
  take: () => C,
  action: (cart: C) => unknown,
): autocannon.Options {
  return {
    url: `${url}/${projectKey}/carts`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    setupClient: (client) => {
      const cart = take();
      client.setRequests([
        {
          path: `/${projectKey}/carts/${cart.id}`,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ version: cart.version, actions: [action(cart)] }) }),
          onResponse: (status, body) => {
            if (status === 200) cart.version = (JSON.parse(body) as { version: number }).version;
          },
        },
      ]);
    },
  };
}

function taken<T>(item: T | undefined, what: string): T {
  if (!item) throw new Error(`bench: ran out of seeded ${what}`);
  return item;
}

/** addLineItem on the connection's own cart (the same product each time: the line item's quantity grows). */
export function addLineItemOptions(url: string, projectKey: string, token: string, shop: SeededShop): autocannon.Options {
  return ownCartUpdates(
    url,
    projectKey,
    token,
    () => taken(shop.carts[shop.nextCart++], 'carts for the addLineItem runs'),
    () => ({ action: 'addLineItem', productId: shop.productId, variantId: 1, quantity: 1 }),
  );
}

/**
 * changeLineItemQuantity on the sale line of the connection's own discounted cart, cycling its
 * quantity through 1..5: each change reprices the cart and applies the cart discount again.
 */
export function changeDiscountedQuantityOptions(url: string, projectKey: string, token: string, shop: SeededShop): autocannon.Options {
  return ownCartUpdates(
    url,
    projectKey,
    token,
    () => taken(shop.discountedCarts[shop.nextDiscountedCart++], 'discounted carts for the cart discount runs'),
    (cart) => ({ action: 'changeLineItemQuantity', lineItemId: cart.saleLineItemId, quantity: 1 + (cart.version % 5) }),
  );
}

const SIGN_IN = 'mutation ($draft: CustomerSignInDraft!) { customerSignIn(draft: $draft) { customer { id } cart { id version } } }';

/** customerSignIn with a new anonymous cart each time: its line item is merged into the customer's cart. */
export function signInWithMergeOptions(url: string, projectKey: string, token: string, shop: SeededShop): autocannon.Options {
  const signIn = shop.signIn!;
  return {
    url: `${url}/${projectKey}/graphql`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [
      {
        setupRequest: (req) => {
          const anonymousCartId = signIn.anonymousCarts[signIn.next++];
          if (anonymousCartId === undefined) throw new Error('bench: ran out of seeded anonymous carts for the sign-in call');
          return {
            ...req,
            body: JSON.stringify({ query: SIGN_IN, variables: { draft: { email: signIn.email, password: signIn.password, anonymousCartId } } }),
          };
        },
      },
    ],
  };
}
