import { operations } from '../../generated/openapi/operations.js';
import { createApiClient, oauthPost } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { tokenRequest } from './support.js';

/**
 * Every authenticated operation of the contract (read from the generated route table, so operations
 * added later are covered without touching this file) refuses the five kinds of bad callers.
 */
const authenticated = operations.filter((op) => op.authenticated);

let server: TestServer;
const clock = new ManualClock();
const tokens: Record<'wrongScope' | 'otherProject' | 'revoked' | 'expired', string> = { wrongScope: '', otherProject: '', revoked: '', expired: '' };

async function token(projectKey: string, scope: string): Promise<{ token: string; creds: { clientId: string; clientSecret: string } }> {
  const creds = await createApiClient(server, projectKey, scope);
  const { status, body } = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' });
  if (status !== 200) throw new Error(`token: ${status}`);
  return { token: body.access_token, creds };
}

beforeAll(async () => {
  server = await startTestServer({}, { clock });
  await server.app.services.projects.create({ key: 'other' });
  tokens.expired = (await token('test', 'manage_project:test')).token;
  clock.advance(172_800_000 + 1000);
  // A scope that no operation of the matrix accepts (introspection is an authorization-service scope).
  tokens.wrongScope = (await token('test', 'introspect_oauth_tokens:test')).token;
  tokens.otherProject = (await token('other', 'manage_project:other')).token;
  const revoked = await token('test', 'manage_project:test');
  tokens.revoked = revoked.token;
  const res = await oauthPost(server, '/oauth/token/revoke', revoked.creds, { token: revoked.token });
  if (res.status !== 200) throw new Error('revoke failed');
});
afterAll(async () => server.close());

function concretePath(path: string): string {
  return path.replace('{projectKey}', 'test').replace(/\{[^}]+\}/g, 'some-id');
}

const cases: Array<[string, keyof typeof tokens | 'none', number, string]> = [
  ['no token', 'none', 401, 'invalid_token'],
  ['a token without any accepted scope', 'wrongScope', 403, 'insufficient_scope'],
  ['a token of another project', 'otherProject', 403, 'insufficient_scope'],
  ['a revoked token', 'revoked', 401, 'invalid_token'],
  ['an expired token', 'expired', 401, 'invalid_token'],
];

it('covers the operations that exist (projects and api clients at least)', () => {
  const ids = authenticated.map((op) => op.operationId);
  expect(ids).toEqual(expect.arrayContaining(['getProject', 'updateProject', 'queryApiClients', 'createApiClient', 'getApiClientById', 'deleteApiClientById']));
});

describe.each(authenticated.map((op) => [`${op.method} ${op.path} (${op.operationId})`, op] as const))('%s', (_name, op) => {
  // Operations declaring no scope (GraphQL) check scopes per field; any token of the project passes here.
  it.each(op.scopes.length ? cases : cases.filter(([, kind]) => kind !== 'wrongScope'))('refuses %s', async (_case, kind, status, code) => {
    const headers: Record<string, string> = {};
    if (kind !== 'none') headers.Authorization = `Bearer ${tokens[kind]}`;
    const hasBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
    if (hasBody) headers['Content-Type'] = 'application/json';
    const res = await server.request(concretePath(op.path), { method: op.method, headers, body: hasBody ? '{}' : undefined });
    expect(res.status).toBe(status);
    if (op.method !== 'HEAD') {
      const body = (await res.json()) as { errors: { code: string; message: string }[] };
      expect(body.errors[0].code).toBe(code);
      if (code === 'insufficient_scope') {
        const names = op.scopes.length ? op.scopes : [];
        for (const name of names) expect(body.errors[0].message).toContain(`${name}:test`);
        expect(body.errors[0].message).toContain('manage_project:test');
      }
    }
  });
});
