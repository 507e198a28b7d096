import { systemContext } from './context.js';
import { loadConfig, type Config } from './config.js';
import { DatabaseSnapshot } from './db/snapshot.js';
import { startServer as startHttpServer, type RunningServer } from './server.js';

export interface EmbeddedServerOptions extends Partial<Omit<Config, 'corsOrigins'>> {
  /** Default `file::memory:` (a database that lives and dies with the server). */
  databaseUrl?: string;
  /** Default 0: any free port (read it from `url`). */
  port?: number;
  /** Project created for you when missing; default `test`. */
  projectKey?: string;
  /** Scopes of the API client created at start; default `manage_project:{projectKey}`. */
  scope?: string;
  /** Origins allowed to call the server from a browser; default none. */
  corsOrigins?: string[];
}

/** What a client needs, named like the official SDK's options (`authMiddlewareOptions`, `httpMiddlewareOptions`). */
export interface EmbeddedCredentials {
  projectKey: string;
  clientId: string;
  clientSecret: string;
  scope: string;
  /** Base URL of the /oauth/... endpoints (the same origin as the API). */
  authUrl: string;
  apiUrl: string;
}

export interface EmbeddedServer {
  url: string;
  credentials: EmbeddedCredentials;
  /** Puts every table back as it was right after start (the project and its API client included), and forgets cached tokens and rate-limit counts. Call it between tests. */
  reset(): Promise<void>;
  /** Stops the server and closes the database. */
  close(): Promise<void>;
  /** The running server itself (its services), for what the HTTP API does not offer. */
  server: RunningServer;
}

/**
 * Runs the whole server inside another program, typically a test suite:
 *
 *   const cp = await startServer({ databaseUrl: 'file::memory:', port: 0 });
 *   beforeEach(() => cp.reset());
 *   afterAll(() => cp.close());
 *
 * Quiet by default (`logLevel: 'silent'`) and plain HTTP by default (`plainHttp: true`); every other
 * Config field may be overridden.
 */
export async function startServer(options: EmbeddedServerOptions = {}): Promise<EmbeddedServer> {
  const { projectKey = 'test', scope = `manage_project:${projectKey}`, ...overrides } = options;
  const config: Config = {
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    databaseUrl: 'file::memory:',
    logLevel: 'silent',
    // A test suite talks to it on loopback; HTTPS would need it to trust a certificate first.
    plainHttp: true,
    ...overrides,
  };
  const running = await startHttpServer(config);
  try {
    const { projects, apiClients } = running.app.services;
    if (!(await projects.find(projectKey))) {
      await projects.create({ key: projectKey, name: projectKey, countries: ['DE', 'US'], currencies: ['EUR', 'USD'], languages: ['en', 'de'] });
    }
    const client = await apiClients.create(systemContext(running.services, projectKey), { name: 'embedded server', scope });
    const credentials: EmbeddedCredentials = {
      projectKey,
      clientId: client.id,
      clientSecret: client.secret!,
      scope: client.scope,
      authUrl: running.url,
      apiUrl: running.url,
    };
    const snapshot = await DatabaseSnapshot.capture(running.services.db);
    return {
      url: running.url,
      credentials,
      server: running,
      async reset() {
        await snapshot.restore(running.services.db);
        running.app.forgetCachedState();
      },
      close: () => running.close(),
    };
  } catch (err) {
    await running.close();
    throw err;
  }
}
