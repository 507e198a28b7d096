import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { api, clientToken } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';

interface Seen {
  token: string;
  authorization?: string;
  correlationId?: string;
}

/** A real RFC 7662 endpoint on loopback whose answers the tests script. */
let introspection: Server;
let introspectionUrl: string;
const seen: Seen[] = [];
let answer: (token: string) => { status: number; body: unknown; delayMs?: number } = () => ({ status: 200, body: { active: false } });

async function readBody(req: IncomingMessage): Promise<string> {
  let data = '';
  for await (const chunk of req) data += chunk;
  return data;
}

let server: TestServer;
const clock = new ManualClock();
let admin: string;
let projectVersion = 1;

async function configure(externalOAuth?: { url: string; authorizationHeader: string }): Promise<void> {
  const res = await api(server, admin, '/test', {
    body: { version: projectVersion, actions: [{ action: 'setExternalOAuth', ...(externalOAuth ? { externalOAuth } : {}) }] },
  });
  expect(res.status).toBe(200);
  projectVersion = ((await res.json()) as { version: number }).version;
}

beforeAll(async () => {
  introspection = createServer(async (req, res) => {
    const token = new URLSearchParams(await readBody(req)).get('token') ?? '';
    seen.push({ token, authorization: req.headers.authorization, correlationId: req.headers['x-correlation-id'] as string | undefined });
    const a = answer(token);
    setTimeout(() => {
      res.writeHead(a.status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(a.body));
    }, a.delayMs ?? 0);
  });
  await new Promise<void>((resolve) => introspection.listen(0, '127.0.0.1', resolve));
  introspectionUrl = `http://127.0.0.1:${(introspection.address() as AddressInfo).port}/introspect`;
  // The scripted endpoint is plain HTTP on loopback: allowed for this host only.
  server = await startTestServer({ externalOAuthAllowedHosts: ['127.0.0.1'], externalIntrospectionPerMinute: 30 }, { clock });
  admin = await clientToken(server, 'manage_project:test');
  await configure({ url: introspectionUrl, authorizationHeader: 'Bearer introspection-secret' });
});
afterAll(async () => {
  await server.close();
  introspection.closeAllConnections();
  await new Promise((resolve) => introspection.close(resolve));
});
beforeEach(() => {
  seen.length = 0;
});

