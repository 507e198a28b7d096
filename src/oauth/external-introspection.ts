import type { ExternalOAuth } from '../../generated/openapi/client/types.gen.js';
import { parseScope, splitScopes } from '../auth/scopes.js';
import { TtlCache } from '../cache.js';
import type { AppServices, Principal, RequestContext } from '../context.js';
import { ExternalOAuthFailedError, InvalidTokenError } from '../errors/api-error.js';

/** The spec's limits: 500 ms per call including the network, results kept up to 30 minutes. */
export const EXTERNAL_TIMEOUT_MS = 500;
export const EXTERNAL_CACHE_MS = 30 * 60 * 1000;

interface CachedPrincipal {
  principal: Principal;
  projectKey: string;
}

/**
 * Tokens this service did not issue, checked at the project's RFC 7662 endpoint. One attempt per API
 * call (no retry inside it): a timeout or bad answer fails the call, the next call tries again.
 */
export class ExternalIntrospection {
  private readonly cache: TtlCache<string, CachedPrincipal>;

  constructor(private readonly app: AppServices) {
    this.cache = new TtlCache(EXTERNAL_CACHE_MS, 100_000, () => app.clock.now());
  }

  async principal(ctx: RequestContext, token: string, config: ExternalOAuth): Promise<Principal> {
    const key = `${ctx.projectKey}\u0000${token}`;
    const cached = this.cache.get(key);
    if (cached) return cached.principal;
    const answer = await this.call(ctx, token, config);
    if (answer.active !== true) throw new InvalidTokenError();
    const principal = toPrincipal(ctx.projectKey, answer);
    let ttl = EXTERNAL_CACHE_MS;
    if (typeof answer.exp === 'number') {
      ttl = Math.min(ttl, answer.exp * 1000 - this.app.clock.now());
      if (ttl <= 0) throw new InvalidTokenError();
    }
    this.cache.set(key, { principal, projectKey: ctx.projectKey }, ttl);
    return principal;
  }

  /** The project's settings changed: cached answers of its old endpoint no longer count. */
  forgetProject(projectKey: string): void {
    this.cache.deleteWhere((v) => v.projectKey === projectKey);
  }

  private async call(ctx: RequestContext, token: string, config: ExternalOAuth): Promise<IntrospectionAnswer> {
    let res: Response;
    let body: unknown;
    // One signal for the whole exchange, so the limit covers connecting, the answer and its body.
    const signal = AbortSignal.timeout(EXTERNAL_TIMEOUT_MS);
    try {
      res = await fetch(config.url, {
        method: 'POST',
        headers: {
          Authorization: config.authorizationHeader,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'X-Correlation-ID': ctx.correlationId,
        },
        body: new URLSearchParams({ token }).toString(),
        signal,
        redirect: 'error',
      });
      if (res.status !== 200) {
        await res.body?.cancel().catch(() => undefined);
        throw new ExternalOAuthFailedError(`The external OAuth introspection endpoint answered with HTTP ${res.status}.`);
      }
      body = await res.json();
    } catch (err) {
      if (err instanceof ExternalOAuthFailedError) throw err;
      const timedOut = signal.aborted;
      ctx.logger.warn({ err, correlationId: ctx.correlationId, projectKey: ctx.projectKey }, 'external token introspection failed');
      throw new ExternalOAuthFailedError(
        timedOut
          ? `The external OAuth introspection endpoint did not answer within ${EXTERNAL_TIMEOUT_MS} ms.`
          : 'The external OAuth introspection endpoint could not be reached or did not answer with JSON.',
      );
    }
    if (typeof body !== 'object' || body === null || typeof (body as { active?: unknown }).active !== 'boolean') {
      throw new ExternalOAuthFailedError('The external OAuth introspection endpoint did not answer with an RFC 7662 introspection response.');
    }
    return body as IntrospectionAnswer;
  }
}

interface IntrospectionAnswer {
  active: boolean;
  scope?: unknown;
  exp?: unknown;
  client_id?: unknown;
}

/** Only this service's scopes of this project count; identity scopes map to the principal. */
function toPrincipal(projectKey: string, answer: IntrospectionAnswer): Principal {
  const principal: Principal = {
    projectKey,
    clientId: typeof answer.client_id === 'string' ? answer.client_id : 'external',
    scopes: [],
  };
  const scopes: string[] = [];
  for (const scope of splitScopes(typeof answer.scope === 'string' ? answer.scope : undefined)) {
    const colon = scope.indexOf(':');
    const name = colon < 0 ? scope : scope.slice(0, colon);
    const rest = colon < 0 ? '' : scope.slice(colon + 1);
    if (name === 'customer_id' && rest) principal.customerId = rest;
    else if (name === 'anonymous_id' && rest) principal.anonymousId = rest;
    else if (name === 'external_user_id' && rest) principal.externalUserId = rest.slice(0, 128);
    else if (parseScope(scope)?.projectKey === projectKey) scopes.push(scope);
  }
  principal.scopes = scopes;
  return principal;
}
