import { api, clientToken, createApiClient, oauthPost } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { signUp, tokenRequest } from './support.js';
import { countRows } from '../support/db.js';
import { sql } from '../../src/db/statements.js';

let server: TestServer;
const clock = new ManualClock(Date.parse('2025-03-01T10:00:00Z'));
let admin: string;
beforeAll(async () => {
  server = await startTestServer({}, { clock });
  // An administrator may only hand out scopes it holds (test/oauth/scope-escalation.test.ts).
  admin = await clientToken(server, 'manage_api_clients:test view_products:test manage_my_orders:test view_project_settings:test');
});
afterAll(async () => server.close());

interface ApiClientBody {
  id: string;
  name: string;
  scope: string;
  secret?: string;
  createdAt: string;
  lastUsedAt?: string;
  accessTokenValiditySeconds?: number;
  refreshTokenValiditySeconds?: number;
}

describe('API clients endpoints (/{projectKey}/api-clients)', () => {
  it('POST creates a client (201) whose secret appears only in this response and works at /oauth/token', async () => {
    const res = await api(server, admin, '/test/api-clients', {
      body: { name: 'shop', scope: 'view_products:test manage_my_orders:test', accessTokenValiditySeconds: 3600 },
    });
    expect(res.status).toBe(201);
    const created = (await res.json()) as ApiClientBody;
    expect(created).toEqual({
      id: expect.stringMatching(/^[A-Za-z0-9_-]{24}$/),
      name: 'shop',
      scope: 'view_products:test manage_my_orders:test',
      secret: expect.stringMatching(/^[A-Za-z0-9_-]{32}$/),
      createdAt: '2025-03-01T10:00:00.000Z',
      accessTokenValiditySeconds: 3600,
    });
    const got = (await (await api(server, admin, `/test/api-clients/${created.id}`)).json()) as ApiClientBody;
    expect(got.secret).toBeUndefined();
    expect(got.name).toBe('shop');
    const token = await tokenRequest(server, '/oauth/token', { clientId: created.id, clientSecret: created.secret! }, { grant_type: 'client_credentials' });
    expect(token.status).toBe(200);
    expect(token.body.expires_in).toBe(3600);
  });

  it('GET lists the clients of the project as a paged query response, without secrets', async () => {
    const res = await api(server, admin, '/test/api-clients?limit=500');
    expect(res.status).toBe(200);
    const page = (await res.json()) as { limit: number; offset: number; count: number; total: number; results: ApiClientBody[] };
    expect(page).toMatchObject({ limit: 500, offset: 0 });
    expect(page.count).toBe(page.results.length);
    expect(page.total).toBe(page.results.length);
    expect(page.results.every((c) => c.secret === undefined)).toBe(true);
  });

  it('refuses scopes of another project or malformed ones', async () => {
    for (const scope of ['manage_project:other', 'manage_project', 'view_products:test manage_project:other:store']) {
      const res = await api(server, admin, '/test/api-clients', { body: { name: 'bad', scope } });
      expect(res.status).toBe(400);
    }
  });

  it('view_api_clients may read but not create; 404 for an unknown id', async () => {
    const viewer = await clientToken(server, 'view_api_clients:test');
    expect((await api(server, viewer, '/test/api-clients')).status).toBe(200);
    const res = await api(server, viewer, '/test/api-clients', { body: { name: 'x', scope: 'view_products:test' } });
    expect(res.status).toBe(403);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('insufficient_scope');
    expect((await api(server, viewer, '/test/api-clients/nope')).status).toBe(404);
  });

  it('DELETE returns the client and revokes every token it issued at once', async () => {
    await signUp(server, 'jane@example.com', 'secret-1');
    const res = await api(server, admin, '/test/api-clients', { body: { name: 'doomed', scope: 'view_project_settings:test' } });
    const created = (await res.json()) as ApiClientBody;
    const creds = { clientId: created.id, clientSecret: created.secret! };
    const cc = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' });
    const pw = await tokenRequest(server, '/oauth/test/customers/token', creds, { grant_type: 'password', username: 'jane@example.com', password: 'secret-1' });
    expect((await api(server, cc.body.access_token, '/test')).status).toBe(200);
    expect((await api(server, pw.body.access_token, '/test')).status).toBe(200);

    const del = await api(server, admin, `/test/api-clients/${created.id}`, { method: 'DELETE' });
    expect(del.status).toBe(200);
    expect(((await del.json()) as ApiClientBody).id).toBe(created.id);

    expect((await api(server, cc.body.access_token, '/test')).status).toBe(401);
    expect((await api(server, pw.body.access_token, '/test')).status).toBe(401);
    expect((await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' })).status).toBe(401);
    const rows = await countRows(server.services.db, 'OAuthToken', '"clientId" = ?', [created.id]);
    expect(rows).toBe(0);
    expect((await api(server, admin, `/test/api-clients/${created.id}`)).status).toBe(404);
  });

  it('refuses the tokens of a client whose row is gone even if the tokens remain (a process stopped between the two commits of a delete)', async () => {
    const res = await api(server, admin, '/test/api-clients', { body: { name: 'half-deleted', scope: 'view_project_settings:test' } });
    const created = (await res.json()) as ApiClientBody;
    const cc = await tokenRequest(server, '/oauth/token', { clientId: created.id, clientSecret: created.secret! }, { grant_type: 'client_credentials' });
    // Only the first of the delete's commits: the client's row, not its tokens, and no cache told.
    await server.services.db.executeRaw(sql('DELETE FROM "ApiClient" WHERE "id" = ?')[server.services.db.dialect], [created.id]);
    expect(await countRows(server.services.db, 'OAuthToken', '"clientId" = ?', [created.id])).toBe(1);
    expect((await api(server, cc.body.access_token, '/test')).status).toBe(401);
  });

  it('records lastUsedAt as a date, at most once a day', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const token = (await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' })).body.access_token;
    await api(server, token, '/test');
    await new Promise((r) => setTimeout(r, 100));
    const read = async () => ((await (await api(server, admin, `/test/api-clients/${creds.clientId}`)).json()) as ApiClientBody).lastUsedAt;
    expect(await read()).toBe('2025-03-01');
    clock.advance(86_400_000);
    await oauthPost(server, '/oauth/token', creds, { grant_type: 'client_credentials' });
    await new Promise((r) => setTimeout(r, 100));
    expect(await read()).toBe('2025-03-02');
  });
});
