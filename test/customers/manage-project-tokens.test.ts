import { api, createApiClient } from '../support/auth.js';
import { signUp, tokenRequest } from '../oauth/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Issue 10 item 8: manage_project:{projectKey} grants every scope of its project, so a client
 * holding it may request any of them at every token endpoint, the password flow included.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
  await signUp(server, 'owner@example.com', 'pw-1');
});
afterAll(async () => server.close());

it('password flow: a manage_project client gets a manage_my_profile customer token that works for /me', async () => {
  const creds = await createApiClient(server, 'test', 'manage_project:test');
  const { status, body } = await tokenRequest(server, '/oauth/test/customers/token', creds, {
    grant_type: 'password',
    username: 'owner@example.com',
    password: 'pw-1',
    scope: 'manage_my_profile:test',
  });
  expect(status).toBe(200);
  expect(body.scope.split(' ')[0]).toBe('manage_my_profile:test');
  const me = await api(server, body.access_token, '/test/me');
  expect(me.status).toBe(200);
  expect(((await me.json()) as { email: string }).email).toBe('owner@example.com');
  // Only what was requested: the token does not carry manage_project.
  expect((await api(server, body.access_token, '/test/customers')).status).toBe(403);
});

it("anonymous sessions and client credentials likewise, store scopes included; another project's scope is invalid_scope", async () => {
  const creds = await createApiClient(server, 'test', 'manage_project:test');
  const anonymous = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials', scope: 'manage_my_profile:test' });
  expect(anonymous.status).toBe(200);
  const client = await tokenRequest(server, '/oauth/token', creds, {
    grant_type: 'client_credentials',
    scope: 'view_customers:test manage_my_profile:test:berlin',
  });
  expect(client.status).toBe(200);
  expect(client.body.scope).toBe('view_customers:test manage_my_profile:test:berlin');
  const foreign = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials', scope: 'view_customers:other' });
  expect(foreign.status).toBe(400);
  expect(foreign.body).toMatchObject({ error: 'invalid_scope' });
});
