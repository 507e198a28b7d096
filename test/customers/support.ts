import { api, clientToken } from '../support/auth.js';
import type { TestServer } from '../support/test-server.js';

/** The customer as the API answers it (the fields these tests read). */
export interface CustomerBody {
  id: string;
  version: number;
  key?: string;
  email: string;
  password?: string;
  addresses: { id: string; key?: string; country: string; city?: string }[];
  defaultShippingAddressId?: string;
  defaultBillingAddressId?: string;
  shippingAddressIds: string[];
  billingAddressIds: string[];
  isEmailVerified: boolean;
  stores: { typeId: string; key: string }[];
  authenticationMode: string;
  createdBy?: { clientId?: string };
  [field: string]: unknown;
}

export interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { code: string; message: string; [extra: string]: unknown }[];
}

/** A token that may manage customers and create the stores the tests need. */
export function managerToken(server: TestServer): Promise<string> {
  return clientToken(server, `manage_customers:${server.projectKey} manage_stores:${server.projectKey}`);
}

/** Creates a store through the API (the store customers of these tests belong to it). */
export async function createStore(server: TestServer, token: string, key: string): Promise<{ id: string; key: string }> {
  const res = await api(server, token, `/${server.projectKey}/stores`, { body: { key, name: { en: key } } });
  if (res.status !== 201) throw new Error(`store ${key}: ${res.status} ${await res.text()}`);
  return (await res.json()) as { id: string; key: string };
}

export async function signUp(server: TestServer, token: string, draft: Record<string, unknown>): Promise<Response> {
  return api(server, token, `/${server.projectKey}/customers`, { body: draft });
}

/** Signs up and expects success; answers the customer. */
export async function createCustomer(server: TestServer, token: string, draft: Record<string, unknown>): Promise<CustomerBody> {
  const res = await signUp(server, token, draft);
  if (res.status !== 201) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { customer: CustomerBody }).customer;
}
