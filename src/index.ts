/**
 * The package's programmatic entry: run the server inside your own program or test suite.
 * The typed HTTP client is `commerce-platform-api/sdk`, the GraphQL documents `commerce-platform-api/graphql`.
 */
export { startServer, type EmbeddedServer, type EmbeddedServerOptions, type EmbeddedCredentials } from './embedded.js';
export type { Config } from './config.js';
