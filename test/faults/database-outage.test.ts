import { createServer, connect, type Server, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/shared/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { systemContext } from '../../src/context.js';

/**
 * A TCP hop between the server and PostgreSQL that the test can cut and restore: the database
 * "goes down" for this server only, without stopping the cluster other tests share.
 */
class CuttableLink {
  private server!: Server;
  private readonly sockets = new Set<Socket>();
  private up = true;
  port = 0;

  constructor(private readonly target: { host: string; port: number }) {}

  async start(): Promise<void> {
    this.server = createServer((client) => {
      if (!this.up) return void client.destroy();
      const upstream = connect(this.target.port, this.target.host);
      for (const s of [client, upstream]) {
        this.sockets.add(s);
        s.on('close', () => this.sockets.delete(s));
        s.on('error', () => undefined);
      }
      client.pipe(upstream).pipe(client);
    });
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
  }

  cut(): void {
    this.up = false;
    for (const s of this.sockets) s.destroy();
  }

  restore(): void {
    this.up = true;
  }

  async stop(): Promise<void> {
    this.cut();
    await new Promise((resolve) => this.server.close(resolve));
  }
}

const onPostgres = /^postgres/.test(process.env.TEST_DATABASE_URL ?? '');

// PostgreSQL only: the embedded database cannot go away under a running server.
(onPostgres ? describe : describe.skip)('PostgreSQL lost and back mid-traffic (PostgreSQL only)', () => {
  let database: FreshDatabase;
  let link: CuttableLink;
  let server: RunningServer;
  let token: string;

  beforeAll(async () => {
    database = await freshDatabase();
    const direct = new URL(database.url);
    link = new CuttableLink({ host: direct.hostname, port: Number(direct.port || 5432) });
    await link.start();
    const viaLink = new URL(database.url);
    viaLink.host = `127.0.0.1:${link.port}`;
    server = await startServer(
      { ...loadConfig({}), host: '127.0.0.1', port: 0, plainHttp: true, databaseUrl: viaLink.toString(), logLevel: 'silent', tokenCacheTtlMs: 0 },
      { logger: createLogger('silent') },
    );
    await server.app.services.projects.create({ key: 'test' });
    const client = await server.app.services.apiClients.create(systemContext(server.services, 'test'), { name: 'c', scope: 'manage_project:test' });
    const res = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${client.id}:${client.secret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    token = ((await res.json()) as { access_token: string }).access_token;
  });
  afterAll(async () => {
    await server.close();
    await link.stop();
    await database.drop();
  });

  const call = (path: string, body?: unknown) =>
    fetch(server.url + path, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'Content-Type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });

  it('answers 503 in the error envelope while the database is gone (no hang, no crash), and recovers by itself', async () => {
    expect((await call('/test/stores', { key: 'before' })).status).toBe(201);
    link.cut();
    const started = Date.now();
    const during = await Promise.all([
      call('/test/stores/key=before'),
      call('/test/stores', { key: 'during' }),
      call('/test/stores?limit=5'),
      fetch(`${server.url}/ready`),
    ]);
    expect(Date.now() - started).toBeLessThan(8000);
    for (const res of during.slice(0, 3)) {
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('1');
      expect(await res.json()).toEqual({ statusCode: 503, message: expect.any(String), errors: [{ code: 'OverCapacity', message: expect.any(String) }] });
    }
    expect(during[3].status).toBe(503);

    link.restore();
    let status = 0;
    for (let i = 0; i < 50 && status !== 200; i++) {
      status = (await call('/test/stores/key=before')).status;
      if (status !== 200) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(200);
    expect((await call('/test/stores', { key: 'after' })).status).toBe(201);
    // Nothing was half written while it was down.
    expect((await call('/test/stores/key=during')).status).toBe(404);
    expect((await fetch(`${server.url}/ready`)).status).toBe(200);
  });
});
