import type { Context } from 'koa';
import { TtlCache } from '../shared/cache.js';
import type { AppServices, Principal, RequestContext } from '../context.js';
import { assertProject, assertScopes } from '../auth/authorize.js';
import { InvalidTokenError, OAuthError } from '../errors/api-error.js';
import type { Authenticator } from '../http/authenticator.js';
import { hasQueryString, requestPath } from '../http/request-path.js';
import type { Services } from '../composition.js';
import type { ClientUsage } from './client-usage.js';
import type { ExternalIntrospection } from './external-introspection.js';
import { ACCESS_KINDS, ANONYMOUS_ACCOUNT, CUSTOMER_ACCOUNT, tokenKey, type StoredToken, type TokenStore } from './token-store.js';

interface CachedPrincipal {
  principal: Principal;
  /** Epoch ms; the cache entry never outlives the token. */
  expiresAt: number;
}

const MISSING_TOKEN = 'This endpoint requires an access token. You can get one from the authorization server.';

/**
 * Bearer authentication for the API. A principal resolved from the token store is kept in process for
 * config.tokenCacheTtlMs (never past the token's expiry), so an authenticated read rarely touches the
 * database. Revocations in this process drop entries at once; what other instances revoke arrives
 * through the invalidation bus (src/db/invalidation-bus.ts): on an SQLite file it is asked before
 * every cached use, so the next request sees it; on PostgreSQL it is pushed within milliseconds, and
 * tokenCacheTtlMs bounds what a lost notification could leave unseen.
 */
export class BearerAuthenticator implements Authenticator {
  /** Resolved tokens; its `stats` feed the metrics. */
  readonly cache: TtlCache<string, CachedPrincipal>;

  constructor(
    private readonly app: AppServices,
    private readonly services: Services,
    private readonly store: TokenStore,
    private readonly external: ExternalIntrospection,
    private readonly usage: ClientUsage,
  ) {
    this.cache = new TtlCache(app.config.tokenCacheTtlMs, 100_000, () => app.clock.now());
  }

  /**
   * Synchronous when the token's principal is in the cache (the usual case): the request then pays
   * for no promise here. Otherwise the promise of the token store's answer.
   */
  authenticate(http: Context, ctx: RequestContext, scopes: readonly string[], storeKey?: string): Principal | Promise<Principal> {
    if (hasQueryString(http) && http.query.access_token !== undefined) {
      throw new OAuthError(400, 'invalid_request', 'Access tokens in the URL are not supported: send the token in the header Authorization: Bearer <token>.');
    }
    const header = http.req.headers.authorization;
    if (!header) throw new InvalidTokenError(MISSING_TOKEN);
    const match = /^Bearer +([^\s]+)\s*$/i.exec(header);
    if (!match) throw new InvalidTokenError('The Authorization header must be of the form: Bearer <token>.');
    const token = match[1];
    // Keyed like the store: revocations report token keys, never tokens.
    const key = tokenKey(token);
    this.app.invalidations?.poll();
    const cached = this.cachedPrincipal(key);
    if (cached) return this.admit(http, ctx, cached, scopes, storeKey);
    return this.resolve(ctx, token, key).then((principal) => this.admit(http, ctx, principal, scopes, storeKey));
  }

  private admit(http: Context, ctx: RequestContext, principal: Principal, scopes: readonly string[], storeKey?: string): Principal {
    assertProject(principal, ctx.projectKey, requestPath(http));
    assertScopes(principal, scopes, ctx.projectKey, storeKey);
    if (principal.externalUserId && !ctx.externalUserId) ctx.externalUserId = principal.externalUserId;
    return principal;
  }

  /** Forgets cached principals of removed tokens (this process's revocations), by token key. */
  forgetTokens(keys: readonly string[]): void {
    for (const key of keys) this.cache.delete(key);
  }

  /** Forgets every cached principal (the embedded server's reset() wiped the tokens; another process announced a change). */
  forgetAll(): void {
    this.cache.clear();
  }

  forgetClient(clientId: string): void {
    this.cache.deleteWhere((entry) => entry.principal.clientId === clientId);
  }

  /** The cached principal of a token key; an expired entry is dropped and refused. */
  private cachedPrincipal(key: string): Principal | undefined {
    const cached = this.cache.get(key);
    if (!cached) return undefined;
    if (cached.expiresAt > this.app.clock.now()) return cached.principal;
    this.cache.delete(key);
    throw new InvalidTokenError();
  }

  /** A token not in the cache: the token store, then the project's external authorization server. */
  private async resolve(ctx: RequestContext, token: string, key: string): Promise<Principal> {
    const now = this.app.clock.now();
    // A token read from the store before something was forgotten is not cached after it (the read may predate the revocation).
    const generation = this.cache.generation;
    const row = await this.store.find(token, ACCESS_KINDS);
    if (row && row.consumedAt === null && row.projectKey !== null && row.clientId !== null) {
      // Issued for another region's project (on a shared database): not valid in this region.
      const projects = this.services.projects;
      if (!(await projects.find(row.projectKey)) && (await projects.inOtherRegion(row.projectKey))) throw new InvalidTokenError();
      // Deleting a client commits its row before its tokens' (ApiClientService.delete, then its
      // listeners): a process that stops in between must not leave tokens that still work.
      if (!(await this.services.apiClients.findRecord(row.clientId))) throw new InvalidTokenError();
      const entry = { principal: principalOf(row), expiresAt: row.expiresAt ? Date.parse(row.expiresAt) : Number.MAX_SAFE_INTEGER };
      this.cache.setIfCurrent(generation, key, entry, Math.min(this.app.config.tokenCacheTtlMs, entry.expiresAt - now));
      this.usage.used(entry.principal.clientId);
      return entry.principal;
    }
    // Not ours: the project's external authorization server may know it.
    const project = await this.services.projects.find(ctx.projectKey);
    if (project?.externalOAuth) return this.external.principal(ctx, token, project.externalOAuth);
    throw new InvalidTokenError();
  }
}

/** Scopes as granted, without the identity markers the token responses carry in `scope`. */
function principalOf(row: StoredToken): Principal {
  const scopes = (row.payload.scope ?? '').split(' ').filter((s) => s && !s.startsWith('customer:') && !s.startsWith('anonymous_id='));
  const principal: Principal = { projectKey: row.projectKey!, clientId: row.clientId!, scopes };
  const account = row.payload.accountId;
  if (typeof account === 'string' && account.startsWith(CUSTOMER_ACCOUNT)) principal.customerId = account.slice(CUSTOMER_ACCOUNT.length);
  if (typeof account === 'string' && account.startsWith(ANONYMOUS_ACCOUNT)) principal.anonymousId = account.slice(ANONYMOUS_ACCOUNT.length);
  return principal;
}
