import { createHash } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import type { Config } from '../../src/config.js';
import { tokenKey } from '../../src/oauth/token-store.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { createLogger } from '../../src/shared/logger.js';
import { startServer } from '../../src/server.js';
import { api, createApiClient } from '../support/auth.js';
import { ManualClock, startTestServer, testConfigBase, type TestServer } from '../support/test-server.js';
import { signUp, tokenRequest } from './support.js';
import { countRows } from '../support/db.js';
import { sql } from '../../src/db/statements.js';
import { systemContext } from '../../src/context.js';

describe('rate limiting of the token endpoints per client', () => {
  let server: TestServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startTestServer({ tokenRateLimitPerMinute: 3 }, { clock });
  });
  afterAll(async () => server.close());

  it('answers 429 with Retry-After past tokenRateLimitPerMinute, per client, until the minute is over', async () => {
    const busy = await createApiClient(server, 'test', 'view_products:test');
    const calm = await createApiClient(server, 'test', 'view_products:test');
    for (let i = 0; i < 3; i++) expect((await tokenRequest(server, '/oauth/token', busy, { grant_type: 'client_credentials' })).status).toBe(200);
    const limited = await tokenRequest(server, '/oauth/token', busy, { grant_type: 'client_credentials' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(limited.body.errors).toEqual([{ code: 'TooManyRequests', message: expect.any(String) }]);
    expect((await tokenRequest(server, '/oauth/token', calm, { grant_type: 'client_credentials' })).status).toBe(200);
    clock.advance(61_000);
    expect((await tokenRequest(server, '/oauth/token', busy, { grant_type: 'client_credentials' })).status).toBe(200);
  });

  it('admits exactly the budget of concurrent token requests (those of one turn are counted by one statement)', async () => {
    const burst = await createApiClient(server, 'test', 'view_products:test');
    const statuses = (
      await Promise.all(Array.from({ length: 10 }, () => tokenRequest(server, '/oauth/token', burst, { grant_type: 'client_credentials' })))
    ).map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(3);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
    const db = server.services.db;
    const [window] = await db.rows<{ count: number | string }>(
      sql('SELECT "count" FROM "RateLimitWindow" WHERE "limiter" = \'token-requests\' AND "key" = ?')[db.dialect],
      [createHash('sha256').update(burst.clientId).digest('base64url')],
    );
    // Every request up to the first refusal was counted; a refused key is not counted further.
    expect(Number(window.count)).toBeGreaterThanOrEqual(4);
  });

  it('also limits failed client authentications per client id', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    for (let i = 0; i < 3; i++)
      expect((await tokenRequest(server, '/oauth/token', { ...creds, clientSecret: `wrong-${i}` }, { grant_type: 'client_credentials' })).status).toBe(401);
    expect((await tokenRequest(server, '/oauth/token', { ...creds, clientSecret: 'wrong' }, { grant_type: 'client_credentials' })).status).toBe(429);
  });

  it('never refuses the correct secret, however many wrong ones were sent for the client id', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    for (let i = 0; i < 5; i++) await tokenRequest(server, '/oauth/token', { ...creds, clientSecret: `attacker-${i}` }, { grant_type: 'client_credentials' });
    const res = await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' });
    expect(res.status).toBe(200);
    expect(res.body.access_token).toMatch(/^[A-Za-z0-9_-]{32}$/);
  });

  it('does not count or throttle unknown client ids (they cost no slow hash either)', async () => {
    for (let i = 0; i < 6; i++) {
      const res = await tokenRequest(server, '/oauth/token', { clientId: 'no-such-client-id', clientSecret: `s-${i}` }, { grant_type: 'client_credentials' });
      expect(res.status).toBe(401);
      expect(res.body.error).toBe('invalid_client');
    }
  });
});

