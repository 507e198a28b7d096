import { createApiClient, oauthPost } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { systemContext } from '../../src/context.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

// Recently verified client credentials are remembered (as a digest) so repeated token requests skip
// scrypt; these rules must hold regardless.
describe('verified client credentials cache', () => {
  it('still refuses a wrong secret right after the right one was accepted', async () => {
    const client = await createApiClient(server, 'test', 'manage_project:test');
    expect((await oauthPost(server, '/oauth/token', client, { grant_type: 'client_credentials' })).status).toBe(200);
    // Change the last character to a different one (a fixed replacement would equal it 1 time in 64).
    const last = client.clientSecret.slice(-1);
    const tampered = client.clientSecret.slice(0, -1) + (last === 'x' ? 'y' : 'x');
    const wrong = await oauthPost(server, '/oauth/token', { ...client, clientSecret: tampered }, { grant_type: 'client_credentials' });
    expect(wrong.status).toBe(401);
    expect((await wrong.json()).error).toBe('invalid_client');
    expect((await oauthPost(server, '/oauth/token', client, { grant_type: 'client_credentials' })).status).toBe(200);
  });

  it('refuses a deleted client at once, even though its credentials were just verified', async () => {
    const client = await createApiClient(server, 'test', 'manage_project:test');
    expect((await oauthPost(server, '/oauth/token', client, { grant_type: 'client_credentials' })).status).toBe(200);
    await server.app.services.apiClients.delete(systemContext(server.services, 'test'), client.clientId);
    const after = await oauthPost(server, '/oauth/token', client, { grant_type: 'client_credentials' });
    expect(after.status).toBe(401);
  });
});
