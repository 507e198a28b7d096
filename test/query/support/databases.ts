import { openPostgresRunner, postgresUrl } from './pg-runner.js';
import { openSqliteRunner, type TestRunner } from './sqlite-runner.js';

/** The databases every SQL-level test runs against: SQLite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const testDatabases: Array<[string, () => Promise<TestRunner>]> = [['sqlite', async () => openSqliteRunner()]];
if (postgresUrl !== undefined) {
  const url = postgresUrl;
  testDatabases.push(['postgresql', () => openPostgresRunner(url)]);
}
