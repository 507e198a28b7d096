import type Koa from 'koa';
import type { AppServices } from './context.js';
import { deploymentHosts, refuseOtherService } from './edge/hosts.js';
import { ApiKoa } from './http/api-koa.js';
import { requestPipeline } from './http/pipeline.js';
import { allHandlers } from './http/routes/index.js';
import { withDeveloperPages } from './http/developer/index.js';
import { buildDispatcher } from './http/router.js';
import type { HttpState } from './http/state.js';
import { createMetrics, type Metrics } from './metrics/metrics.js';
import { SqliteDatabase } from './db/sqlite-driver.js';
import { createOAuthModule, type OAuthModule } from './oauth/index.js';
import { createServices, type Services } from './composition.js';

export interface App {
  koa: Koa<HttpState>;
  services: Services;
  oauth: OAuthModule;
  /** Present when METRICS_PORT is set. */
  metrics?: Metrics;
  /** Forgets what this process holds in memory about the database's content (see the embedded server's reset). */
  forgetCachedState(): void;
}

/** The committed-read cache's counts, where the database has one (an SQLite file). */
function documentCacheStats(db: AppServices['db']): Record<string, { hits: number; misses: number }> {
  return db instanceof SqliteDatabase && db.committedReads ? { documents: db.committedReads.stats } : {};
}

/** Composes the Koa app: one request pipeline over the OAuth endpoints and the API dispatch. Nothing else. */
export async function createApp(app: AppServices): Promise<App> {
  const services = createServices(app);
  const oauth = await createOAuthModule(app, services);
  // Forwarded headers count only from a proxy we were told to trust (TRUST_PROXY); of X-Forwarded-For
  // only the last entry, the one that proxy added (earlier ones are the caller's to choose).
  const koa = new ApiKoa({ proxy: app.config.trustProxy, maxIpsCount: 1 });
  // Errors reach Koa's own handler only when the connection failed under a request (the peer went
  // away, or its body broke the parser mid-way): nothing can be answered; record them quietly
  // instead of Koa's default print to stderr.
  koa.on('error', (err: Error) => app.logger.debug({ err: err.message }, 'connection error during a request'));
  const dispatch = withDeveloperPages(app, buildDispatcher(app, allHandlers(app, services), oauth.authenticator));
  const metrics =
    app.config.metricsPort === undefined
      ? undefined
      : createMetrics(app.db, { tokens: oauth.tokenCacheStats, projects: services.projects.cache.stats, ...documentCacheStats(app.db) });
  const checkHost = app.config.hostCheck ? refuseOtherService(deploymentHosts(app.config)) : undefined;
  koa.use(
    requestPipeline(app.logger, oauth.routes as Parameters<typeof requestPipeline>[1], dispatch, {
      corsOrigins: app.config.corsOrigins,
      observe: metrics?.observe,
      checkHost,
    }),
  );
  const forgetCachedState = () => {
    oauth.forgetAll();
    services.projects.forgetAll();
  };
  return { koa, services, oauth, metrics, forgetCachedState };
}
