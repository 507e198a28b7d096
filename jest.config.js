/**
 * Tests that never open the project's database: unit specs, the pure query-engine tests, the SQLite-file
 * tests, the generate check, the runtime check, the developer pages. They run in the default (embedded database) stage only; the
 * PostgreSQL stage (TEST_DATABASE_URL set) runs everything else again.
 */
const DATABASE_INDEPENDENT = [
  '<rootDir>/src/.*\\.spec\\.ts$',
  '<rootDir>/test/query/(predicate-checker|predicate-compiler|predicate-parser|predicate-fuzz|expand|query-params|json-schema-fields|sort)\\.test\\.ts$',
  '<rootDir>/test/db/(announcement-file|wal-commit-counter|polled-bytes)\\.test\\.ts$',
  '<rootDir>/test/dx/(generate-check|runtime|sdk-shapes)\\.test\\.ts$',
  // The developer pages: the same HTML and documents whatever the database holds.
  '<rootDir>/test/dx/(developer-pages|reference-page\\.browser)\\.test\\.ts$',
  '<rootDir>/test/graphql/storefront-documents\\.test\\.ts$',
  '<rootDir>/test/edge/access-log-flush\\.test\\.ts$',
];

/** jest runs the TypeScript sources as ESM (oidc-provider is ESM-only). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.spec.ts'],
  testPathIgnorePatterns: ['/node_modules/', ...(process.env.TEST_DATABASE_URL ? DATABASE_INDEPENDENT : [])],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }],
  },
  // Each test file starts the real server on a fresh database in its beforeAll; with two workers on a
  // loaded 2-core machine that start alone has taken over 30 s in CI, so hooks and tests get 60 s.
  testTimeout: 60000,
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  // Three workers on two cores: a test file spends much of its time waiting on its server, the
  // database or a child process, so a third worker fills the idle core time (the SQLite stage took
  // 221 s with three workers against about 250 s with two, measured one after the other).
  maxWorkers: 3,
};
