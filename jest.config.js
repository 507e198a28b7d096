/** jest runs the TypeScript sources as ESM (oidc-provider is ESM-only). */
export default {
  testEnvironment: 'node',
  roots: ['<rootDir>/test', '<rootDir>/src'],
  testMatch: ['**/*.test.ts', '**/*.spec.ts'],
  extensionsToTreatAsEsm: ['.ts'],
  moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
  transform: {
    '^.+\\.ts$': ['ts-jest', { useESM: true, diagnostics: false }],
  },
  // Each test file starts the real server on a fresh database in its beforeAll; with two workers on a
  // loaded 2-core machine that start alone took over 30 s a few times (session 20's CI run), so hooks and
  // tests get 60 s.
  testTimeout: 60000,
  setupFiles: ['<rootDir>/test/support/setup-env.ts'],
  maxWorkers: 2,
};
