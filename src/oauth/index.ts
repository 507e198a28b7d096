import type { Middleware } from 'koa';
import type { AppServices } from '../context.js';
import type { Authenticator } from '../http/authenticator.js';
import type { Services } from '../composition.js';
import { BearerAuthenticator } from './bearer-authenticator.js';
import { ClientUsage } from './client-usage.js';
import { ExternalIntrospection } from './external-introspection.js';
import type { CustomerAuthenticator } from './grants/password.grant.js';
import { oauthRoutes } from './oauth-routes.js';
import { createProvider } from './provider.js';
import { RateLimiter, sweepRateLimits } from '../security/rate-limiter.js';
import { shareInvalidations } from './shared-invalidation.js';
import { CUSTOMER_ACCOUNT, TokenStore } from './token-store.js';

export interface OAuthModule {
  /** The /oauth/... endpoints, mounted before the API router. */
  routes: Middleware;
  authenticator: Authenticator;
  /** Lookups of the resolved-token cache (hits, misses), for the metrics. */
  tokenCacheStats: { hits: number; misses: number };
  /**
   * Removes expired tokens and the rate-limit counters of ended windows when this instance leads the
   * background jobs (one instance per database); true when it ran. Called hourly.
   */
  sweepExpired(): Promise<boolean>;
  /** Forgets every token, count and limit this process holds in memory (after the tables were rewritten). */
  forgetAll(): void;
  close(): Promise<void>;
}

const MINUTE = 60_000;
const SWEEP_INTERVAL_MS = 60 * MINUTE;

/**
 * The authorization service (node-oidc-provider behind a translating step) and the bearer
 * authentication of the API, sharing one token store.
 */
export async function createOAuthModule(app: AppServices, services: Services): Promise<OAuthModule> {
  const store = new TokenStore(app);
  const rekeyed = await store.rekeyLegacyRows();
  if (rekeyed > 0) app.logger.info({ rows: rekeyed }, 'tokens stored in the clear by an older version re-keyed');
  const usage = new ClientUsage(app, services.apiClients);
  const external = new ExternalIntrospection(app);
  // The customer service is built by its own module; the password flow finds it when it exists.
  const customers = (): CustomerAuthenticator | undefined => services.customers.account;
  const configured = createProvider({ app, services, store, customers });
  const authenticator = new BearerAuthenticator(app, services, store, external, usage);

  store.removed.add((ids) => authenticator.forgetTokens(ids));
  services.events.on('apiClient.deleted', async ({ client }) => {
    // Forget first: a request racing the delete must not be answered from the cache afterwards.
    authenticator.forgetClient(client.id);
    await store.revokeClient(client.id);
    authenticator.forgetClient(client.id);
    usage.forget(client.id);
  });
  // A deleted customer keeps no session: its grants, refresh and access tokens go with it, through
  // the store so this process's bearer cache forgets them at once.
  services.events.on('customer.deleted', async ({ ctx, customer }) => {
    await store.revokeAccount(ctx.projectKey, `${CUSTOMER_ACCOUNT}${customer.id}`);
  });
  services.events.on('project.changed', ({ project }) => external.forgetProject(project.key));
  if (app.invalidations) shareInvalidations(app.invalidations, services, { store, authenticator, usage, external });

  const sweepExpired = async (): Promise<boolean> => {
    if (app.invalidations && !(await app.invalidations.leads())) return false;
    await store.sweepExpired();
    await sweepRateLimits(app);
    return true;
  };
  const sweep = setInterval(() => {
    sweepExpired().catch((err: unknown) => app.logger.warn({ err }, 'expired token and rate-limit sweep failed'));
  }, SWEEP_INTERVAL_MS);
  sweep.unref();

  const tokenRequests = new RateLimiter(app, 'token-requests', app.config.tokenRateLimitPerMinute, MINUTE);
  const clientFailures = new RateLimiter(app, 'client-failures', app.config.tokenRateLimitPerMinute, MINUTE);
  const sourceFailures = new RateLimiter(app, 'source-failures', app.config.clientAuthFailuresPerSourcePerMinute, MINUTE, { announced: true });
  const routes = oauthRoutes({ app, services, configured, store, tokenRequests, clientFailures, sourceFailures, usage });

  return {
    routes,
    authenticator,
    tokenCacheStats: authenticator.cache.stats,
    sweepExpired,
    forgetAll() {
      authenticator.forgetAll();
      services.apiClients.forgetAll();
      store.forgetCounts();
      usage.forgetAll();
      external.forgetCounts();
      for (const limiter of [services.customers.account.signInLimits, tokenRequests, clientFailures, sourceFailures]) limiter.clear();
    },
    close: async () => clearInterval(sweep),
  };
}
