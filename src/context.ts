import type { Database } from './db/database.js';
import type { Logger } from './logger.js';
import type { Config } from './config.js';
import type { Clock } from './clock.js';

/** Who is calling: resolved from the bearer token by the authentication middleware. */
export interface Principal {
  projectKey: string;
  clientId: string;
  /** Scopes as granted, e.g. `manage_project:demo`, `view_stores:demo`. */
  scopes: readonly string[];
  customerId?: string;
  anonymousId?: string;
  externalUserId?: string;
}

/** Process-wide dependencies, built once at start and shared by every request. */
export interface AppServices {
  config: Config;
  db: Database;
  logger: Logger;
  clock: Clock;
}

/**
 * Passed first to every service method (Vendure's RequestContext): the project, the caller, the
 * correlation id and the database handle. Transport-free: HTTP and GraphQL both build one.
 */
export interface RequestContext {
  app: AppServices;
  projectKey: string;
  correlationId: string;
  principal?: Principal;
  externalUserId?: string;
  logger: Logger;
}
