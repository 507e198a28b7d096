import { request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import type { ExternalOAuth } from '../../generated/openapi/client/types.gen.js';
import { parseScope, splitScopes } from '../auth/scopes.js';
import { TtlCache } from '../shared/cache.js';
import type { AppServices, Principal, RequestContext } from '../context.js';
import { ExternalOAuthFailedError, InvalidTokenError, TooManyRequestsError } from '../errors/api-error.js';
import { introspectionUrlProblem, publicOnlyLookup } from '../security/outbound-address.js';
import { RateLimiter } from '../security/rate-limiter.js';
import { tokenKey } from './token-store.js';

/** The spec's limits: results kept up to 30 minutes; one call at most 500 ms (config.externalOAuthTimeoutMs). */
export const EXTERNAL_CACHE_MS = 30 * 60 * 1000;
/**
 * An inactive answer is remembered this long, so a client repeating a junk or expired token costs
 * one outbound call per minute instead of one per request. Short, because a token the provider has
 * just issued may have been tried a moment too early.
 */
export const EXTERNAL_INACTIVE_CACHE_MS = 60 * 1000;
/** Largest introspection answer read. */
const MAX_ANSWER_BYTES = 64 * 1024;

interface CachedPrincipal {
  principal: Principal;
  projectKey: string;
}

/**
 * Tokens this service did not issue, checked at the project's RFC 7662 endpoint. One attempt per API
 * call (no retry inside it): a timeout or bad answer fails the call, the next call tries again.
 * Unauthenticated callers choose the tokens, so the outbound calls are bounded: answers are cached
 * (inactive ones briefly), concurrent checks of one token share one call, calls per project are
 * limited, and the endpoint must be https on a public address (src/oauth/outbound-address.ts).
 */
export class ExternalIntrospection {
  private readonly cache: TtlCache<string, CachedPrincipal>;
  private readonly inactive: TtlCache<string, string>;
  private readonly inFlight = new Map<string, Promise<IntrospectionAnswer>>();
  private readonly calls: RateLimiter;

  constructor(private readonly app: AppServices) {
    const now = () => app.clock.now();
    this.cache = new TtlCache(EXTERNAL_CACHE_MS, 100_000, now);
    this.inactive = new TtlCache(EXTERNAL_INACTIVE_CACHE_MS, 100_000, now);
    this.calls = new RateLimiter(app, 'external-introspection', app.config.externalIntrospectionPerMinute, 60_000);
  }

  async principal(ctx: RequestContext, token: string, config: ExternalOAuth): Promise<Principal> {
    // Keyed by a digest: the cache holds no usable token.
    const key = `${ctx.projectKey}\u0000${tokenKey(token)}`;
    const cached = this.cache.get(key);
    if (cached) return cached.principal;
    if (this.inactive.get(key) !== undefined) throw new InvalidTokenError();
    const answer = await this.answer(ctx, key, token, config);
    if (answer.active !== true) {
      this.inactive.set(key, ctx.projectKey);
      throw new InvalidTokenError();
    }
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
    this.inactive.deleteWhere((v) => v === projectKey);
  }

  /** Forgets every cached answer (another instance changed a project, or its announcements may have been missed). */
  forgetAll(): void {
    this.cache.clear();
    this.inactive.clear();
  }

  /** Forgets the refusals this process remembers (the counters' table was rewritten). */
  forgetCounts(): void {
    this.calls.clear();
  }

  /**
   * One outbound call per token at a time; further checks of the same token wait for it (and share
   * its refusal when the project is over its calls per minute).
   */
  private answer(ctx: RequestContext, key: string, token: string, config: ExternalOAuth): Promise<IntrospectionAnswer> {
    const pending = this.inFlight.get(key);
    if (pending) return pending;
    const call = this.countedCall(ctx, token, config).finally(() => this.inFlight.delete(key));
    this.inFlight.set(key, call);
    return call;
  }

  private async countedCall(ctx: RequestContext, token: string, config: ExternalOAuth): Promise<IntrospectionAnswer> {
    const wait = await this.calls.hit(ctx.projectKey);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many external token introspection calls for this project. Retry later.');
    return this.call(ctx, token, config);
  }

  private async call(ctx: RequestContext, token: string, config: ExternalOAuth): Promise<IntrospectionAnswer> {
    const allowedHosts = this.app.config.externalOAuthAllowedHosts;
    const problem = introspectionUrlProblem(config.url, allowedHosts);
    if (problem) throw new ExternalOAuthFailedError(problem);
    let answer: { status: number; text: string };
    // One deadline for the whole exchange: connecting, the answer and its body.
    const timeoutMs = this.app.config.externalOAuthTimeoutMs;
    const signal = AbortSignal.timeout(timeoutMs);
    try {
      answer = await post(
        new URL(config.url),
        allowedHosts,
        signal,
        {
          Authorization: config.authorizationHeader,
          'Content-Type': 'application/x-www-form-urlencoded',
          Accept: 'application/json',
          'X-Correlation-ID': ctx.correlationId,
        },
        new URLSearchParams({ token }).toString(),
      );
    } catch (err) {
      const timedOut = signal.aborted;
      ctx.logger.warn({ err: (err as Error).message, correlationId: ctx.correlationId, projectKey: ctx.projectKey }, 'external token introspection failed');
      throw new ExternalOAuthFailedError(
        timedOut
          ? `The external OAuth introspection endpoint did not answer within ${timeoutMs} ms.`
          : (err as NodeJS.ErrnoException).code === 'EPRIVATEADDRESS'
            ? 'The external OAuth introspection endpoint resolves to a private address.'
            : 'The external OAuth introspection endpoint could not be reached.',
      );
    }
    if (answer.status !== 200) throw new ExternalOAuthFailedError(`The external OAuth introspection endpoint answered with HTTP ${answer.status}.`);
    let body: unknown;
    try {
      body = JSON.parse(answer.text);
    } catch {
      throw new ExternalOAuthFailedError('The external OAuth introspection endpoint did not answer with JSON.');
    }
    if (typeof body !== 'object' || body === null || typeof (body as { active?: unknown }).active !== 'boolean') {
      throw new ExternalOAuthFailedError('The external OAuth introspection endpoint did not answer with an RFC 7662 introspection response.');
    }
    return body as IntrospectionAnswer;
  }
}

/**
 * One POST with node's http client, whose `lookup` hook lets the address the connection really uses
 * be checked; no redirects followed.
 */
function post(
  url: URL,
  allowedHosts: readonly string[],
  signal: AbortSignal,
  headers: Record<string, string>,
  body: string,
): Promise<{ status: number; text: string }> {
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve, reject) => {
    const req = send(
      url,
      { method: 'POST', headers: { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }, lookup: publicOnlyLookup(url, allowedHosts), signal },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_ANSWER_BYTES) req.destroy(new Error('introspection answer too large'));
          else chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(body);
  });
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
