import { openPostgresRunner, postgresUrl } from './pg-runner.js';
import { openSqliteRunner, type TestRunner } from './sqlite-runner.js';

/**
 * The database SQL-level tests run against: SQLite in the default stage, PostgreSQL in the stage that sets
 * TEST_DATABASE_URL (the suite runs once per database, so each is covered once).
 */
export const testDatabases: Array<[string, () => Promise<TestRunner>]> =
  postgresUrl !== undefined
    ? [
        [
          'postgresql',
          (
            (url) => () =>
              openPostgresRunner(url)
          )(postgresUrl),
        ],
      ]
    : [['sqlite', async () => openSqliteRunner()]];
