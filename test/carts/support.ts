import { api, createApiClient } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import type { TestServer } from '../support/test-server.js';

export interface Money {
  type: string;
  currencyCode: string;
  centAmount: number;
  fractionDigits: number;
  preciseAmount?: number;
}
export interface PriceBody {
  id: string;
  key?: string;
  value: Money;
  country?: string;
  tiers?: { minimumQuantity: number; value: Money }[];
}
export interface VariantBody {
  id: number;
  sku?: string;
  key?: string;
  prices: PriceBody[];
  assets: { id: string; sources: unknown[] }[];
}
export interface ProductBody {
  id: string;
  version: number;
  key?: string;
  masterData: {
    published: boolean;
    hasStagedChanges: boolean;
    current: { name: Record<string, string>; masterVariant: VariantBody; variants: VariantBody[] };
    staged: { name: Record<string, string>; masterVariant: VariantBody; variants: VariantBody[] };
  };
}
export interface LineItemBody {
  id: string;
  productId: string;
  variant: { id: number; sku?: string };
  quantity: number;
  price: PriceBody;
  totalPrice: Money;
  shippingDetails?: { targets: { addressKey: string; quantity: number }[]; valid: boolean };
}
export interface CartBody {
  id: string;
  version: number;
  customerId?: string;
  anonymousId?: string;
  cartState: string;
  lineItems: LineItemBody[];
  customLineItems: { id: string; slug: string; quantity: number; totalPrice: Money }[];
  itemShippingAddresses: { key?: string; country: string; city?: string }[];
  totalPrice: Money;
  totalLineItemQuantity?: number;
  lastModifiedAt: string;
}

/** Sends a request that must answer `status`; answers the JSON body. */
export async function ok<T>(res: Promise<Response>, status = 200): Promise<T> {
  const r = await res;
  const text = await r.text();
  if (r.status !== status) throw new Error(`expected ${status}, got ${r.status}: ${text}`);
  return JSON.parse(text) as T;
}

export const eur = (centAmount: number) => ({ currencyCode: 'EUR', centAmount });

/**
 * A product type, and a published product with one variant per SKU, each priced by `prices`
 * (drafts); `more` adds draft fields (taxCategory, categories, ...).
 */
export async function publishedProduct(
  server: TestServer,
  token: string,
  key: string,
  variants: { sku: string; prices: unknown[] }[],
  more: Record<string, unknown> = {},
): Promise<ProductBody> {
  const type = await ok<{ id: string }>(api(server, token, `/${server.projectKey}/product-types`, { body: { name: `type-${key}`, description: 'test' } }), 201);
  const [master, ...rest] = variants;
  return ok<ProductBody>(
    api(server, token, `/${server.projectKey}/products`, {
      body: {
        key,
        productType: { typeId: 'product-type', id: type.id },
        name: { en: key },
        slug: { en: key },
        masterVariant: master,
        variants: rest,
        publish: true,
        ...more,
      },
    }),
    201,
  );
}

/** An anonymous-session token (with the /me scopes) and its anonymous id. */
export async function anonymousSession(server: TestServer, anonymousId?: string): Promise<{ token: string; anonymousId: string }> {
  const p = server.projectKey;
  const creds = await createApiClient(server, p, `create_anonymous_token:${p} manage_my_profile:${p} manage_my_orders:${p}`);
  const { status, body } = await tokenRequest(server, `/oauth/${p}/anonymous/token`, creds, {
    grant_type: 'client_credentials',
    ...(anonymousId ? { anonymous_id: anonymousId } : {}),
  });
  if (status !== 200) throw new Error(`anonymous token: ${status} ${JSON.stringify(body)}`);
  const scope = String(body.scope);
  return { token: body.access_token, anonymousId: /anonymous_id=([^ ]+)/.exec(scope)?.[1] ?? '' };
}
