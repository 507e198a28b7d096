import { createCommerceClient, getProject, getStoreByKey, TokenRequestError, TokenSource, type TokenFlow } from '../../src/sdk/index.js';
import { createApiClient, oauthPost, type ClientCredentials } from '../support/auth.js';
import { runReadmeExample } from '../support/readme-example.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { signUp } from '../oauth/support.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.close());

/** fetch that records the token requests it passes on (path and grant type). */
function recordingFetch(): { fetch: typeof fetch; tokenRequests: string[] } {
  const tokenRequests: string[] = [];
  const recorded: typeof fetch = async (input, init) => {
    const request = new Request(input, init);
    if (new URL(request.url).pathname.startsWith('/oauth/')) {
      const form = new URLSearchParams(await request.clone().text());
      tokenRequests.push(`${new URL(request.url).pathname} ${form.get('grant_type')}`);
    }
    return fetch(request);
  };
  return { fetch: recorded, tokenRequests };
}

describe('the README SDK example', () => {
  it('runs against a started server with the credentials of an API client', async () => {
    const credentials = await createApiClient(server, server.projectKey, `manage_project:${server.projectKey}`);
    const { stdout } = await runReadmeExample('sdk', {
      CPA_URL: server.url,
      CPA_PROJECT_KEY: server.projectKey,
      CPA_CLIENT_ID: credentials.clientId,
      CPA_CLIENT_SECRET: credentials.clientSecret,
    });
    expect(stdout.trim()).toBe(`${server.projectKey}: store sdk-example version 1`);
  });
});

describe('createCommerceClient', () => {
  let admin: ClientCredentials;
  beforeAll(async () => {
    admin = await createApiClient(server, server.projectKey, `manage_project:${server.projectKey}`);
  });

  it('asks for one client-credentials token and reuses it', async () => {
    const { fetch, tokenRequests } = recordingFetch();
    const { client } = createCommerceClient({ baseUrl: `${server.url}/`, projectKey: server.projectKey, auth: { type: 'clientCredentials', ...admin }, fetch });
    const results = await Promise.all([1, 2, 3].map(() => getProject({ client, path: { projectKey: server.projectKey } })));
    expect(results.map((r) => r.data?.key)).toEqual(['test', 'test', 'test']);
    expect(tokenRequests).toEqual(['/oauth/token client_credentials']);
  });

  it('renews a token the API refuses (revoked) and sends the request once more', async () => {
    const { fetch, tokenRequests } = recordingFetch();
    const commerce = createCommerceClient({ baseUrl: server.url, projectKey: server.projectKey, auth: { type: 'clientCredentials', ...admin }, fetch });
    const first = await commerce.tokens!.token();
    const revoked = await oauthPost(server, '/oauth/token/revoke', admin, { token: first });
    expect(revoked.status).toBe(200);
    const res = await getProject({ client: commerce.client, path: { projectKey: server.projectKey } });
    expect(res.response.status).toBe(200);
    expect(tokenRequests).toEqual(['/oauth/token client_credentials', '/oauth/token client_credentials']);
    expect(await commerce.tokens!.token()).not.toBe(first);
  });

  it('passes a 401 through when the renewed token is refused too (one retry, no loop)', async () => {
    const { fetch: recorded, tokenRequests } = recordingFetch();
    let apiCalls = 0;
    // Every API call is answered 401, as by a server that refuses every token.
    const refusing: typeof fetch = async (input, init) => {
      const request = new Request(input, init);
      if (new URL(request.url).pathname.startsWith('/oauth/')) return recorded(request);
      apiCalls += 1;
      return new Response(JSON.stringify({ statusCode: 401, message: 'refused', errors: [] }), { status: 401 });
    };
    const { client } = createCommerceClient({
      baseUrl: server.url,
      projectKey: server.projectKey,
      auth: { type: 'clientCredentials', ...admin },
      fetch: refusing,
    });
    const res = await getStoreByKey({ client, path: { projectKey: server.projectKey, key: 'x' } });
    expect(res.response.status).toBe(401);
    expect(apiCalls).toBe(2);
    expect(tokenRequests).toEqual(['/oauth/token client_credentials', '/oauth/token client_credentials']);
  });

  it('runs typed GraphQL documents on the project', async () => {
    const { ProjectDocument } = await import('../../generated/graphql/documents.js');
    const { graphql } = createCommerceClient({ baseUrl: server.url, projectKey: server.projectKey, auth: { type: 'clientCredentials', ...admin } });
    const data = await graphql(ProjectDocument);
    expect(data.project?.key).toBe(server.projectKey);
  });

  it('reports refused client credentials as a TokenRequestError with the status', async () => {
    const { client } = createCommerceClient({
      baseUrl: server.url,
      projectKey: server.projectKey,
      auth: { type: 'clientCredentials', clientId: admin.clientId, clientSecret: 'wrong' },
    });
    await expect(getProject({ client, path: { projectKey: server.projectKey } })).rejects.toMatchObject({ name: 'TokenRequestError', status: 401 });
  });
});

