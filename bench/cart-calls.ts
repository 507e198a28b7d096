/**
 * The cart hot calls (issue 11): addLineItem on a cart (ours and the emulator, the same call), and a
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
  /** Ours only: a customer with a cart, and anonymous carts, each merged by exactly one sign-in. */
  signIn?: { email: string; password: string; anonymousCarts: string[]; next: number };
}

async function post<T>(api: Api, token: string, path: string, body: unknown, status = 201): Promise<T> {
  const url = `${api.url}/${api.projectKey}${path}`;
  const res = await fetch(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
  const text = await res.text();
  if (res.status !== status) throw new Error(`POST ${url} answered ${res.status}: ${text}`);
  return JSON.parse(text) as T;
}

/** A published product with a EUR price, `cartCount` empty carts; with `anonymousCarts`, the sign-in data too. */
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
  if (anonymousCarts === 0) return { productId: product.id, carts, nextCart: 0 };
  const email = 'shopper@bench.example';
  const password = 'bench-pw';
  const { customer } = await post<{ customer: { id: string } }>(api, token, '/customers', { email, password });
  await post(api, token, '/carts', { currency: 'EUR', customerId: customer.id, lineItems: [{ productId: product.id, quantity: 1 }] });
  const anonymous = await inPool(anonymousCarts, 8, async (i) => {
    const cart = await post<{ id: string }>(api, token, '/carts', { currency: 'EUR', anonymousId: `bench-anonymous-${i}`, lineItems: [{ productId: product.id, quantity: 2 }] });
    return cart.id;
  });
  return { productId: product.id, carts, nextCart: 0, signIn: { email, password, anonymousCarts: anonymous, next: 0 } };
}

/** addLineItem on the connection's own cart (the same product each time: the line item's quantity grows). */
export function addLineItemOptions(url: string, projectKey: string, token: string, shop: SeededShop): autocannon.Options {
  return {
    url: `${url}/${projectKey}/carts`,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    setupClient: (client) => {
      const cart = shop.carts[shop.nextCart++];
      if (!cart) throw new Error('bench: ran out of seeded carts for the addLineItem runs');
      client.setRequests([
        {
          path: `/${projectKey}/carts/${cart.id}`,
          setupRequest: (req) => ({ ...req, body: JSON.stringify({ version: cart.version, actions: [{ action: 'addLineItem', productId: shop.productId, variantId: 1, quantity: 1 }] }) }),
          onResponse: (status, body) => {
            if (status === 200) cart.version = (JSON.parse(body) as { version: number }).version;
          },
        },
      ]);
    },
  };
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
          return { ...req, body: JSON.stringify({ query: SIGN_IN, variables: { draft: { email: signIn.email, password: signIn.password, anonymousCartId } } }) };
        },
      },
    ],
  };
}
