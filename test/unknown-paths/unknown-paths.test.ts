import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  await server.app.services.projects.create({ key: 'neighbour' });
  token = await clientToken(server, 'view_project_settings:test view_stores:test');
});
afterAll(async () => {
  await server.close();
});

/** The whole answer, so two answers can be compared for what they reveal. */
async function answer(res: Response): Promise<{ status: number; body: unknown }> {
  return { status: res.status, body: await res.json() };
}

describe('unknown paths', () => {
  it('a path whose first segment names no project is 404 "URI not found" in the platform envelope', async () => {
    expect(await answer(await api(server, token, '/invalid-uri-404'))).toEqual({
      status: 404,
      body: { statusCode: 404, message: 'URI not found: /invalid-uri-404', errors: [{ code: 'ResourceNotFound', message: 'URI not found: /invalid-uri-404' }] },
    });
  });

  it('a project that exists but is not the token’s gets the same answer as one that does not exist', async () => {
    const existing = await answer(await api(server, token, '/neighbour/stores?limit=1'));
    const missing = await answer(await api(server, token, '/no-such-project/stores?limit=1'));
    expect(existing.status).toBe(404);
    expect(existing).toEqual({ ...missing, body: JSON.parse(JSON.stringify(missing.body).replaceAll('/no-such-project/', '/neighbour/')) });
    const graphql = await api(server, token, '/neighbour/graphql', { body: { query: '{ project { key } }' } });
    await expectError(graphql, 404, 'ResourceNotFound', { message: 'URI not found: /neighbour/graphql' });
  });

  it('without a token, an existing and a missing project both answer 401', async () => {
    for (const path of ['/neighbour/stores', '/no-such-project/stores']) await expectError(await server.request(path), 401, 'invalid_token');
  });

  it('an unknown path in the token’s own project is 404 "URI not found" too', async () => {
    await expectError(await api(server, token, '/test/no-such-resource/at/all'), 404, 'ResourceNotFound', {
      message: 'URI not found: /test/no-such-resource/at/all',
    });
  });

  it('in its own project a token is served, and a missing scope is still 403 insufficient_scope', async () => {
    expect((await api(server, token, '/test')).status).toBe(200);
    await expectError(await api(server, token, '/test/stores', { body: { key: 'not-allowed' } }), 403, 'insufficient_scope');
  });
});