describe('external OAuth (project externalOAuth)', () => {
  it('introspects an unknown token at the configured URL with the Authorization header and X-Correlation-ID', async () => {
    answer = () => ({ status: 200, body: { active: true, scope: 'view_project_settings:test', exp: Math.floor(clock.now() / 1000) + 3600 } });
    const res = await api(server, 'external-token-1', '/test', { headers: { 'X-Correlation-ID': 'corr-id-12345' } });
    expect(res.status).toBe(200);
    expect(seen).toEqual([{ token: 'external-token-1', authorization: 'Bearer introspection-secret', correlationId: 'corr-id-12345' }]);
  });

  it('caches the answer (no second call) and bounds the cache by the token exp', async () => {
    answer = () => ({ status: 200, body: { active: true, scope: 'view_project_settings:test', exp: Math.floor(clock.now() / 1000) + 60 } });
    expect((await api(server, 'external-token-2', '/test')).status).toBe(200);
    expect((await api(server, 'external-token-2', '/test')).status).toBe(200);
    expect(seen).toHaveLength(1);
    clock.advance(61_000);
    answer = () => ({ status: 200, body: { active: false } });
    expect((await api(server, 'external-token-2', '/test')).status).toBe(401);
    expect(seen).toHaveLength(2);
  });

  it('keeps answers at most 30 minutes', async () => {
    answer = () => ({ status: 200, body: { active: true, scope: 'view_project_settings:test' } });
    expect((await api(server, 'external-token-3', '/test')).status).toBe(200);
    clock.advance(29 * 60_000);
    expect((await api(server, 'external-token-3', '/test')).status).toBe(200);
    expect(seen).toHaveLength(1);
    clock.advance(2 * 60_000);
    expect((await api(server, 'external-token-3', '/test')).status).toBe(200);
    expect(seen).toHaveLength(2);
  });

  it('takes only this project scopes and maps customer_id, anonymous_id and external_user_id', async () => {
    answer = () => ({
      status: 200,
      body: { active: true, scope: 'manage_project:elsewhere view_project_settings:other customer_id:c-1 anonymous_id:a-1 external_user_id:u-1 unrelated' },
    });
    const res = await api(server, 'external-token-4', '/test');
    expect(res.status).toBe(403);
    const principal = await server.app.oauth.authenticator.authenticate(
      { state: {}, query: {}, req: { url: '/test', headers: { authorization: 'Bearer external-token-4' } } } as never,
      { app: server.services, db: server.services.db, projectKey: 'test', correlationId: 'corr-id-12345', logger: server.services.logger },
      [],
    );
    expect(principal).toEqual({ projectKey: 'test', clientId: 'external', scopes: [], customerId: 'c-1', anonymousId: 'a-1', externalUserId: 'u-1' });
  });

  it('inactive answers are 401 invalid_token', async () => {
    answer = () => ({ status: 200, body: { active: false } });
    const res = await api(server, 'external-token-5', '/test');
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('invalid_token');
  });

  it('fails the call with ExternalOAuthFailed when the endpoint answers 500, without retrying; the next call tries again', async () => {
    answer = () => ({ status: 500, body: { oops: true } });
    const res = await api(server, 'external-token-6', '/test');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errors: [{ code: 'ExternalOAuthFailed', message: expect.stringContaining('HTTP 500') }] });
    expect(seen).toHaveLength(1);
    answer = () => ({ status: 200, body: { active: true, scope: 'view_project_settings:test' } });
    expect((await api(server, 'external-token-6', '/test')).status).toBe(200);
  });

  it('fails the call when the endpoint does not answer within 500 ms', async () => {
    answer = () => ({ status: 200, body: { active: true, scope: 'view_project_settings:test' }, delayMs: 800 });
    const started = Date.now();
    const res = await api(server, 'external-token-7', '/test');
    expect(Date.now() - started).toBeLessThan(800);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ errors: [{ code: 'ExternalOAuthFailed', message: expect.stringContaining('500 ms') }] });
  });

  it('fails the call when the answer is not an introspection response', async () => {
    answer = () => ({ status: 200, body: ['nope'] });
    const res = await api(server, 'external-token-8', '/test');
    expect(await res.json()).toMatchObject({ errors: [{ code: 'ExternalOAuthFailed' }] });
  });

  it('tokens issued by the service keep working alongside, without calling the endpoint', async () => {
    const own = await clientToken(server, 'view_project_settings:test');
    expect((await api(server, own, '/test')).status).toBe(200);
    expect(seen).toHaveLength(0);
  });

  it('remembers an inactive answer for a minute: a repeated junk token costs one outbound call', async () => {
    answer = () => ({ status: 200, body: { active: false } });
    for (let i = 0; i < 5; i++) expect((await api(server, 'junk-token-1', '/test')).status).toBe(401);
    expect(seen).toHaveLength(1);
    clock.advance(61_000);
    expect((await api(server, 'junk-token-1', '/test')).status).toBe(401);
    expect(seen).toHaveLength(2);
  });

  it('shares one outbound call between concurrent checks of the same token', async () => {
    answer = () => ({ status: 200, body: { active: true, scope: 'view_project_settings:test' }, delayMs: 100 });
    const results = await Promise.all(Array.from({ length: 10 }, () => api(server, 'concurrent-token', '/test')));
    expect(results.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect(seen).toHaveLength(1);
  });

  it('limits outbound calls per project (429 with Retry-After past the limit), then recovers', async () => {
    clock.advance(61_000); // a fresh window
    answer = () => ({ status: 200, body: { active: false } });
    const statuses: number[] = [];
    for (let i = 0; i < 35; i++) statuses.push((await api(server, `flood-token-${i}`, '/test')).status);
    expect(seen).toHaveLength(30);
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(401));
    const limited = await api(server, 'flood-token-x', '/test');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    // The service's own tokens are not affected.
    expect((await api(server, await clientToken(server, 'view_project_settings:test'), '/test')).status).toBe(200);
    clock.advance(61_000);
    expect((await api(server, 'flood-token-y', '/test')).status).toBe(401);
  });

  it.each([
    ['plain http', 'http://idp.example.com/introspect'],
    ['loopback', 'https://127.0.0.2/introspect'],
    ['the cloud metadata address', 'https://169.254.169.254/latest'],
    ['a private range', 'https://10.1.2.3/introspect'],
    ['a private IPv6 address', 'https://[fd00::1]/introspect'],
    ['IPv4-mapped loopback', 'https://[::ffff:127.0.0.2]/introspect'],
    ['localhost', 'https://localhost:8443/introspect'],
    ['credentials in the URL', 'https://user:pw@idp.example.com/introspect'],
  ])('refuses an endpoint on %s (400 InvalidField) unless its host is allowed', async (_name, url) => {
    const res = await api(server, admin, '/test', {
      body: { version: projectVersion, actions: [{ action: 'setExternalOAuth', externalOAuth: { url, authorizationHeader: 'Bearer x' } }] },
    });
    expect(res.status).toBe(400);
    expect((await res.json()).errors[0]).toMatchObject({ code: 'InvalidField', field: 'externalOAuth.url' });
  });

  it('accepts a public https endpoint', async () => {
    await configure({ url: 'https://idp.example.com/introspect', authorizationHeader: 'Bearer x' });
    await configure({ url: introspectionUrl, authorizationHeader: 'Bearer introspection-secret' });
  });

  it('without externalOAuth an unknown token is simply 401', async () => {
    await configure(undefined);
    const res = await api(server, 'external-token-9', '/test');
    expect(res.status).toBe(401);
    expect(seen).toHaveLength(0);
  });
});
