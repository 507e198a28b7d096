import { api } from './auth.js';
import type { TestServer } from './test-server.js';

/**
 * Fixtures of the pricing resources (tax categories, zones, shipping methods, cart discounts,
 * discount codes), made through the HTTP API like a client would.
 */

export interface Resource {
  id: string;
  version: number;
  key?: string;
  [field: string]: unknown;
}

/** POSTs a draft that must be created (201); answers the new resource. */
export async function create<T = Resource>(server: TestServer, token: string, collection: string, draft: unknown): Promise<T> {
  const res = await api(server, token, `/${server.projectKey}/${collection}`, { body: draft });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`create ${collection}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

/** POSTs update actions to `/{collection}/{path}` (an id or `key=…`). */
export function update(server: TestServer, token: string, collection: string, path: string, version: number, actions: unknown[]): Promise<Response> {
  return api(server, token, `/${server.projectKey}/${collection}/${path}`, { body: { version, actions } });
}

/** Update actions that must succeed (200); answers the updated resource. */
export async function updated<T = Resource>(
  server: TestServer,
  token: string,
  collection: string,
  resource: { id: string; version: number },
  actions: unknown[],
): Promise<T> {
  const res = await update(server, token, collection, resource.id, resource.version, actions);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`update ${collection}: ${res.status} ${text}`);
  return JSON.parse(text) as T;
}

export const money = (centAmount: number, currencyCode = 'EUR') => ({ currencyCode, centAmount });

/** The money shape every answer uses. */
export const cents = (centAmount: number, currencyCode = 'EUR') => ({ type: 'centPrecision', currencyCode, centAmount, fractionDigits: 2 });

export function taxRate(country: string, amount: number, includedInPrice: boolean, more: Record<string, unknown> = {}) {
  return { name: `${Math.round(amount * 1000) / 10}% ${country}`, amount, includedInPrice, country, ...more };
}

let sortOrders = 0;
/** A sort order no other cart discount of the test file uses. */
export const nextSortOrder = () => `0.${String(++sortOrders).padStart(4, '0')}1`;
