import { request as httpRequest } from 'node:http';
import { connect } from 'node:net';
import { clientToken } from './support/auth.js';
import { startTestServer, type TestServer } from './support/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

/** Raw HTTP, for requests fetch refuses to send (GET with a body, Upgrade). */
function raw(
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: string,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: string }> {
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

/** Bytes as written, for requests no HTTP client library would send; resolves with what came back. */
function rawSocket(bytes: string): Promise<{ status: number; headers: string; body: string }> {
  const port = Number(new URL(server.url).port);
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(bytes));
    let data = '';
    socket.on('data', (chunk) => (data += chunk));
    socket.on('error', reject);
    socket.on('close', () => {
      const [head, ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), headers: head, body: rest.join('\r\n\r\n') });
    });
  });
}

describe('requests the HTTP parser refuses are answered in the error envelope', () => {
  const envelope = (status: number, code: string) => ({ statusCode: status, message: expect.any(String), errors: [{ code, message: expect.any(String) }] });
  it.each([
    ['broken chunked framing', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\nabc\r\n0\r\n\r\n'],
    ['a body shorter than its Content-Length', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nab'],
    ['a NUL in a header value', 'GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\u0000b\r\n\r\n'],
    [
      'Content-Length together with Transfer-Encoding',
      'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n',
    ],
    ['an unknown protocol version', 'GET /health HTTP/3.0\r\nHost: x\r\n\r\n'],
    // Request-smuggling shapes (a proxy in front may frame them differently from us).
    ['two different Content-Length headers', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 6\r\n\r\nabcdef'],
    ['two equal Content-Length headers', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nContent-Length: 5\r\n\r\nabcde'],
    ['a Content-Length list', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: 5, 5\r\n\r\nabcde'],
    ['a signed Content-Length', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: +5\r\n\r\nabcde'],
    ['a negative Content-Length', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\n\r\n'],
    ['Transfer-Encoding: chunked, identity', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked, identity\r\n\r\n0\r\n\r\n'],
    ['Transfer-Encoding: identity, chunked', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: identity, chunked\r\n\r\n0\r\n\r\n'],
    ['an unknown transfer coding', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: xchunked\r\n\r\n0\r\n\r\n'],
    ['two Transfer-Encoding headers', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nTransfer-Encoding: identity\r\n\r\n0\r\n\r\n'],
    ['a space before the colon of Transfer-Encoding', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding : chunked\r\n\r\n0\r\n\r\n'],
    ['a folded Transfer-Encoding (obs-fold)', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding:\r\n chunked\r\n\r\n0\r\n\r\n'],
    ['a vertical tab before chunked', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: \u000bchunked\r\n\r\n0\r\n\r\n'],
    ['Transfer-Encoding on an HTTP/1.0 request', 'POST /oauth/token HTTP/1.0\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n'],
    ['an overflowing chunk size', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffffff\r\nabc\r\n0\r\n\r\n'],
    ['a chunk without its CRLF', 'POST /oauth/token HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nabcX0\r\n\r\n'],
    ['bare LF line endings', 'GET /health HTTP/1.1\nHost: x\n\n'],
    ['a bare CR in a header value', 'GET /health HTTP/1.1\r\nHost: x\r\nX-A: a\rb\r\n\r\n'],
    ['a space in a header name', 'GET /health HTTP/1.1\r\nHost: x\r\nX A: b\r\n\r\n'],
    ['an HTTP/1.1 request without Host', 'GET /health HTTP/1.1\r\n\r\n'],
    ['two Host headers', 'GET /health HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n'],
    ['a malformed Host', 'GET /health HTTP/1.1\r\nHost: a b@c\r\n\r\n'],
  ])('%s: 400 InvalidInput with a correlation id, connection closed', async (_name, bytes) => {
    const res = await rawSocket(bytes);
    expect(res.status).toBe(400);
    expect(res.headers).toMatch(/\r\nX-Correlation-ID: cpa-[0-9a-f-]{36}\r\n/);
    expect(res.headers).toMatch(/\r\nConnection: close/);
    expect(JSON.parse(res.body)).toEqual(envelope(400, 'InvalidInput'));
  });

  it('an over-long head: 431 RequestHeaderFieldsTooLarge', async () => {
    const res = await rawSocket(`GET /health HTTP/1.1\r\nHost: x\r\nX-A: ${'a'.repeat(70_000)}\r\n\r\n`);
    expect(res.status).toBe(431);
    expect(JSON.parse(res.body)).toEqual(envelope(431, 'RequestHeaderFieldsTooLarge'));
  });

  it.each([
    ['HTTP/2.0 in an HTTP/1 request line', 'GET /health HTTP/2.0\r\nHost: x\r\n\r\n'],
    ['an HTTP/0.9-style request line', 'GET /health\r\n\r\n'],
  ])('%s is blocked (400), not served', async (_name, bytes) => {
    const res = await rawSocket(bytes);
    expect(res.status).toBe(400);
    expect(JSON.parse(res.body)).toEqual(envelope(400, 'InvalidInput'));
    expect(res.body).not.toContain('"status":"ok"');
  });

  it('a GET whose Content-Length body holds a second request: the hidden request is never served', async () => {
    const hidden = 'GET /health HTTP/1.1\r\nHost: x\r\n\r\n';
    const res = await rawSocket(`GET /health HTTP/1.1\r\nHost: x\r\nContent-Length: ${hidden.length}\r\n\r\n${hidden}`);
    expect(res.status).toBe(400);
    expect(res.body).not.toContain('"status":"ok"');
  });

  it('HTTP/1.0 is still served', async () => {
    const res = await rawSocket('GET /health HTTP/1.0\r\n\r\n');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });
});

describe('X-External-User-ID', () => {
  it('up to 128 characters is recorded in client logging', async () => {
    const token = await clientToken(server, 'manage_project:test');
    const id = 'u'.repeat(128);
    const res = await server.request('/test/stores', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-External-User-ID': id },
      body: JSON.stringify({ key: 'external-user-store' }),
    });
    expect(res.status).toBe(201);
    expect((await res.json()).createdBy).toMatchObject({ externalUserId: id });
  });

  it('longer than 128 characters is refused with 400 InvalidInput, nothing written', async () => {
    const token = await clientToken(server, 'manage_project:test');
    const res = await server.request('/test/stores', {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json', 'X-External-User-ID': 'u'.repeat(129) },
      body: JSON.stringify({ key: 'too-long-external-user' }),
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ code: 'InvalidInput', message: expect.stringContaining('X-External-User-ID') });
    const get = await server.request('/test/stores/key=too-long-external-user', { headers: { Authorization: `Bearer ${token}` } });
    expect(get.status).toBe(404);
  });
});

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
