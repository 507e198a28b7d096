import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { jest } from '@jest/globals';
import { ManualClock } from '../../src/shared/clock.js';
import { testConfigBase } from '../support/test-server.js';
import type { Config } from '../../src/config.js';
import { createLogger } from '../../src/shared/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { countRows } from '../support/db.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { systemContext } from '../../src/context.js';

jest.setTimeout(90_000);

/** Small budgets, so each limit trips after a handful of requests spread over the two instances. */
const TOKEN_REQUESTS = 6;
const SOURCE_FAILURES = 8;
const PASSWORD_FAILURES = 4;
const INTROSPECTIONS = 4;
const LONGEST_WINDOW = 15 * 60_000;

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

function form(url: string, path: string, authorization: string, body: Record<string, string>): Promise<Response> {
  return fetch(`${url}${path}`, {
    method: 'POST',
    headers: { Authorization: authorization, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(body).toString(),
  });
}

const json = (url: string, path: string, bearer: string, body?: unknown) =>
  fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { Authorization: `Bearer ${bearer}`, 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });

/** The i-th request's instance: alternately a and b, so each alone sees half of the attempts. */
const spread =
  <T>(a: T, b: T) =>
  (i: number) =>
    i % 2 === 0 ? a : b;

/** The 429 body and its Retry-After, checked in full. */
async function expectRefused(res: Response, message: RegExp): Promise<void> {
  expect(res.status).toBe(429);
  expect(Number(res.headers.get('Retry-After'))).toBeGreaterThan(0);
  const body = (await res.json()) as { errors: { code: string; message: string }[] };
  expect(body.errors[0].code).toBe('TooManyRequests');
  expect(body.errors[0].message).toMatch(message);
}

