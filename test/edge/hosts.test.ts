import { request as httpRequest } from 'node:http';
import { loadConfig } from '../../src/config.js';
import { PLAIN_HTTP_BODY } from '../../src/edge/plain-http.js';
import { startChildServer } from '../support/child-server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A request with a chosen Host header (fetch does not let one set it). */
function withHost(
  server: TestServer,
  host: string,
  path = '/_/openapi.json',
  init: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<{ status: number; type?: string; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, method: init.method ?? 'GET', headers: { Host: host, ...init.headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end(init.body);
  });
}

const getWithHost = (server: TestServer, host: string, path?: string, headers: Record<string, string> = {}) => withHost(server, host, path, { headers });

/** A client-credentials token request without credentials: the token endpoint answers 401 invalid_client. */
const tokenRequestWithHost = (server: TestServer, host: string) =>
  withHost(server, host, '/oauth/token', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });

describe('regions and host names (spec: "What the service does" 5–6, "Versioning" 3)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      region: 'europe-west1.gcp',
      domain: 'commercetools.com',
      hostCheck: true,
      hostAliases: ['api.shop.example', 'auth.shop.example'],
    });
  });
  afterAll(async () => server.close());

  it.each([
    ['the API host', 'api.europe-west1.gcp.commercetools.com'],
    ['the API host with a port', 'api.europe-west1.gcp.commercetools.com:443'],
    ['the API host in capitals', 'API.Europe-West1.GCP.commercetools.com'],
    ['the deprecated API alias', 'api.sphere.io'],
    ['a configured alias', 'api.shop.example'],
  ])('answers the API on %s', async (_name, host) => {
    const res = await getWithHost(server, host);
    expect(res.status).toBe(200);
  });

  it.each([
    ['the auth host', 'auth.europe-west1.gcp.commercetools.com'],
    ['the deprecated auth alias', 'auth.sphere.io'],
    ['a configured alias beginning with auth.', 'auth.shop.example'],
  ])('answers the token endpoint on %s', async (_name, host) => {
    const res = await tokenRequestWithHost(server, host);
    expect(res.status).toBe(401);
    expect(JSON.parse(res.body).error).toBe('invalid_client');
  });

  it.each([
    ['another region', 'api.us-central1.gcp.commercetools.com'],
    ["another region's deprecated alias", 'api.commercetools.co'],
    ['an address', '127.0.0.1'],
    ['an unrelated name', 'evil.example'],
  ])('refuses %s with the 404 page', async (_name, host) => {
    const res = await getWithHost(server, host);
    expect(res.status).toBe(404);
    expect(res.type).toBe('text/html');
    expect(res.body).toBe(PLAIN_HTTP_BODY);
  });

  it('the token endpoint is refused on an unknown host with the 404 page', async () => {
    const res = await tokenRequestWithHost(server, 'auth.example');
    expect(res.status).toBe(404);
    expect(res.body).toBe(PLAIN_HTTP_BODY);
  });

  it.each([
    ['the API host', 'api.europe-west1.gcp.commercetools.com'],
    ['the deprecated API alias', 'api.sphere.io'],
  ])('the API names serve no /oauth/... endpoint (%s): 404 in the platform body, naming the auth host', async (_name, host) => {
    const res = await tokenRequestWithHost(server, host);
    expect(res.status).toBe(404);
    const body = JSON.parse(res.body) as { statusCode: number; errors: { code: string; message: string }[] };
    expect(body.statusCode).toBe(404);
    expect(body.errors[0].code).toBe('ResourceNotFound');
    expect(body.errors[0].message).toContain('https://auth.europe-west1.gcp.commercetools.com');
  });

  it.each([
    ['the project', '/test'],
    ['GraphQL', '/test/graphql'],
    ['the developer pages', '/_/openapi.json'],
  ])('the auth names serve only /oauth/...: %s is 404 there, naming the API host', async (_name, path) => {
    for (const host of ['auth.europe-west1.gcp.commercetools.com', 'auth.sphere.io']) {
      const res = await getWithHost(server, host, path);
      expect(res.status).toBe(404);
      const body = JSON.parse(res.body) as { errors: { code: string; message: string }[] };
      expect(body.errors[0].code).toBe('ResourceNotFound');
      expect(body.errors[0].message).toContain('https://api.europe-west1.gcp.commercetools.com');
    }
  });

  it('/health and /ready answer on the API and the auth names', async () => {
    for (const host of ['api.europe-west1.gcp.commercetools.com', 'auth.europe-west1.gcp.commercetools.com', 'auth.sphere.io']) {
      expect((await getWithHost(server, host, '/health')).status).toBe(200);
      expect((await getWithHost(server, host, '/ready')).status).toBe(200);
    }
  });

  it('/health and /ready answer on any host (load balancers probe by address)', async () => {
    expect((await getWithHost(server, '10.0.0.7:8080', '/health')).status).toBe(200);
    expect((await getWithHost(server, '10.0.0.7:8080', '/ready')).status).toBe(200);
  });

  it('HOST_CHECK is on by default once DOMAIN is set, off without it', () => {
    expect(loadConfig({ DOMAIN: 'example.com' }).hostCheck).toBe(true);
    expect(loadConfig({ DOMAIN: 'example.com', HOST_CHECK: 'false' }).hostCheck).toBe(false);
    expect(loadConfig({}).hostCheck).toBe(false);
    expect(loadConfig({}).region).toBe('europe-west1.gcp');
  });
});

describe('the API and auth names behind a trusted proxy (TRUST_PROXY)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ region: 'us-central1.gcp', domain: 'example.com', hostCheck: true, trustProxy: true });
  });
  afterAll(async () => server.close());

  const forwarded = (host: string) => ({ 'X-Forwarded-Host': host, 'X-Forwarded-Proto': 'https' });

  it('tells the services apart by the host the proxy received (X-Forwarded-Host)', async () => {
    const onApi = await withHost(server, '127.0.0.1', '/oauth/token', {
      method: 'POST',
      headers: { ...forwarded('api.us-central1.gcp.example.com'), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(onApi.status).toBe(404);
    expect(JSON.parse(onApi.body).errors[0].message).toContain('https://auth.us-central1.gcp.example.com');
    const onAuth = await withHost(server, '127.0.0.1', '/oauth/token', {
      method: 'POST',
      headers: { ...forwarded('auth.us-central1.gcp.example.com'), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(onAuth.status).toBe(401);
    expect((await withHost(server, '127.0.0.1', '/_/openapi.json', { headers: forwarded('api.us-central1.gcp.example.com') })).status).toBe(200);
  });
});

describe('npm start with a region and domain', () => {
  it('prints the host names and the aliases with the bootstrap output', async () => {
    const child = await startChildServer('file::memory:', { REGION: 'us-central1.gcp', DOMAIN: 'commercetools.com' });
    try {
      expect(child.output()).toContain(
        'Region us-central1.gcp: API https://api.us-central1.gcp.commercetools.com   auth https://auth.us-central1.gcp.commercetools.com',
      );
      expect(child.output()).toContain('deprecated aliases, still answered: api.commercetools.co, auth.commercetools.co');
    } finally {
      await child.kill('SIGTERM');
    }
  });
});
