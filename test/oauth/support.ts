import { api, clientToken, createApiClient, oauthPost, type ClientCredentials } from '../support/auth.js';
import type { TestServer } from '../support/test-server.js';

export interface TokenBody {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/** Creates a customer through the API (global, or of the given stores, which are created if missing). */
export async function signUp(server: TestServer, email: string, password: string, storeKeys: string[] = []): Promise<string> {
  const token = await clientToken(server, `manage_customers:${server.projectKey} manage_stores:${server.projectKey}`);
  for (const key of storeKeys) {
    const res = await api(server, token, `/${server.projectKey}/stores`, { body: { key, name: { en: key } } });
    if (res.status !== 201 && res.status !== 400) throw new Error(`store ${key}: ${res.status} ${await res.text()}`);
  }
  const body = storeKeys.length ? { email, password, stores: storeKeys.map((key) => ({ typeId: 'store', key })) } : { email, password };
  const res = await api(server, token, `/${server.projectKey}/customers`, { body });
  if (res.status !== 201) throw new Error(`sign-up ${email}: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { customer: { id: string } }).customer.id;
}

export async function tokenRequest(
  server: TestServer,
  path: string,
  credentials: ClientCredentials,
  form: Record<string, string>,
): Promise<{ status: number; body: TokenBody & Record<string, unknown>; headers: Headers }> {
  const res = await oauthPost(server, path, credentials, form);
  const text = await res.text();
  return { status: res.status, body: text ? JSON.parse(text) : {}, headers: res.headers };
}

export async function introspect(server: TestServer, credentials: ClientCredentials, token: string): Promise<Record<string, unknown>> {
  const res = await oauthPost(server, '/oauth/introspect', credentials, { token });
  if (res.status !== 200) throw new Error(`introspection: ${res.status} ${await res.text()}`);
  return (await res.json()) as Record<string, unknown>;
}

export { createApiClient };