describe('rate limits shared by two instances on one database (N instances do not multiply them)', () => {
  const clock = new ManualClock();
  let database: FreshDatabase;
  let a: RunningServer;
  let b: RunningServer;
  let introspection: Server;
  let client: { id: string; secret?: string };
  let admin: string;

  beforeAll(async () => {
    introspection = createServer((req, res) => {
      req.resume();
      req.on('end', () => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end('{"active":false}');
      });
    });
    await new Promise<void>((resolve) => introspection.listen(0, '127.0.0.1', resolve));
    database = await freshDatabase('file');
    const config: Config = {
      ...testConfigBase(),
      host: '127.0.0.1',
      port: 0,
      plainHttp: true,
      databaseUrl: database.url,
      logLevel: 'silent',
      tokenRateLimitPerMinute: TOKEN_REQUESTS,
      clientAuthFailuresPerSourcePerMinute: SOURCE_FAILURES,
      passwordFailureLimit: PASSWORD_FAILURES,
      externalIntrospectionPerMinute: INTROSPECTIONS,
      externalOAuthAllowedHosts: ['127.0.0.1'],
    };
    // One clock for both, as two machines would share the time of day.
    a = await startServer(config, { clock, logger: createLogger('silent') });
    b = await startServer(config, { clock, logger: createLogger('silent') });
    await a.app.services.projects.create({ key: 'test', countries: ['DE'], currencies: ['EUR'], languages: ['en'] });
    client = await a.app.services.apiClients.create(systemContext(a.services, 'test'), { name: 'c', scope: 'manage_project:test manage_my_profile:test' });
    const issued = await form(a.url, '/oauth/token', basic(client.id, client.secret!), { grant_type: 'client_credentials' });
    admin = ((await issued.json()) as { access_token: string }).access_token;
    const created = await json(a.url, '/test/customers', admin, { email: 'limited@example.com', password: 'right-password' });
    expect(created.status).toBe(201);
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
    await database?.drop();
    introspection?.closeAllConnections();
    await new Promise((resolve) => introspection?.close(resolve));
  });
  // Every test starts in fresh windows of every limiter.
  beforeEach(() => clock.advance(LONGEST_WINDOW));

  it('token requests per API client: the limit trips after N requests in total, half of them on each instance', async () => {
    const other = await a.app.services.apiClients.create(systemContext(a.services, 'test'), { name: 'busy', scope: 'manage_project:test' });
    const on = spread(a, b);
    for (let i = 0; i < TOKEN_REQUESTS; i++) {
      expect((await form(on(i).url, '/oauth/token', basic(other.id, other.secret!), { grant_type: 'client_credentials' })).status).toBe(200);
    }
    for (const instance of [a, b]) {
      await expectRefused(
        await form(instance.url, '/oauth/token', basic(other.id, other.secret!), { grant_type: 'client_credentials' }),
        /Too many token requests/,
      );
    }
    clock.advance(60_000);
    expect((await form(b.url, '/oauth/token', basic(other.id, other.secret!), { grant_type: 'client_credentials' })).status).toBe(200);
  });

  it('failed client authentications per client id, counted across instances', async () => {
    const target = await a.app.services.apiClients.create(systemContext(a.services, 'test'), { name: 'guessed', scope: 'manage_project:test' });
    const on = spread(a, b);
    // The per-client budget is TOKEN_RATE_LIMIT_PER_MINUTE.
    for (let i = 0; i < TOKEN_REQUESTS; i++) {
      expect((await form(on(i).url, '/oauth/token', basic(target.id, 'wrong'), { grant_type: 'client_credentials' })).status).toBe(401);
    }
    await expectRefused(
      await form(a.url, '/oauth/token', basic(target.id, 'wrong'), { grant_type: 'client_credentials' }),
      /Too many failed client authentications\. Retry later/,
    );
  });

  it('failed client authentications per source address: refused on both instances once the address used its budget on the two together', async () => {
    const on = spread(a, b);
    for (let i = 0; i < SOURCE_FAILURES; i++) {
      expect((await form(on(i).url, '/oauth/token', basic(`unknown-${i}`, 'x'), { grant_type: 'client_credentials' })).status).toBe(401);
    }
    for (const instance of [a, b]) {
      // Refused before the secret is even checked: the right one too.
      await expectRefused(
        await form(instance.url, '/oauth/token', basic(client.id, client.secret!), { grant_type: 'client_credentials' }),
        /from this address/,
      );
    }
  });

  it('a count one instance read before is not used once the other counted more (counts are announced, so a check may answer from memory)', async () => {
    // a reads the source's count (0) on a success and may remember it...
    expect((await form(a.url, '/oauth/token', basic(client.id, client.secret!), { grant_type: 'client_credentials' })).status).toBe(200);
    // ...then every failure happens on b...
    for (let i = 0; i < SOURCE_FAILURES; i++) {
      expect((await form(b.url, '/oauth/token', basic(`unknown-b-${i}`, 'x'), { grant_type: 'client_credentials' })).status).toBe(401);
    }
    // ...and a refuses the address at once, with the right secret too.
    await expectRefused(await form(a.url, '/oauth/token', basic(client.id, client.secret!), { grant_type: 'client_credentials' }), /from this address/);
  });

  it('failed customer sign-ins per account (OAuth password flow): after the budget even the right password is refused on either instance', async () => {
    const on = spread(a, b);
    const signIn = (url: string, password: string) =>
      form(url, '/oauth/test/customers/token', basic(client.id, client.secret!), {
        grant_type: 'password',
        username: 'limited@example.com',
        password,
        scope: 'manage_my_profile:test',
      });
    for (let i = 0; i < PASSWORD_FAILURES; i++) expect((await signIn(on(i).url, 'wrong')).status).toBe(400);
    for (const instance of [a, b]) await expectRefused(await signIn(instance.url, 'right-password'), /failed sign-in attempts/);
    clock.advance(LONGEST_WINDOW);
    expect((await signIn(a.url, 'right-password')).status).toBe(200);
  });

  it('a successful sign-in on one instance clears the failures counted on the other', async () => {
    // A client per instance: each request also counts against its client's token requests.
    const [onA, onB] = await Promise.all(
      ['a', 'b'].map((name) => a.app.services.apiClients.create(systemContext(a.services, 'test'), { name, scope: 'manage_my_profile:test' })),
    );
    const signIn = (url: string, c: { id: string; secret?: string }, password: string) =>
      form(url, '/oauth/test/customers/token', basic(c.id, c.secret!), {
        grant_type: 'password',
        username: 'limited@example.com',
        password,
        scope: 'manage_my_profile:test',
      });
    for (let i = 0; i < PASSWORD_FAILURES - 1; i++) expect((await signIn(a.url, onA, 'wrong')).status).toBe(400);
    expect((await signIn(b.url, onB, 'right-password')).status).toBe(200);
    // A full budget again: PASSWORD_FAILURES - 1 more failures would have tripped it otherwise.
    for (let i = 0; i < PASSWORD_FAILURES - 1; i++) expect((await signIn(a.url, onA, 'wrong')).status).toBe(400);
    expect((await signIn(b.url, onB, 'right-password')).status).toBe(200);
  });

  it('failed sign-ins through the API (POST /{projectKey}/login) per account, counted across instances', async () => {
    const on = spread(a, b);
    for (let i = 0; i < PASSWORD_FAILURES; i++) {
      const res = await json(on(i).url, '/test/login', admin, { email: 'limited@example.com', password: 'wrong' });
      expect(res.status).toBe(400);
    }
    for (const instance of [a, b]) {
      await expectRefused(
        await json(instance.url, '/test/login', admin, { email: 'limited@example.com', password: 'right-password' }),
        /failed sign-in attempts/,
      );
    }
  });

  it('external introspection calls per project: the project has one budget for both instances', async () => {
    const project = (await (await json(a.url, '/test', admin)).json()) as { version: number };
    const url = `http://127.0.0.1:${(introspection.address() as AddressInfo).port}/introspect`;
    const set = await json(a.url, '/test', admin, {
      version: project.version,
      actions: [{ action: 'setExternalOAuth', externalOAuth: { url, authorizationHeader: 'Bearer x' } }],
    });
    expect(set.status).toBe(200);
    const on = spread(a, b);
    // Each a different token: none is answered from a cache.
    for (let i = 0; i < INTROSPECTIONS; i++) expect((await json(on(i).url, '/test', `external-${i}`)).status).toBe(401);
    for (const instance of [a, b])
      await expectRefused(await json(instance.url, '/test', `external-more-${instance === a ? 'a' : 'b'}`), /external token introspection calls/);
  });

  it('the sweep removes the counters of ended windows (run by the one instance that leads the background jobs)', async () => {
    await form(a.url, '/oauth/token', basic('unknown-swept', 'x'), { grant_type: 'client_credentials' });
    const before = await countRows(a.services.db, 'RateLimitWindow', '1 = 1', []);
    expect(before).toBeGreaterThan(0);
    clock.advance(LONGEST_WINDOW);
    const ran = [await a.app.oauth.sweepExpired(), await b.app.oauth.sweepExpired()];
    expect(ran).toContain(true);
    expect(await countRows(a.services.db, 'RateLimitWindow', '1 = 1', [])).toBe(0);
  });

  it('counts by digest: the table holds no address, e-mail or client id', async () => {
    await form(a.url, '/oauth/test/customers/token', basic(client.id, client.secret!), {
      grant_type: 'password',
      username: 'limited@example.com',
      password: 'wrong',
      scope: 'manage_my_profile:test',
    });
    const rows = await a.services.db.rows<{ key: string }>('SELECT "key" FROM "RateLimitWindow"');
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});

describe('two server processes on one database (the real clock)', () => {
  let database: FreshDatabase;
  const servers: ChildServer[] = [];
  afterAll(async () => {
    await Promise.all(servers.map((s) => s.kill('SIGTERM')));
    await database?.drop();
  });

  it('the token request limit trips after N requests spread over both processes', async () => {
    database = await freshDatabase('file');
    const env = { TOKEN_RATE_LIMIT_PER_MINUTE: '4' };
    servers.push(await startChildServer(database.url, env));
    servers.push(await startChildServer(database.url, env));
    const { clientId, clientSecret } = servers[0].bootstrap!;
    // Windows are clock minutes: start well inside one, so the attempts below share it.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 50_000) await new Promise((resolve) => setTimeout(resolve, 60_500 - intoMinute));
    const on = spread(servers[0], servers[1]);
    for (let i = 0; i < 4; i++)
      expect((await form(on(i).url, '/oauth/token', basic(clientId, clientSecret), { grant_type: 'client_credentials' })).status).toBe(200);
    for (const s of servers)
      await expectRefused(await form(s.url, '/oauth/token', basic(clientId, clientSecret), { grant_type: 'client_credentials' }), /Too many token requests/);
  });
});
