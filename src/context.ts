import type { Database } from './db/database.js';
import type { Db } from './db/sql-runner.js';
import type { Logger } from './shared/logger.js';
import type { Config } from './config.js';
import type { Clock } from './shared/clock.js';
import type { InvalidationBus } from './db/invalidation-bus.js';
import { randomUUID } from 'node:crypto';

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
  /** Cache invalidation across instances on one PostgreSQL database; absent where the process is alone (tools, some tests). */
  invalidations?: InvalidationBus;
}

/**
 * Passed first to every service method (Vendure's RequestContext): the project, the caller, the
 * correlation id and the database handle. Transport-free: HTTP and GraphQL both build one.
 */
export interface RequestContext {
  app: AppServices;
  /** The database, or the transaction this request is in (see withTransaction). */
  db: Db;
  projectKey: string;
  correlationId: string;
  principal?: Principal;
  externalUserId?: string;
  /**
   * The caller's address: the socket's, or with TRUST_PROXY the trusted proxy's last X-Forwarded-For
   * entry (never one the caller wrote). Failed sign-ins are also counted per address.
   */
  sourceAddress?: string;
  /** The store of an in-store operation (`/{projectKey}/in-store/key={storeKey}/…`); undefined elsewhere. */
  storeKey?: string;
  /** The customer acting for a business unit through the as-associate endpoints (the path's associateId; recorded in client logging). */
  associateId?: string;
  /** The business unit of an `…/in-business-unit/key={businessUnitKey}/…` operation; undefined elsewhere. */
  businessUnitKey?: string;
  logger: Logger;
}

/**
 * Runs `fn` with a context whose `db` is one transaction: every write `fn` makes through it commits
 * together or not at all. Inside a transaction already, `fn` joins it.
 */
export async function withTransaction<T>(ctx: RequestContext, fn: (tx: RequestContext) => Promise<T>): Promise<T> {
  if (ctx.db.inTransaction) return fn(ctx);
  return ctx.app.db.transaction((db) => fn({ ...ctx, db }));
}

/**
 * The context of work the service does on its own behalf, outside any request: the bootstrap client of
 * a fresh database, the admin CLI, the embedded server's first client. No principal: nothing is
 * authorized here, so callers are the composition's own entry points, never a transport.
 */
export function systemContext(app: AppServices, projectKey: string): RequestContext {
  return { app, db: app.db, projectKey, correlationId: randomUUID(), logger: app.logger };
}
