import { loadConfig, type Config } from '../../src/config.js';
import { ManualClock, type Clock } from '../../src/shared/clock.js';
import { createLogger, type Logger } from '../../src/shared/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freshDatabase } from './fresh-database.js';

export interface TestServer extends RunningServer {
  /** A project created for the test file ('test'). */
  projectKey: string;
  /** fetch against the server, path relative to its root. */
  request(path: string, init?: RequestInit): Promise<Response>;
}

/** The configuration of a server started in the suite: the defaults, with the suite's scrypt cost (setup-env.ts). */
export function testConfigBase(): Config {
  return loadConfig({ PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST });
}

/**
 * Starts the real app on a fresh database: an SQLite file of its own (removed on close), as `npm start`
 * runs, or a fresh PostgreSQL schema (dropped on close) when TEST_DATABASE_URL points to PostgreSQL.
 */
export async function startTestServer(overrides: Partial<Config> = {}, opts: { clock?: Clock; logger?: Logger } = {}): Promise<TestServer> {
  const { url: databaseUrl, drop: dropSchema } = await freshDatabase();
  const config: Config = {
    ...testConfigBase(),
    host: '127.0.0.1',
    port: 0,
    plainHttp: true,
    databaseUrl,
    logLevel: process.env.TEST_LOG_LEVEL ?? 'silent',
    ...overrides,
  };
  const running = await startServer(config, { clock: opts.clock, logger: opts.logger ?? createLogger(config.logLevel) });
  const projectKey = 'test';
  let closing: Promise<void> | undefined;
  await running.app.services.projects.create({ key: projectKey, countries: ['DE', 'US'], currencies: ['EUR', 'USD'], languages: ['en', 'de'] });
  return {
    ...running,
    projectKey,
    request: (path, init) => fetch(running.url + path, init),
    close() {
      closing ??= running.close().then(() => dropSchema());
      return closing;
    },
  };
}

export { ManualClock };
