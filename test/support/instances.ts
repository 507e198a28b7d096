import { loadConfig, type Config } from '../../src/config.js';
import { createLogger } from '../../src/shared/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freshDatabase, type FreshDatabase } from './fresh-database.js';
import { systemContext } from '../../src/context.js';

export interface Instances {
  database: FreshDatabase;
  a: RunningServer;
  b: RunningServer;
  /** An API client of the project `test`, created through `a`. */
  client: { id: string; secret?: string };
  close(): Promise<void>;
}

/**
 * Two server instances in this process on one fresh database (each with its own connections, as
 * two deployments would have), the project `test` and an API client with `scope`.
 */
export async function twoInstances(tokenCacheTtlMs: number, scope: string): Promise<Instances> {
  const database = await freshDatabase('file');
  const config: Config = { ...loadConfig({}), host: '127.0.0.1', port: 0, plainHttp: true, databaseUrl: database.url, logLevel: 'silent', tokenCacheTtlMs };
  const a = await startServer(config, { logger: createLogger('silent') });
  const b = await startServer(config, { logger: createLogger('silent') });
  await a.app.services.projects.create({ key: 'test', countries: ['DE'], currencies: ['EUR'], languages: ['en'] });
  const client = await a.app.services.apiClients.create(systemContext(a.services, 'test'), { name: 'c', scope });
  return {
    database,
    a,
    b,
    client,
    async close() {
      await a.close();
      await b.close();
      await database.drop();
    },
  };
}
