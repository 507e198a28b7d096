import { createApiClient } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import type { TestServer } from '../support/test-server.js';

export { ok, eur, publishedProduct, type ProductBody } from '../carts/support.js';

export interface ShoppingListLineItemBody {
  id: string;
  key?: string;
  productId: string;
  name: Record<string, string>;
  productType: { typeId: string; id: string };
  variantId?: number;
  variant?: { id: number; sku?: string; prices: unknown[] };
  productSlug?: Record<string, string>;
  quantity: number;
  addedAt: string;
  published: boolean;
}
export interface TextLineItemBody {
  id: string;
  key?: string;
  name: Record<string, string>;
  description?: Record<string, string>;
  quantity: number;
  addedAt: string;
}
export interface ShoppingListBody {
  id: string;
  version: number;
  key?: string;
  name: Record<string, string>;
  slug?: Record<string, string>;
  description?: Record<string, string>;
  customer?: { typeId: string; id: string; obj?: { email: string } };
  anonymousId?: string;
  store?: { typeId: string; key: string };
  lineItems: ShoppingListLineItemBody[];
  textLineItems: TextLineItemBody[];
  deleteDaysAfterLastModification?: number;
  custom?: { type: { typeId: string; id: string }; fields: Record<string, unknown> };
  createdAt: string;
  lastModifiedAt: string;
}
export interface Page<T> {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: T[];
}

/** The scopes a storefront's /me client holds for shopping lists (and sign-in). */
export const myScopes = (p: string) => `manage_my_shopping_lists:${p} manage_my_profile:${p} manage_my_orders:${p}`;

/** An anonymous-session token with the /me shopping list scope, and its anonymous id. */
export async function anonymousListSession(server: TestServer, scope = myScopes(server.projectKey)): Promise<{ token: string; anonymousId: string }> {
  const p = server.projectKey;
  const creds = await createApiClient(server, p, `create_anonymous_token:${p} ${scope}`);
  const { status, body } = await tokenRequest(server, `/oauth/${p}/anonymous/token`, creds, { grant_type: 'client_credentials' });
  if (status !== 200) throw new Error(`anonymous token: ${status} ${JSON.stringify(body)}`);
  return { token: body.access_token, anonymousId: /anonymous_id=([^ ]+)/.exec(String(body.scope))?.[1] ?? '' };
}
