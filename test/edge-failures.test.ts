import { Writable } from 'node:stream';
import { createLogger, flushLogger } from '../src/shared/logger.js';
import { api, clientToken, createApiClient, oauthPost } from './support/auth.js';
import { signUp } from './oauth/support.js';
import { startTestServer, type TestServer } from './support/test-server.js';

/** Log lines written by the server, parsed. */
const lines: Array<Record<string, unknown>> = [];
const sink = new Writable({
  write(chunk, _enc, done) {
    for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line));
    done();
  },
});

let server: TestServer;
// The server keeps access lines in memory until a flush (src/shared/logger.ts); the tests flush before they read.
const logger = createLogger('debug', sink);
beforeAll(async () => {
  // The production logger (redaction, the access-line writer), writing into the sink instead of stdout;
  // debug level, so every line the server can write is checked.
  server = await startTestServer({}, { logger });
});
afterAll(async () => {
  await server.close();
});

describe('logging', () => {
  it('writes one structured line per request carrying the correlation id', async () => {
    await server.request('/health', { headers: { 'X-Correlation-ID': 'log-line-check-1' } });
    flushLogger(logger);
    const line = lines.find((l) => l.correlationId === 'log-line-check-1');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/health', status: 200 });
    expect(typeof line!.ms).toBe('number');
    expect(line!.ms).toBeGreaterThanOrEqual(0);
  });

  it('logs the path without its query string, and the status of a refused request', async () => {
    await server.request('/test/stores?where=key%3D%22secret-looking%22', { headers: { 'X-Correlation-ID': 'log-line-check-2' } });
    flushLogger(logger);
    const line = lines.find((l) => l.correlationId === 'log-line-check-2');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/test/stores', status: 401 });
    expect(JSON.stringify(line)).not.toContain('secret-looking');
  });

  it('never logs a bearer token, a refresh token, a client secret or a password, on success or failure', async () => {
    const client = await createApiClient(server, 'test', 'manage_project:test');
    const tokenRes = await oauthPost(server, '/oauth/token', client, { grant_type: 'client_credentials' });
    const token = (await tokenRes.json()).access_token as string;
    await api(server, token, '/test');
    await api(server, token, `/test/stores?where=${encodeURIComponent('key = "x"')}`);
    // A wrong secret, a password flow (right and wrong password), a refresh, a revocation.
    await oauthPost(server, '/oauth/token', { ...client, clientSecret: `${client.clientSecret}-wrong` }, { grant_type: 'client_credentials' });
    await signUp(server, 'logged@example.com', 'customer-password-1');
    const customer = await createApiClient(server, 'test', 'manage_my_profile:test');
    const signIn = await oauthPost(server, '/oauth/test/customers/token', customer, {
      grant_type: 'password',
      username: 'logged@example.com',
      password: 'customer-password-1',
    });
    const { access_token: customerToken, refresh_token: refreshToken } = await signIn.json();
    await oauthPost(server, '/oauth/test/customers/token', customer, { grant_type: 'password', username: 'logged@example.com', password: 'wrong-password-2' });
    await oauthPost(server, '/oauth/token', customer, { grant_type: 'refresh_token', refresh_token: refreshToken });
    await oauthPost(server, '/oauth/token/revoke', customer, { token: customerToken });
    flushLogger(logger);
    const all = JSON.stringify(lines);
    expect(lines.filter((l) => l.msg === 'request').length).toBeGreaterThanOrEqual(9);
    for (const secret of [token, client.clientSecret, customer.clientSecret, customerToken, refreshToken, 'customer-password-1', 'wrong-password-2']) {
      expect(all).not.toContain(secret);
    }
  });
});

describe('unexpected errors', () => {
  it('answer 500 General with no internals, and log the failure with the correlation id', async () => {
    const token = await clientToken(server, 'manage_project:test');
    // Break the database under the running app: the failure is not a platform error.
    await server.services.db.executeRaw('DROP TABLE "AssociateRole"');
    await server.request('/health', { headers: { 'X-Correlation-ID': 'before-boom-0001' } });
    const res = await api(server, token, '/test/associate-roles/some-id', { headers: { 'X-Correlation-ID': 'boom-trace-0001' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ statusCode: 500, message: 'Internal Server Error', errors: [{ code: 'General', message: 'Internal Server Error' }] });
    expect(res.headers.get('x-correlation-id')).toBe('boom-trace-0001');
    expect(lines.some((l) => l.correlationId === 'boom-trace-0001' && l.msg === 'unexpected error')).toBe(true);
    // Access lines wait in memory, but never behind a line logged after them.
    flushLogger(logger);
    const at = (correlationId: string, msg: string) => lines.findIndex((l) => l.correlationId === correlationId && l.msg === msg);
    expect(at('before-boom-0001', 'request')).toBeGreaterThanOrEqual(0);
    expect(at('before-boom-0001', 'request')).toBeLessThan(at('boom-trace-0001', 'unexpected error'));
    expect(at('boom-trace-0001', 'unexpected error')).toBeLessThan(at('boom-trace-0001', 'request'));
  });
});

describe('graceful shutdown', () => {
  it('lets an in-flight request finish before closing', async () => {
    const client = await createApiClient(server, 'test', 'manage_project:test');
    const arrived = new Promise<void>((resolve) => server.server.once('request', () => resolve()));
    const inFlight = oauthPost(server, '/oauth/token', client, { grant_type: 'client_credentials' });
    await arrived;
    const closed = server.close();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect((await res.json()).access_token).toEqual(expect.any(String));
    await closed;
    await expect(server.request('/health')).rejects.toThrow();
  });
});
