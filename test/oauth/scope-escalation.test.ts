import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { tokenRequest } from './support.js';

/**
 * Nobody can widen their own access: a caller may grant (to a new API client, or into a token) only
 * the scopes it holds or that those imply, and only manage_project may make the project trust an
 * external authorization server (whose tokens carry whatever scopes it says).
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { code: string; message: string }[];
}

async function clientNames(token: string): Promise<string[]> {
  const res = await api(server, token, '/test/api-clients?limit=500');
  return ((await res.json()) as { results: { name: string }[] }).results.map((c) => c.name);
}

describe('creating API clients (POST /{projectKey}/api-clients)', () => {
  it('refuses 400 InvalidInput, naming the scope, when a manage_api_clients token asks for manage_project', async () => {
    const token = await clientToken(server, 'manage_api_clients:test');
    const res = await api(server, token, '/test/api-clients', { body: { name: 'escalated', scope: 'manage_project:test' } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0].code).toBe('InvalidInput');
    expect(body.errors[0].message).toContain('manage_project:test');
    expect(await clientNames(token)).not.toContain('escalated');
  });

  it('names only the scopes beyond what the caller holds', async () => {
    const token = await clientToken(server, 'manage_api_clients:test view_products:test');
    const res = await api(server, token, '/test/api-clients', { body: { name: 'mixed', scope: 'view_products:test view_customers:test manage_orders:test' } });
    expect(res.status).toBe(400);
    const message = ((await res.json()) as ErrorBody).errors[0].message;
    expect(message).toContain('view_customers:test, manage_orders:test');
    expect(message).not.toContain('view_products:test');
  });

  it('accepts scopes the caller holds or that they imply (manage_x implies view_x)', async () => {
    const token = await clientToken(server, 'manage_api_clients:test manage_products:test');
    const res = await api(server, token, '/test/api-clients', {
      body: { name: 'reader', scope: 'view_products:test manage_products:test view_api_clients:test' },
    });
    expect(res.status).toBe(201);
  });

  it('lets manage_project grant any scope of its project, store scopes included', async () => {
    const token = await clientToken(server, 'manage_project:test');
    const res = await api(server, token, '/test/api-clients', { body: { name: 'store admin', scope: 'manage_project:test manage_orders:test:berlin' } });
    expect(res.status).toBe(201);
  });
});

describe('requesting tokens (POST /oauth/token scope=...)', () => {
  it('grants a scope the client holds only by implication', async () => {
    const admin = await clientToken(server, 'manage_project:test');
    const created = await api(server, admin, '/test/api-clients', { body: { name: 'products', scope: 'manage_products:test' } });
    const client = (await created.json()) as { id: string; secret: string };
    const creds = { clientId: client.id, clientSecret: client.secret };
    const narrowed = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials', scope: 'view_products:test' });
    expect(narrowed.status).toBe(200);
    expect(narrowed.body.scope).toBe('view_products:test');
    const widened = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials', scope: 'manage_project:test' });
    expect(widened.status).toBe(400);
    expect(widened.body.error).toBe('invalid_scope');
  });
});

describe('setExternalOAuth (POST /{projectKey})', () => {
  const externalOAuth = { url: 'https://idp.example/introspect', authorizationHeader: 'Bearer idp-secret-1234' };
  const version = async (token: string) => ((await (await api(server, token, '/test')).json()) as { version: number }).version;

  it('refuses manage_project_settings with 403 insufficient_scope naming manage_project, and changes nothing', async () => {
    const settings = await clientToken(server, 'manage_project_settings:test');
    const before = await version(settings);
    const res = await api(server, settings, '/test', {
      body: {
        version: before,
        actions: [
          { action: 'changeName', name: 'Renamed' },
          { action: 'setExternalOAuth', externalOAuth },
        ],
      },
    });
    expect(res.status).toBe(403);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0].code).toBe('insufficient_scope');
    expect(body.errors[0].message).toContain('manage_project:test');
    const after = (await (await api(server, settings, '/test')).json()) as { version: number; name: string; externalOAuth?: unknown };
    expect(after.version).toBe(before);
    expect(after.externalOAuth).toBeUndefined();
  });

  it('still lets manage_project_settings run the other actions', async () => {
    const settings = await clientToken(server, 'manage_project_settings:test');
    const res = await api(server, settings, '/test', { body: { version: await version(settings), actions: [{ action: 'changeName', name: 'Renamed' }] } });
    expect(res.status).toBe(200);
  });

  it('accepts manage_project', async () => {
    const owner = await clientToken(server, 'manage_project:test');
    const res = await api(server, owner, '/test', { body: { version: await version(owner), actions: [{ action: 'setExternalOAuth', externalOAuth }] } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { externalOAuth: { url: string } }).externalOAuth.url).toBe(externalOAuth.url);
  });
});
