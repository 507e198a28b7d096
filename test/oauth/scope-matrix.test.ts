import { operations, type OperationSpec } from '../../generated/openapi/operations.js';
import { fieldScopes } from '../../src/graphql/field-scopes.js';
import { createApiClient, oauthPost } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { tokenRequest } from './support.js';

/**
 * Every authenticated operation of the contract (read from the generated route table, so operations
 * added later are covered without touching this file) refuses the five kinds of bad callers.
 */
const authenticated = operations.filter((op) => op.authenticated);

/**
 * GraphQL declares its scopes per field (src/graphql/field-scopes.ts, covered field by field in
 * test/graphql/scopes.test.ts): the matrix asks for the project, and a token without the field's
 * scopes gets the refusal as a GraphQL error (HTTP 200, `extensions.code`).
 */
const GRAPHQL_PROBE = { operationId: 'executeGraphQL', body: JSON.stringify({ query: '{ project { key } }' }), scopes: fieldScopes.Query.project };

function request(op: OperationSpec): { body: string | undefined; scopes: readonly string[]; graphql: boolean } {
  if (op.operationId === GRAPHQL_PROBE.operationId) return { body: GRAPHQL_PROBE.body, scopes: GRAPHQL_PROBE.scopes, graphql: true };
  const hasBody = op.method === 'POST' || op.method === 'PUT' || op.method === 'PATCH';
  return { body: hasBody ? '{}' : undefined, scopes: op.scopes, graphql: false };
}

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
  // A token of another project learns nothing about this one: the 404 a project that does not exist gets.
  ['a token of another project', 'otherProject', 404, 'ResourceNotFound'],
  ['a revoked token', 'revoked', 401, 'invalid_token'],
  ['an expired token', 'expired', 401, 'invalid_token'],
];

it('covers the operations that exist (projects and api clients at least)', () => {
  const ids = authenticated.map((op) => op.operationId);
  expect(ids).toEqual(expect.arrayContaining(['getProject', 'updateProject', 'queryApiClients', 'createApiClient', 'getApiClientById', 'deleteApiClientById']));
});

describe.each(authenticated.map((op) => [`${op.method} ${op.path} (${op.operationId})`, op] as const))('%s', (_name, op) => {
  it.each(cases)('refuses %s', async (_case, kind, status, code) => {
    const { body, scopes, graphql } = request(op);
    const headers: Record<string, string> = {};
    if (kind !== 'none') headers.Authorization = `Bearer ${tokens[kind]}`;
    if (body !== undefined) headers['Content-Type'] = 'application/json';
    const res = await server.request(concretePath(op.path), { method: op.method, headers, body });
    const perField = graphql && kind === 'wrongScope';
    expect(res.status).toBe(perField ? 200 : status);
    if (op.method !== 'HEAD') {
      const answer = (await res.json()) as { errors: { code?: string; message: string; extensions?: { code: string } }[] };
      const error = answer.errors[0];
      expect(perField ? error.extensions?.code : error.code).toBe(code);
      if (code === 'insufficient_scope') {
        for (const name of scopes) expect(error.message).toContain(`${name}:test`);
        expect(error.message).toContain('manage_project:test');
      }
      if (kind === 'otherProject') expect(error.message).toBe(`URI not found: ${concretePath(op.path)}`);
    }
  });
});
