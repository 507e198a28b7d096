import { api, createApiClient, oauthPost } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { introspect, signUp, tokenRequest } from './support.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await signUp(server, 'jane@example.com', 'secret-1');
  await server.app.services.projects.create({ key: 'other' });
});
afterAll(async () => server.close());

async function ccToken(creds: { clientId: string; clientSecret: string }): Promise<string> {
  return (await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' })).body.access_token;
}

describe('introspection (POST /oauth/introspect)', () => {
  it('a client introspects its own token: active, scope, exp, client_id only', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    const token = await ccToken(creds);
    const body = await introspect(server, creds, token);
    expect(body).toEqual({ active: true, scope: 'view_products:test', exp: expect.any(Number), client_id: creds.clientId });
    expect(body.exp as number).toBeGreaterThan(Date.now() / 1000 + 172000);
  });

  it('introspects refresh tokens in their {projectKey}: format', async () => {
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
    const { body } = await tokenRequest(server, '/oauth/test/customers/token', creds, {
      grant_type: 'password',
      username: 'jane@example.com',
      password: 'secret-1',
    });
    expect(await introspect(server, creds, body.refresh_token!)).toMatchObject({ active: true, client_id: creds.clientId });
  });

  it('another client of the project sees only active=false without introspect_oauth_tokens', async () => {
    const owner = await createApiClient(server, 'test', 'view_products:test');
    const token = await ccToken(owner);
    const stranger = await createApiClient(server, 'test', 'view_products:test');
    expect(await introspect(server, stranger, token)).toEqual({ active: false });
  });

  it('introspect_oauth_tokens (or manage_project) of the project allows introspecting any token of it, not of another project', async () => {
    const owner = await createApiClient(server, 'test', 'view_products:test');
    const token = await ccToken(owner);
    for (const scope of ['introspect_oauth_tokens:test', 'manage_project:test']) {
      const auditor = await createApiClient(server, 'test', scope);
      expect(await introspect(server, auditor, token)).toMatchObject({ active: true, client_id: owner.clientId });
    }
    const foreign = await createApiClient(server, 'other', 'manage_project:other introspect_oauth_tokens:other');
    expect(await introspect(server, foreign, token)).toEqual({ active: false });
  });

  it('unknown tokens read as inactive; bad client credentials are 401', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    expect(await introspect(server, creds, 'not-a-token')).toEqual({ active: false });
    const res = await oauthPost(server, '/oauth/introspect', { ...creds, clientSecret: 'wrong' }, { token: 'x' });
    expect(res.status).toBe(401);
  });
});

describe('revocation (POST /oauth/token/revoke)', () => {
  it('revokes an own access token at once: the API refuses it and introspection reads inactive', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const token = await ccToken(creds);
    expect((await api(server, token, '/test')).status).toBe(200); // now cached
    const res = await oauthPost(server, '/oauth/token/revoke', creds, { token, token_type_hint: 'access_token' });
    expect(res.status).toBe(200);
    expect((await api(server, token, '/test')).status).toBe(401);
    expect(await introspect(server, creds, token)).toEqual({ active: false });
  });

  it('revoking a refresh token ends the session: the refresh token and its access tokens stop working', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const { body } = await tokenRequest(server, '/oauth/test/customers/token', creds, {
      grant_type: 'password',
      username: 'jane@example.com',
      password: 'secret-1',
    });
    expect((await api(server, body.access_token, '/test')).status).toBe(200);
    expect((await oauthPost(server, '/oauth/token/revoke', creds, { token: body.refresh_token!, token_type_hint: 'refresh_token' })).status).toBe(200);
    expect((await tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: body.refresh_token! })).status).toBe(400);
    expect((await api(server, body.access_token, '/test')).status).toBe(401);
  });

  it('answers 200 but keeps the token when another client asks to revoke it', async () => {
    const owner = await createApiClient(server, 'test', 'manage_project:test');
    const token = await ccToken(owner);
    const thief = await createApiClient(server, 'test', 'manage_project:test');
    expect((await oauthPost(server, '/oauth/token/revoke', thief, { token })).status).toBe(200);
    expect((await api(server, token, '/test')).status).toBe(200);
  });

  it('answers 200 for invalid requests (unknown token, missing token)', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    expect((await oauthPost(server, '/oauth/token/revoke', creds, { token: 'unknown' })).status).toBe(200);
    expect((await oauthPost(server, '/oauth/token/revoke', creds, {})).status).toBe(200);
  });
});
