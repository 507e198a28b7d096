import { clientToken, createApiClient, basic } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const STOREFRONT = 'https://shop.example.com';

describe('CORS with CORS_ORIGINS set', () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: [STOREFRONT, 'http://localhost:3000'] });
    token = await clientToken(server, `view_project_settings:${server.projectKey}`);
  });
  afterAll(() => server.close());

  it('answers a preflight for the API from an allowed origin with 204 and the allowed method and headers', async () => {
    const res = await server.request(`/${server.projectKey}/stores`, {
      method: 'OPTIONS',
      headers: { Origin: STOREFRONT, 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization,content-type' },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(res.headers.get('access-control-allow-methods')).toContain('POST');
    expect(res.headers.get('access-control-allow-headers')).toBe('authorization,content-type');
    expect(res.headers.get('vary')).toContain('Origin');
  });

  it('answers a preflight for the token endpoints (password and anonymous flows are for browsers)', async () => {
    for (const path of ['/oauth/token', `/oauth/${server.projectKey}/anonymous/token`, `/oauth/${server.projectKey}/customers/token`]) {
      const res = await server.request(path, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:3000', 'Access-Control-Request-Method': 'POST', 'Access-Control-Request-Headers': 'authorization' },
      });
      expect(res.status).toBe(204);
      expect(res.headers.get('access-control-allow-origin')).toBe('http://localhost:3000');
    }
  });

  it('sends the allowed origin on an API response and exposes the correlation id', async () => {
    const res = await server.request(`/${server.projectKey}`, { headers: { Origin: STOREFRONT, Authorization: `Bearer ${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(res.headers.get('access-control-expose-headers')).toContain('X-Correlation-ID');
    // The answer's own headers are written as one list beside the CORS step's: both kinds arrive.
    expect(res.headers.get('x-correlation-id')).toMatch(/^cpa-/);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Number(res.headers.get('content-length'))).toBe(Buffer.byteLength(await res.text()));
  });

  it('keeps the CORS headers on error responses, so the browser can read the error', async () => {
    const res = await server.request(`/${server.projectKey}`, { headers: { Origin: STOREFRONT } });
    expect(res.status).toBe(401);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
    expect(res.headers.get('x-correlation-id')).toMatch(/^cpa-/);
  });

  it('issues a token to a browser (Origin header) from an allowed origin', async () => {
    const credentials = await createApiClient(server, server.projectKey, `create_anonymous_token:${server.projectKey} manage_my_profile:${server.projectKey}`);
    const res = await server.request(`/oauth/${server.projectKey}/anonymous/token`, {
      method: 'POST',
      headers: { Origin: STOREFRONT, Authorization: basic(credentials), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe(STOREFRONT);
  });

  it('gives an origin not in the list no CORS headers, on the API and on the token endpoint', async () => {
    const api = await server.request(`/${server.projectKey}`, { headers: { Origin: 'https://evil.example', Authorization: `Bearer ${token}` } });
    expect(api.headers.get('access-control-allow-origin')).toBeNull();
    const credentials = await createApiClient(server, server.projectKey, `view_project_settings:${server.projectKey}`);
    const oauth = await server.request('/oauth/token', {
      method: 'POST',
      headers: { Origin: 'https://evil.example', Authorization: basic(credentials), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(oauth.status).toBe(200);
    expect(oauth.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS with CORS_ORIGINS=*', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ corsOrigins: ['*'] });
  });
  afterAll(() => server.close());

  it('allows any origin', async () => {
    const res = await server.request('/health', { headers: { Origin: 'https://anything.example' } });
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
  });
});

describe('CORS_ORIGINS unset (the default)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server.close());

  it('sends no CORS headers and does not answer preflights', async () => {
    const res = await server.request(`/${server.projectKey}/stores`, {
      method: 'OPTIONS',
      headers: { Origin: STOREFRONT, 'Access-Control-Request-Method': 'GET' },
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
    expect(res.status).not.toBe(204);
  });

  it('issues tokens to a request with an Origin header without CORS headers', async () => {
    const credentials = await createApiClient(server, server.projectKey, `view_project_settings:${server.projectKey}`);
    const res = await server.request('/oauth/token', {
      method: 'POST',
      headers: { Origin: STOREFRONT, Authorization: basic(credentials), 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('CORS_ORIGINS parsing', () => {
  it('splits on commas and trims', async () => {
    const { loadConfig } = await import('../../src/config.js');
    expect(loadConfig({ CORS_ORIGINS: ' https://a.example , https://b.example ' }).corsOrigins).toEqual(['https://a.example', 'https://b.example']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });
});
