import type { TestServer } from './test-server.js';
import { systemContext } from '../../src/context.js';

export interface ClientCredentials {
  clientId: string;
  clientSecret: string;
}

/** Creates an API client the way the admin interface does (the first client is created outside the API). */
export async function createApiClient(server: TestServer, projectKey: string, scope: string): Promise<ClientCredentials> {
  const client = await server.app.services.apiClients.create(systemContext(server.services, projectKey), { name: `test ${scope}`, scope });
  return { clientId: client.id, clientSecret: client.secret! };
}

export function basic({ clientId, clientSecret }: ClientCredentials): string {
  return `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`;
}

/** POST a form to an /oauth endpoint with HTTP Basic client authentication. */
export function oauthPost(server: TestServer, path: string, credentials: ClientCredentials, form: Record<string, string>): Promise<Response> {
  return server.request(path, {
    method: 'POST',
    headers: { Authorization: basic(credentials), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(form).toString(),
  });
}

/** A client-credentials access token holding `scope` (space-separated, project-qualified scopes). */
export async function clientToken(server: TestServer, scope: string, projectKey = server.projectKey): Promise<string> {
  const credentials = await createApiClient(server, projectKey, scope);
  const res = await oauthPost(server, '/oauth/token', credentials, { grant_type: 'client_credentials' });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}

/** JSON request with a bearer token. */
export function api(
  server: TestServer,
  token: string,
  path: string,
  init: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Response> {
  return server.request(path, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { Authorization: `Bearer ${token}`, ...(init.body === undefined ? {} : { 'Content-Type': 'application/json' }), ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
}

/**
 * A password-flow access token for a customer (POST /oauth/{projectKey}[/in-store/key={storeKey}]/customers/token),
 * through a new API client holding `scope` (default: the /me scopes of the project).
 */
export async function customerToken(server: TestServer, email: string, password: string, storeKey?: string, scope?: string): Promise<string> {
  const projectKey = server.projectKey;
  const credentials = await createApiClient(server, projectKey, scope ?? `manage_my_profile:${projectKey} manage_my_orders:${projectKey}`);
  const path = storeKey ? `/oauth/${projectKey}/in-store/key=${storeKey}/customers/token` : `/oauth/${projectKey}/customers/token`;
  const res = await oauthPost(server, path, credentials, { grant_type: 'password', username: email, password });
  if (res.status !== 200) throw new Error(`customer token request failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { access_token: string }).access_token;
}
