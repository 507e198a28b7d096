import { api, basic, clientToken, createApiClient, oauthPost } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { systemContext } from '../../src/context.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const form = (body: Record<string, string>) => new URLSearchParams(body).toString();

describe('client credentials flow (POST /oauth/token)', () => {
  it('issues a 32-character bearer token with all of the client scopes when none is requested', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test view_products:test');
    const res = await oauthPost(server, '/oauth/token', creds, { grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toEqual({
      access_token: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      token_type: 'Bearer',
      expires_in: 172800,
      scope: 'manage_project:test view_products:test',
    });
    expect(body.refresh_token).toBeUndefined();
  });

  it('takes the parameters from the query string of a bodiless POST, as the platform documents', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test view_products:test');
    const res = await server.request('/oauth/token?grant_type=client_credentials&scope=view_products%3Atest', {
      method: 'POST',
      headers: { Authorization: basic(creds) },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ token_type: 'Bearer', scope: 'view_products:test' });
  });

  it('grants the requested subset of the client scopes', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test view_products:test');
    const res = await oauthPost(server, '/oauth/token', creds, { grant_type: 'client_credentials', scope: 'view_products:test' });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { scope: string }).scope).toBe('view_products:test');
  });

  it('refuses a scope the client does not hold with 400 invalid_scope', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    const res = await oauthPost(server, '/oauth/token', creds, { grant_type: 'client_credentials', scope: 'manage_project:test' });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({
      statusCode: 400,
      message: 'Malformed parameter: scope: Invalid scope.',
      errors: [{ code: 'invalid_scope', message: 'Malformed parameter: scope: Invalid scope.' }],
      error: 'invalid_scope',
      error_description: 'Malformed parameter: scope: Invalid scope.',
    });
  });

  it('uses the client accessTokenValiditySeconds as expires_in', async () => {
    const client = await server.app.services.apiClients.create(systemContext(server.services, 'test'), {
      name: 'short',
      scope: 'view_products:test',
      accessTokenValiditySeconds: 3600,
    });
    const res = await oauthPost(server, '/oauth/token', { clientId: client.id, clientSecret: client.secret! }, { grant_type: 'client_credentials' });
    expect(((await res.json()) as { expires_in: number }).expires_in).toBe(3600);
  });

  it.each([
    ['a wrong secret', (id: string) => basic({ clientId: id, clientSecret: 'wrong-secret' })],
    ['an unknown client', () => basic({ clientId: 'nobody', clientSecret: 'secret' })],
    ['no Authorization header', () => undefined],
  ])('answers 401 invalid_client for %s', async (_name, header) => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    const h = header(creds.clientId);
    const res = await server.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(h ? { Authorization: h } : {}) },
      body: form({ grant_type: 'client_credentials' }),
    });
    expect(res.status).toBe(401);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body.error).toBe('invalid_client');
    expect(body.error_description).toBe('Please provide valid client credentials using HTTP Basic Authentication.');
  });

  it.each([
    ['application/x-www-form-urlencoded; charset=UTF-8', 200],
    ['Application/X-WWW-Form-Urlencoded', 200],
    ['application/json', 400],
    ['text/plain', 400],
    ['application/x-www-form-urlencoded-not', 400],
  ])('reads a body sent as %s: %i', async (contentType, status) => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    const res = await server.request('/oauth/token', {
      method: 'POST',
      headers: { Authorization: basic(creds), 'Content-Type': contentType },
      body: form({ grant_type: 'client_credentials' }),
    });
    expect(res.status).toBe(status);
    if (status === 400)
      expect(await res.json()).toMatchObject({
        error: 'invalid_request',
        error_description: "Unsupported Content-Type: send the parameters as 'application/x-www-form-urlencoded'.",
      });
  });

  it('refuses client credentials in the body (HTTP Basic only)', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    const res = await server.request('/oauth/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: form({ grant_type: 'client_credentials', client_id: creds.clientId, client_secret: creds.clientSecret }),
    });
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('answers 400 unsupported_grant_type and invalid_request for a missing grant_type', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    let res = await oauthPost(server, '/oauth/token', creds, { grant_type: 'magic' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type', error_description: 'Invalid parameter: grant_type: Invalid grant type: magic' });
    res = await oauthPost(server, '/oauth/token', creds, { grant_type: 'password', username: 'a@b.c', password: 'x' });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'unsupported_grant_type' });
    res = await oauthPost(server, '/oauth/token', creds, {});
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request', error_description: 'Missing required parameter: grant_type.' });
  });

  it('issues tokens that authenticate API calls', async () => {
    const token = await clientToken(server, 'manage_project:test');
    const res = await api(server, token, '/test');
    expect(res.status).toBe(200);
    expect(((await res.json()) as { key: string }).key).toBe('test');
  });
});
