import { api, clientToken, createApiClient, type ClientCredentials } from '../support/auth.js';
import { countRows } from '../support/db.js';
import { introspect, signUp, tokenRequest } from '../oauth/support.js';
import { sql } from '../../src/db/statements.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * Security finding 4: deleting a customer ends its sessions. Its refresh token no longer
 * mints access tokens (invalid_grant), its access tokens are inactive at once (introspection
 * active:false, API 401), whichever way it was deleted.
 */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_customers:test');
});
afterAll(async () => server.close());

interface Session {
  id: string;
  creds: ClientCredentials;
  access: string;
  refresh: string;
}

let n = 0;
async function session(): Promise<Session> {
  const email = `session${++n}@example.com`;
  const id = await signUp(server, email, 'pw-123');
  const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
  const { status, body } = await tokenRequest(server, '/oauth/test/customers/token', creds, { grant_type: 'password', username: email, password: 'pw-123' });
  expect(status).toBe(200);
  return { id, creds, access: body.access_token, refresh: body.refresh_token! };
}

const me = (token: string) => api(server, token, '/test/graphql', { body: { query: '{ me { customer { id } } }' } });

async function expectSessionEnded(s: Session): Promise<void> {
  const res = await me(s.access);
  expect(res.status).toBe(401);
  expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('invalid_token');
  expect(await introspect(server, s.creds, s.access)).toEqual({ active: false });
  const refreshed = await tokenRequest(server, '/oauth/token', s.creds, { grant_type: 'refresh_token', refresh_token: s.refresh });
  expect(refreshed.status).toBe(400);
  expect(refreshed.body).toMatchObject({ error: 'invalid_grant', errors: [{ code: 'invalid_grant' }] });
  expect(
    await countRows(
      server.services.db,
      'OAuthToken',
      `"payload" IS NOT NULL AND "projectKey" = ? AND "kind" IN ('AccessToken', 'RefreshToken', 'Grant') AND "clientId" = ?`,
      ['test', s.creds.clientId],
    ),
  ).toBe(0);
}

async function expectSessionAlive(s: Session): Promise<void> {
  const res = await me(s.access);
  expect(res.status).toBe(200);
  expect(((await res.json()) as { data: { me: { customer: { id: string } } } }).data.me.customer.id).toBe(s.id);
  expect(await introspect(server, s.creds, s.access)).toMatchObject({ active: true });
}

it('deleting through DELETE /{projectKey}/customers/{id} ends the sessions (the cached token included)', async () => {
  const s = await session();
  await expectSessionAlive(s);
  const res = await api(server, admin, `/test/customers/${s.id}?version=1`, { method: 'DELETE' });
  expect(res.status).toBe(200);
  await expectSessionEnded(s);
});

it('deleteCustomer with personalDataErasure ends the sessions; another customer keeps theirs', async () => {
  const s = await session();
  const other = await session();
  await expectSessionAlive(s);
  const res = await api(server, admin, '/test/graphql', {
    body: { query: `mutation { deleteCustomer(id: "${s.id}", version: 1, personalDataErasure: true) { id } }` },
  });
  expect(((await res.json()) as { data: unknown }).data).toEqual({ deleteCustomer: { id: s.id } });
  await expectSessionEnded(s);
  await expectSessionAlive(other);
});

it('deleteMyCustomer ends the session it was called with', async () => {
  const s = await session();
  const res = await api(server, s.access, '/test/graphql', { body: { query: 'mutation { deleteMyCustomer(version: 1) { id } }' } });
  expect(((await res.json()) as { data: unknown }).data).toEqual({ deleteMyCustomer: { id: s.id } });
  await expectSessionEnded(s);
});

it('a refresh token of a customer that no longer exists is refused even if its rows survived (a racing deletion)', async () => {
  const s = await session();
  // The customer row disappears without the service (as when a deletion races a token request).
  const db = server.services.db;
  await db.executeRaw(sql('DELETE FROM "CustomerEmail" WHERE "customerId" = ?')[db.dialect], [s.id]);
  await db.executeRaw(sql('DELETE FROM "Customer" WHERE "id" = ?')[db.dialect], [s.id]);
  const refreshed = await tokenRequest(server, '/oauth/token', s.creds, { grant_type: 'refresh_token', refresh_token: s.refresh });
  expect(refreshed.status).toBe(400);
  expect(refreshed.body).toMatchObject({ error: 'invalid_grant' });
});
