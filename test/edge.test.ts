import { request as httpRequest } from 'node:http';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Raw HTTP, for requests fetch refuses to send (GET with a body, Upgrade). */
function raw(method: string, path: string, headers: Record<string, string>, body?: string): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
  const url = new URL(server.url + path);
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: url.hostname, port: url.port, path: url.pathname + url.search, method, headers }, (res) => {
      let data = '';
      res.on('data', (c) => (data += c));
      res.on('end', () => resolve({ status: res.statusCode!, headers: res.headers, body: data }));
    });
    req.on('error', reject);
    if (body !== undefined) req.write(body);
    req.end();
  });
}

describe('X-Correlation-ID', () => {
  it('echoes a valid correlation id on the response', async () => {
    const res = await server.request('/health', { headers: { 'X-Correlation-ID': 'my-trace_12345' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('x-correlation-id')).toBe('my-trace_12345');
  });

  it('generates one when absent', async () => {
    const res = await server.request('/health');
    expect(res.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
  });

  it.each([['short'], ['has space in it'], ['slash/not/allowed'], ['x'.repeat(257)]])('rejects %s with 400 InvalidInput', async (value) => {
    const res = await server.request('/health', { headers: { 'X-Correlation-ID': value } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.errors[0].code).toBe('InvalidInput');
    expect(body.message).toContain('X-Correlation-ID');
    expect(res.headers.get('x-correlation-id')).toMatch(/^[A-Za-z0-9_-]{8,256}$/);
  });

  it('is echoed on error responses', async () => {
    const res = await server.request('/no/such/endpoint', { headers: { 'X-Correlation-ID': 'err-trace-0001' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-correlation-id')).toBe('err-trace-0001');
  });
});

describe('error envelope', () => {
  it('renders unknown routes as 404 in the platform body', async () => {
    const res = await server.request('/demo/unknown-things/1');
    expect(res.status).toBe(404);
    const body = await res.json();
    expect(body).toEqual({ statusCode: 404, message: expect.any(String), errors: [{ code: 'ResourceNotFound', message: body.message }] });
  });

  it('renders a wrong method as 405 in the platform body', async () => {
    const res = await server.request('/health', { method: 'DELETE' });
    expect(res.status).toBe(405);
    expect((await res.json()).errors[0].code).toBe('MethodNotAllowed');
  });
});

describe('blocked requests', () => {
  it('refuses URL plus headers over 15 KB with 431', async () => {
    const res = await raw('GET', '/health', { 'X-Big': 'a'.repeat(15 * 1024) });
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body).errors[0].code).toBe('RequestHeaderFieldsTooLarge');
  });

  it('accepts a request just under the limit', async () => {
    const res = await raw('GET', '/health', { 'X-Big': 'a'.repeat(14 * 1024) });
    expect(res.status).toBe(200);
  });

  it.each(['GET', 'DELETE'])('refuses a %s request that carries a body', async (method) => {
    const res = await raw(method, '/health', { 'Content-Type': 'application/json', 'Content-Length': '2' }, '{}');
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toContain('must not have a body');
  });

  it('refuses a request with an Upgrade header', async () => {
    const res = await raw('GET', '/health', { Connection: 'Upgrade', Upgrade: 'websocket' });
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body).message).toContain('Upgrade');
  });
});

describe('health', () => {
  it('reports liveness and readiness', async () => {
    expect(await (await server.request('/health')).json()).toEqual({ status: 'ok' });
    expect(await (await server.request('/ready')).json()).toEqual({ status: 'ok' });
  });
});
