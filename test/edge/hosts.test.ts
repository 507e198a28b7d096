import { request as httpRequest } from 'node:http';
import { loadConfig } from '../../src/config.js';
import { PLAIN_HTTP_BODY } from '../../src/edge/plain-http.js';
import { startChildServer } from '../support/child-server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** A GET with a chosen Host header (fetch does not let one set it). */
function getWithHost(server: TestServer, host: string, path = '/_/openapi.json', headers: Record<string, string> = {}): Promise<{ status: number; type?: string; body: string }> {
  const url = new URL(server.url);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path, headers: { Host: host, ...headers } }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('regions and host names (spec: "What the service does" 5–6, "Versioning" 3)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ region: 'europe-west1.gcp', domain: 'commercetools.com', hostCheck: true, hostAliases: ['api.shop.example'] });
  });
  afterAll(async () => server.close());

  it.each([
    ['the API host', 'api.europe-west1.gcp.commercetools.com'],
    ['the auth host', 'auth.europe-west1.gcp.commercetools.com'],
    ['the API host with a port', 'api.europe-west1.gcp.commercetools.com:443'],
    ['the API host in capitals', 'API.Europe-West1.GCP.commercetools.com'],
    ['the deprecated API alias', 'api.sphere.io'],
    ['the deprecated auth alias', 'auth.sphere.io'],
    ['a configured alias', 'api.shop.example'],
  ])('answers on %s', async (_name, host) => {
    const res = await getWithHost(server, host);
    expect(res.status).toBe(200);
  });

  it.each([
    ['another region', 'api.us-central1.gcp.commercetools.com'],
    ['another region\'s deprecated alias', 'api.commercetools.co'],
    ['an address', '127.0.0.1'],
    ['an unrelated name', 'evil.example'],
  ])('refuses %s with the 404 page', async (_name, host) => {
    const res = await getWithHost(server, host);
    expect(res.status).toBe(404);
    expect(res.type).toBe('text/html');
    expect(res.body).toBe(PLAIN_HTTP_BODY);
  });

  it('the token endpoint is reachable on the auth host and refused on an unknown one', async () => {
    const auth = await getWithHost(server, 'auth.europe-west1.gcp.commercetools.com', '/oauth/token');
    expect(auth.status).not.toBe(404);
    expect((await getWithHost(server, 'auth.example', '/oauth/token')).status).toBe(404);
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

describe('npm start with a region and domain', () => {
  it('prints the host names and the aliases with the bootstrap output', async () => {
    const child = await startChildServer('file::memory:', { REGION: 'us-central1.gcp', DOMAIN: 'commercetools.com' });
    try {
      expect(child.output()).toContain('Region us-central1.gcp: API https://api.us-central1.gcp.commercetools.com   auth https://auth.us-central1.gcp.commercetools.com');
      expect(child.output()).toContain('deprecated aliases, still answered: api.commercetools.co, auth.commercetools.co');
    } finally {
      await child.kill('SIGTERM');
    }
  });
});