describe('the storefront flows', () => {
  let storefront: ClientCredentials;
  beforeAll(async () => {
    storefront = await createApiClient(server, server.projectKey, `create_anonymous_token:test manage_my_profile:test manage_my_orders:test`);
    await signUp(server, 'sdk@example.com', 'sdk-secret');
  });

  it('anonymous: a session with an anonymous id and a refresh token', async () => {
    const tokens = new TokenSource(server.url, 'test', { type: 'anonymous', ...storefront, anonymousId: 'visitor-1' });
    expect(await tokens.token()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tokens.scope).toContain('anonymous_id=visitor-1');
    expect(tokens.sessionRefreshToken).toMatch(/^test:/);
  });

  it('password: a customer session, scope carrying customer:{id}', async () => {
    const tokens = new TokenSource(server.url, 'test', { type: 'password', ...storefront, username: 'sdk@example.com', password: 'sdk-secret' });
    await tokens.token();
    expect(tokens.scope).toMatch(/customer:[0-9a-f-]{36}/);
    expect(tokens.sessionRefreshToken).toMatch(/^test:/);
  });

  it('password: a wrong password is a TokenRequestError, not a token', async () => {
    const tokens = new TokenSource(server.url, 'test', { type: 'password', ...storefront, username: 'sdk@example.com', password: 'wrong' });
    const err = await tokens.token().catch((e: unknown) => e);
    expect(err).toBeInstanceOf(TokenRequestError);
    expect((err as TokenRequestError).status).toBe(400);
  });

  it('refresh: an expired access token is renewed with the refresh token, not by signing in again', async () => {
    const { fetch, tokenRequests } = recordingFetch();
    let now = Date.now();
    const tokens = new TokenSource(
      server.url,
      'test',
      { type: 'password', ...storefront, username: 'sdk@example.com', password: 'sdk-secret' },
      fetch,
      () => now,
    );
    const first = await tokens.token();
    now += 3 * 86_400_000;
    const second = await tokens.token();
    expect(second).not.toBe(first);
    expect(tokenRequests).toEqual(['/oauth/test/customers/token password', '/oauth/token refresh_token']);
  });

  it('refreshToken: a stored session resumes from its refresh token', async () => {
    const session = new TokenSource(server.url, 'test', { type: 'anonymous', ...storefront });
    await session.token();
    const flow: TokenFlow = { type: 'refreshToken', ...storefront, refreshToken: session.sessionRefreshToken! };
    const resumed = new TokenSource(server.url, 'test', flow);
    expect(await resumed.token()).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(resumed.scope).toBe(session.scope);
  });

  it('refreshToken: a revoked refresh token ends the session with a TokenRequestError', async () => {
    const session = new TokenSource(server.url, 'test', { type: 'anonymous', ...storefront });
    await session.token();
    await oauthPost(server, '/oauth/token/revoke', storefront, { token: session.sessionRefreshToken!, token_type_hint: 'refresh_token' });
    const resumed = new TokenSource(server.url, 'test', { type: 'refreshToken', ...storefront, refreshToken: session.sessionRefreshToken! });
    await expect(resumed.token()).rejects.toMatchObject({ status: 400 });
  });
});
