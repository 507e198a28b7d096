import { Writable } from 'node:stream';
import pino from 'pino';
import { api, clientToken, createApiClient, oauthPost } from './support/auth.js';
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
beforeAll(async () => {
  server = await startTestServer({}, { logger: pino({ level: 'info', base: undefined }, sink) });
});
afterAll(async () => {
  await server.close();
});

describe('logging', () => {
  it('writes one structured line per request carrying the correlation id', async () => {
    await server.request('/health', { headers: { 'X-Correlation-ID': 'log-line-check-1' } });
    const line = lines.find((l) => l.correlationId === 'log-line-check-1');
    expect(line).toMatchObject({ msg: 'request', method: 'GET', path: '/health', status: 200 });
  });

  it('never logs the bearer token or a client secret', async () => {
    const client = await createApiClient(server, 'test', 'manage_project:test');
    const tokenRes = await oauthPost(server, '/oauth/token', client, { grant_type: 'client_credentials' });
    const token = (await tokenRes.json()).access_token as string;
    await api(server, token, '/test');
    const all = JSON.stringify(lines);
    expect(all).not.toContain(token);
    expect(all).not.toContain(client.clientSecret);
  });
});

describe('unexpected errors', () => {
  it('answer 500 General with no internals, and log the failure with the correlation id', async () => {
    const token = await clientToken(server, 'manage_project:test');
    // Break the database under the running app: the failure is not a platform error.
    await server.services.db.executeRaw('DROP TABLE "AssociateRole"');
    const res = await api(server, token, '/test/associate-roles/some-id', { headers: { 'X-Correlation-ID': 'boom-trace-0001' } });
    expect(res.status).toBe(500);
    const body = await res.json();
    expect(body).toEqual({ statusCode: 500, message: 'Internal Server Error', errors: [{ code: 'General', message: 'Internal Server Error' }] });
    expect(res.headers.get('x-correlation-id')).toBe('boom-trace-0001');
    expect(lines.some((l) => l.correlationId === 'boom-trace-0001' && l.msg === 'unexpected error')).toBe(true);
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