describe('failed client authentications per source address', () => {
  let server: TestServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startTestServer({ clientAuthFailuresPerSourcePerMinute: 5 }, { clock });
  });
  afterAll(async () => server.close());

  /** A token request sent from a chosen loopback address (Linux routes all of 127/8 to lo). */
  function tokenFrom(
    localAddress: string,
    creds: { clientId: string; clientSecret: string },
  ): Promise<{ status: number; body: { error?: string; errors?: Array<{ code: string }> } }> {
    const url = new URL(`${server.url}/oauth/token`);
    const form = 'grant_type=client_credentials';
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        {
          host: url.hostname,
          port: url.port,
          path: url.pathname,
          method: 'POST',
          localAddress,
          headers: {
            Authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
            'Content-Type': 'application/x-www-form-urlencoded',
            'Content-Length': String(form.length),
          },
        },
        (res) => {
          let data = '';
          res.on('data', (c) => (data += c));
          res.on('end', () => resolve({ status: res.statusCode!, body: JSON.parse(data) }));
        },
      );
      req.on('error', reject);
      req.end(form);
    });
  }

  it('refuses an address after its budget of failures (unknown ids included), without affecting other addresses, until the minute is over', async () => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    for (let i = 0; i < 5; i++) expect((await tokenFrom('127.0.0.2', { clientId: `sprayed-id-${i}`, clientSecret: 'guess' })).status).toBe(401);
    const refused = await tokenFrom('127.0.0.2', creds);
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.[0].code).toBe('TooManyRequests');
    expect((await tokenFrom('127.0.0.3', creds)).status).toBe(200);
    clock.advance(61_000);
    expect((await tokenFrom('127.0.0.2', creds)).status).toBe(200);
  });

  it('ignores X-Forwarded-For (the caller chooses it)', async () => {
    clock.advance(61_000);
    for (let i = 0; i < 5; i++) {
      const res = await server.request('/oauth/token', {
        method: 'POST',
        headers: {
          Authorization: `Basic ${Buffer.from(`nobody-${i}:x`).toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
          'X-Forwarded-For': `203.0.113.${i}`,
        },
        body: 'grant_type=client_credentials',
      });
      expect(res.status).toBe(401);
    }
    const res = await server.request('/oauth/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from('nobody:x').toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
        'X-Forwarded-For': '203.0.113.99',
      },
      body: 'grant_type=client_credentials',
    });
    expect(res.status).toBe(429);
  });
});

describe('refresh token cap per project', () => {
  let server: TestServer;
  const clock = new ManualClock();
  beforeAll(async () => {
    server = await startTestServer({ refreshTokenCap: 5 }, { clock });
    await signUp(server, 'jane@example.com', 'secret-1');
  });
  afterAll(async () => server.close());

  it('deletes the least recently used refresh tokens past the cap and keeps issuing new ones', async () => {
    const creds = await createApiClient(server, 'test', 'manage_my_profile:test');
    const refresh = (token: string) => tokenRequest(server, '/oauth/token', creds, { grant_type: 'refresh_token', refresh_token: token });
    const tokens: string[] = [];
    for (let i = 0; i < 5; i++) {
      clock.advance(1000);
      const { status, body } = await tokenRequest(server, '/oauth/test/customers/token', creds, {
        grant_type: 'password',
        username: 'jane@example.com',
        password: 'secret-1',
      });
      expect(status).toBe(200);
      tokens.push(body.refresh_token!);
    }
    // Using the oldest makes the second-oldest the least recently used.
    clock.advance(1000);
    expect((await refresh(tokens[0])).status).toBe(200);
    for (let i = 0; i < 2; i++) {
      clock.advance(1000);
      const { status, body } = await tokenRequest(server, '/oauth/test/anonymous/token', await createApiClient(server, 'test', 'create_anonymous_token:test'), {
        grant_type: 'client_credentials',
      });
      expect(status).toBe(200);
      tokens.push(body.refresh_token!);
    }
    expect(await countRows(server.services.db, 'OAuthToken', '"projectKey" = ? AND "kind" = ?', ['test', 'RefreshToken'])).toBe(5);
    expect((await refresh(tokens[1])).status).toBe(400);
    expect((await refresh(tokens[2])).status).toBe(400);
    expect((await refresh(tokens[0])).status).toBe(200);
    expect((await refresh(tokens[3])).status).toBe(200);
  });
});

describe('persistence', () => {
  // A database of its own that outlives the servers (a SQLite file, or a PostgreSQL schema).
  let database: FreshDatabase;
  let config: Config;
  const logger = createLogger('silent');
  beforeEach(async () => {
    database = await freshDatabase('file');
    config = { ...testConfigBase(), host: '127.0.0.1', port: 0, plainHttp: true, databaseUrl: database.url, logLevel: 'silent' };
  });
  afterEach(async () => database.drop());

  async function clientCredentialsToken(url: string, client: { id: string; secret?: string }): Promise<string> {
    const res = await fetch(`${url}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret ?? ''}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    return ((await res.json()) as { access_token: string }).access_token;
  }

  it('tokens survive a restart and are shared by instances on the same database', async () => {
    const first = await startServer(config, { logger });
    try {
      await first.app.services.projects.create({ key: 'test' });
      const client = await first.app.services.apiClients.create(systemContext(first.services, 'test'), { name: 'c', scope: 'manage_project:test' });
      const token = await clientCredentialsToken(first.url, client);
      const second = await startServer(config, { logger });
      try {
        const viaSecond = await fetch(`${second.url}/test`, { headers: { Authorization: `Bearer ${token}` } });
        expect(viaSecond.status).toBe(200);
      } finally {
        await second.close();
      }
      await first.close();
      const third = await startServer(config, { logger });
      try {
        const afterRestart = await fetch(`${third.url}/test`, { headers: { Authorization: `Bearer ${token}` } });
        expect(afterRestart.status).toBe(200);
      } finally {
        await third.close();
      }
    } finally {
      await first.close();
    }
  });

  it('re-keys token rows an older version stored in the clear: the token keeps working, the table no longer holds it', async () => {
    const first = await startServer(config, { logger });
    let token: string;
    try {
      await first.app.services.projects.create({ key: 'test' });
      const client = await first.app.services.apiClients.create(systemContext(first.services, 'test'), { name: 'c', scope: 'manage_project:test' });
      token = await clientCredentialsToken(first.url, client);
      // Turn the row into what the older version wrote: the token as the id and as jti in the payload.
      const db = first.services.db;
      const key = tokenKey(token);
      const row = await db.first<{ payload: unknown }>(`SELECT "payload" FROM "OAuthToken" WHERE "id" = ${db.dialect === 'postgresql' ? '$1' : '?'}`, [key]);
      const payload = typeof row!.payload === 'string' ? JSON.parse(row!.payload) : row!.payload;
      const legacy = JSON.stringify({ ...payload, jti: token });
      await db.executeRaw(
        db.dialect === 'postgresql'
          ? 'UPDATE "OAuthToken" SET "id" = $1, "payload" = $2::jsonb WHERE "id" = $3'
          : 'UPDATE "OAuthToken" SET "id" = ?, "payload" = ? WHERE "id" = ?',
        [token, legacy, key],
      );
    } finally {
      await first.close();
    }
    const second = await startServer(config, { logger });
    try {
      expect((await fetch(`${second.url}/test`, { headers: { Authorization: `Bearer ${token}` } })).status).toBe(200);
      const rows = await second.services.db.rows<{ id: string; payload: unknown }>('SELECT "id", "payload" FROM "OAuthToken"', []);
      expect(rows.length).toBeGreaterThan(0);
      for (const row of rows) expect(row.id).toMatch(/^[0-9a-f]{64}$/);
      expect(JSON.stringify(rows)).not.toContain(token);
    } finally {
      await second.close();
    }
  });
});

describe('bearer authentication edge cases', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  it('refuses a token in the URL with 400 invalid_request, even a valid one', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const token = (await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' })).body.access_token;
    const res = await server.request(`/test?access_token=${token}`);
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid_request', error_description: expect.stringContaining('Authorization: Bearer') });
    expect((await api(server, token, `/test?access_token=${token}`)).status).toBe(400);
  });

  it('refuses a missing or malformed Authorization header with 401 invalid_token and WWW-Authenticate', async () => {
    for (const headers of [{}, { Authorization: 'Basic abc' }, { Authorization: 'Bearer' }] as Record<string, string>[]) {
      const res = await server.request('/test', { headers });
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toContain('Bearer');
      expect(await res.json()).toMatchObject({ statusCode: 401, errors: [{ code: 'invalid_token' }], error: 'invalid_token' });
    }
  });

  it('a token of project A is answered 404 "URI not found" on project B, as on a project that does not exist', async () => {
    await server.app.services.projects.create({ key: 'other' });
    const creds = await createApiClient(server, 'other', 'manage_project:other');
    const token = (await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' })).body.access_token;
    expect((await api(server, token, '/other')).status).toBe(200);
    const existing = await api(server, token, '/test/stores');
    const missing = await api(server, token, '/no-such-project/stores');
    expect([existing.status, missing.status]).toEqual([404, 404]);
    expect(await existing.json()).toEqual({
      statusCode: 404,
      message: 'URI not found: /test/stores',
      errors: [{ code: 'ResourceNotFound', message: 'URI not found: /test/stores' }],
    });
    expect(((await missing.json()) as { message: string }).message).toBe('URI not found: /no-such-project/stores');
  });

  it('serves repeated reads from the in-process cache (no token lookup per request)', async () => {
    const creds = await createApiClient(server, 'test', 'manage_project:test');
    const token = (await tokenRequest(server, '/oauth/token', creds, { grant_type: 'client_credentials' })).body.access_token;
    // Counts the statements that read the token table, whatever issues them.
    const db = server.services.db;
    const original = db.first.bind(db);
    let lookups = 0;
    db.first = ((statement: string, params?: readonly unknown[]) => {
      if (statement.includes('FROM "OAuthToken"')) lookups++;
      return original(statement, params);
    }) as typeof db.first;
    try {
      for (let i = 0; i < 5; i++) expect((await api(server, token, '/test')).status).toBe(200);
    } finally {
      db.first = original;
    }
    expect(lookups).toBe(1);
  });
});

describe('token request body size', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => server.close());

  /** A form of exactly `bytes` bytes: a client_credentials request padded with an ignored parameter. */
  const form = (bytes: number) => {
    const head = 'grant_type=client_credentials&pad=';
    return head + 'x'.repeat(bytes - head.length);
  };
  const post = async (body: string | ReadableStream<Uint8Array>) => {
    const creds = await createApiClient(server, 'test', 'view_products:test');
    return server.request('/oauth/token', {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${creds.clientId}:${creds.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body,
      duplex: 'half',
    } as RequestInit);
  };
  const chunked = (text: string) =>
    new ReadableStream<Uint8Array>({
      start(controller) {
        const bytes = Buffer.from(text);
        for (let i = 0; i < bytes.length; i += 8192) controller.enqueue(bytes.subarray(i, i + 8192));
        controller.close();
      },
    });

  it('accepts a form body of 56 KB', async () => {
    expect((await post(form(56 * 1024))).status).toBe(200);
  });

  it('refuses a larger one with 400 invalid_request, with or without Content-Length', async () => {
    for (const body of [form(56 * 1024 + 1), chunked(form(56 * 1024 + 1))]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ error: 'invalid_request', error_description: 'The request body is too large.' });
    }
  });
});
