import type { Context, Middleware } from 'koa';
import Router from '@koa/router';
import mount from 'koa-mount';
import getRawBody from 'raw-body';
import type { AppServices } from '../context.js';
import { ApiError, GeneralError, MethodNotAllowedError, TooManyRequestsError } from '../errors/api-error.js';
import type { ApiClientRecord } from '../domains/projects/index.js';
import type { RateLimiter } from '../security/rate-limiter.js';
import type { Services } from '../composition.js';
import type { ClientUsage } from './client-usage.js';
import { isProviderErrorBody, oauthErrors, translateProviderError } from './oauth-errors.js';
import { withProviderContext } from './provider-context.js';
import { GRANT_TTL_SLACK_SECONDS, type ConfiguredProvider } from './provider.js';
import { oauthState, setOAuthState, type TokenRoute } from './request-state.js';
import type { TokenStore } from './token-store.js';

export interface OAuthRoutesDeps {
  app: AppServices;
  services: Services;
  configured: ConfiguredProvider;
  store: TokenStore;
  /** Token requests per authenticated client and minute. */
  tokenRequests: RateLimiter;
  /** Failed client authentications per claimed client id and minute. */
  clientFailures: RateLimiter;
  /** Failed client authentications per source address (the socket's, not a forwarded header). */
  sourceFailures: RateLimiter;
  usage: ClientUsage;
}

const MAX_FORM_BYTES = 56 * 1024;

/**
 * The platform's authorization endpoints (@koa/router paths) and what each one is; the project-scoped
 * ones end at the provider's token endpoint.
 */
const ENDPOINTS: ReadonlyArray<[string, (params: Record<string, string>) => TokenRoute]> = [
  ['/oauth/token', () => ({ kind: 'token' })],
  ['/oauth/introspect', () => ({ kind: 'introspect' })],
  ['/oauth/token/revoke', () => ({ kind: 'revoke' })],
  ['/oauth/:projectKey/customers/token', (p) => ({ kind: 'customers', projectKey: p.projectKey })],
  ['/oauth/:projectKey/in-store/key=:storeKey/customers/token', (p) => ({ kind: 'customers', projectKey: p.projectKey, storeKey: p.storeKey })],
  ['/oauth/:projectKey/anonymous/token', (p) => ({ kind: 'anonymous', projectKey: p.projectKey })],
];

const PROVIDER_PATH: Record<TokenRoute['kind'], string> = {
  token: '/oauth/token',
  customers: '/oauth/token',
  anonymous: '/oauth/token',
  introspect: '/oauth/introspect',
  revoke: '/oauth/token/revoke',
};

/** What the provider's own CORS step sets when the pipeline's did not decide. */
const PROVIDER_CORS_HEADERS = ['Access-Control-Allow-Origin', 'Access-Control-Expose-Headers'];

/** Grant types each token endpoint accepts. */
const GRANT_TYPES: Partial<Record<TokenRoute['kind'], readonly string[]>> = {
  token: ['client_credentials', 'refresh_token'],
  customers: ['password'],
  anonymous: ['client_credentials'],
};

/**
 * The step in front of node-oidc-provider. It does what the provider cannot do for this platform:
 * maps the project-scoped token paths onto the provider's token endpoint, authenticates the client
 * with HTTP Basic against the hashed secret, rate-limits token requests, translates the refresh token
 * format (`{projectKey}:` + the provider's value), and renders every error in the platform's body.
 */
export function oauthRoutes(deps: OAuthRoutesDeps): Middleware {
  const { configured, services, store } = deps;
  const provider = mount(configured.provider);
  const router = new Router();
  for (const [path, routeOf] of ENDPOINTS) {
    router.post(path, (ctx) => oauthEndpoint(ctx, routeOf(ctx.params)));
    router.all(path, (ctx) => {
      throw new MethodNotAllowedError(ctx.method);
    });
  }
  return router.routes() as unknown as Middleware;

  async function oauthEndpoint(ctx: Context, route: TokenRoute): Promise<void> {
    const params = await readForm(ctx);
    const client = await authenticateClient(ctx, route, deps);
    const wait = await deps.tokenRequests.hit(client.id);
    if (wait > 0) throw new TooManyRequestsError(wait, 'Too many token requests for this API client. Retry later.');
    const grantType = checkGrantType(route, params);

    const forwarded = { ...params };
    for (const name of ['refresh_token', 'token']) {
      const value = forwarded[name];
      if (value?.startsWith(`${client.projectKey}:`)) forwarded[name] = value.slice(client.projectKey.length + 1);
    }
    setOAuthState(ctx, { route, client, params });

    // The provider sees a request it can authenticate (see ConfiguredProvider.internalSecret), with
    // the body already parsed, asking for JSON.
    const internal = `${encodeURIComponent(client.id)}:${configured.internalSecret(client.id)}`;
    ctx.req.headers.authorization = `Basic ${Buffer.from(internal).toString('base64')}`;
    ctx.req.headers['content-type'] = 'application/x-www-form-urlencoded';
    // Parameters may come in the query string alone; the provider reads a form only from a
    // request that has a body, so a bodiless one is declared as having an (already read) empty body.
    if (ctx.req.headers['content-length'] === undefined && ctx.req.headers['transfer-encoding'] === undefined) ctx.req.headers['content-length'] = '0';
    ctx.req.headers.accept = 'application/json';
    (ctx.request as { body?: unknown }).body = forwarded;
    const originalPath = ctx.path;
    ctx.path = PROVIDER_PATH[route.kind];
    // Cross-origin access is the pipeline's CORS step's decision (CORS_ORIGINS), not the provider's:
    // it would refuse any request carrying an Origin (its per-client CORS check) and answer `*` to the rest.
    const origin = ctx.req.headers.origin;
    delete ctx.req.headers.origin;
    const corsDecided = Boolean(ctx.response.get('Access-Control-Allow-Origin'));
    try {
      await withProviderContext(() => provider(ctx, async () => undefined));
    } finally {
      ctx.path = originalPath;
      if (origin !== undefined) ctx.req.headers.origin = origin;
      if (!corsDecided) for (const name of PROVIDER_CORS_HEADERS) ctx.remove(name);
    }

    const failure = oauthState(ctx)?.error;
    if (failure instanceof ApiError) throw failure;
    if (route.kind === 'revoke') {
      // RFC 7009 and the spec: an invalid revocation request still answers 200.
      ctx.status = 200;
      ctx.body = '';
      deps.usage.used(client.id);
      return;
    }
    if (ctx.status >= 400) {
      if (failure !== undefined && !(isProviderErrorBody(ctx.body) && ctx.body.error !== 'server_error')) {
        deps.app.logger.error({ err: failure, correlationId: ctx.state.correlationId }, 'authorization service failure');
      }
      throw isProviderErrorBody(ctx.body) ? translateProviderError(ctx.status, ctx.body, grantType) : new GeneralError();
    }
    if (route.kind === 'introspect') {
      ctx.body = introspectionBody(ctx.body);
    } else {
      ctx.body = await tokenBody(ctx.body, client, grantType, forwarded.refresh_token);
    }
    deps.usage.used(client.id);
  }

  async function authenticateClient(ctx: Context, route: TokenRoute, d: OAuthRoutesDeps): Promise<ApiClientRecord> {
    // A source that keeps failing (guessing secrets, or spraying ids) is refused before any work is
    // done for it, so one address cannot keep the slow hash busy. ctx.ip is the socket address, or
    // with TRUST_PROXY the address the trusted proxy appended last to X-Forwarded-For (never an
    // entry the caller wrote itself: the app reads one entry only, see app.ts).
    const source = ctx.ip ?? '';
    const sourceWait = await d.sourceFailures.retryAfter(source);
    if (sourceWait > 0) throw new TooManyRequestsError(sourceWait, 'Too many failed client authentications from this address. Retry later.');
    const credentials = basicCredentials(ctx.get('Authorization'));
    if (!credentials) {
      await d.sourceFailures.hit(source);
      throw oauthErrors.invalidClient();
    }
    // The secret is checked first: client ids are not secret (they appear in createdBy), so counting
    // failures before the check would let anyone lock a client out. A correct secret is never refused;
    // an unknown id costs no slow hash (see ApiClientService.verify) and is not counted; scrypt runs
    // for wrong secrets are bounded process-wide (security/secrets.ts).
    const client = await services.apiClients.verify(credentials.id, credentials.secret);
    // A client of another project is as unknown here as a wrong secret.
    if (!client || ('projectKey' in route && route.projectKey !== client.projectKey)) {
      await d.sourceFailures.hit(source);
      if (client || (await services.apiClients.findRecord(credentials.id))) {
        const wait = await d.clientFailures.hit(credentials.id);
        if (wait > 0) throw new TooManyRequestsError(wait, 'Too many failed client authentications. Retry later.');
      }
      throw oauthErrors.invalidClient();
    }
    return client;
  }

  async function tokenBody(body: unknown, client: ApiClientRecord, grantType: string | undefined, refreshToken: string | undefined): Promise<unknown> {
    const b = body as { access_token: string; token_type: string; expires_in: number; scope?: string; refresh_token?: string };
    const out: Record<string, unknown> = { access_token: b.access_token, token_type: 'Bearer', expires_in: b.expires_in, scope: b.scope ?? '' };
    if (grantType === 'refresh_token') {
      // The refresh token is kept, not re-issued; its inactivity timer restarts.
      if (refreshToken) await store.slideRefreshToken(refreshToken, configured.refreshValidity(client), GRANT_TTL_SLACK_SECONDS);
    } else if (b.refresh_token) {
      out.refresh_token = `${client.projectKey}:${b.refresh_token}`;
    }
    return out;
  }
}

/** Only the fields the spec names: `active`, and when active `scope`, `exp`, `client_id`. */
function introspectionBody(body: unknown): unknown {
  const b = body as { active?: boolean; scope?: string; exp?: number; client_id?: string };
  if (b.active !== true) return { active: false };
  return { active: true, scope: b.scope ?? '', exp: b.exp, client_id: b.client_id };
}

function checkGrantType(route: TokenRoute, params: Record<string, string>): string | undefined {
  const allowed = GRANT_TYPES[route.kind];
  if (!allowed) return undefined;
  const grantType = params.grant_type;
  if (grantType === undefined || grantType === '') throw oauthErrors.missingParameter('grant_type');
  if (!allowed.includes(grantType)) throw oauthErrors.unsupportedGrantType(grantType);
  return grantType;
}

function basicCredentials(header: string): { id: string; secret: string } | undefined {
  const m = /^Basic +([A-Za-z0-9+/]+=*)$/i.exec(header.trim());
  if (!m) return undefined;
  const decoded = Buffer.from(m[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon <= 0) return undefined;
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before base64.
    const id = decodeURIComponent(decoded.slice(0, colon).replace(/\+/g, '%20'));
    const secret = decodeURIComponent(decoded.slice(colon + 1).replace(/\+/g, '%20'));
    return id && secret ? { id, secret } : undefined;
  } catch {
    return undefined;
  }
}

/** The form body (and, as on the platform, query string) parameters; a parameter given twice is refused. */
async function readForm(ctx: Context): Promise<Record<string, string>> {
  const raw = await readFormBody(ctx);
  if (raw.trim() !== '' && !isForm(ctx.req.headers['content-type'])) {
    throw oauthErrors.invalidRequest("Unsupported Content-Type: send the parameters as 'application/x-www-form-urlencoded'.");
  }
  const params: Record<string, string> = {};
  const sources = ctx.querystring === '' ? [new URLSearchParams(raw)] : [new URLSearchParams(ctx.querystring), new URLSearchParams(raw)];
  for (const source of sources) {
    for (const [name, value] of source) {
      if (Object.hasOwn(params, name)) throw oauthErrors.invalidRequest(`Duplicate parameter: ${name}.`);
      params[name] = value;
    }
  }
  return params;
}

/** Whether the media type (parameters such as charset aside, any case) is a form: what `ctx.is` answers, without parsing the header into an object. */
function isForm(contentType: string | undefined): boolean {
  if (contentType === undefined) return false;
  const semicolon = contentType.indexOf(';');
  return (semicolon < 0 ? contentType : contentType.slice(0, semicolon)).trim().toLowerCase() === 'application/x-www-form-urlencoded';
}

/** The body as text, at most MAX_FORM_BYTES; a larger Content-Length is refused before reading. */
async function readFormBody(ctx: Context): Promise<string> {
  try {
    return await getRawBody(ctx.req, { limit: MAX_FORM_BYTES, length: ctx.get('Content-Length') || undefined, encoding: 'utf8' });
  } catch (err) {
    const type = err instanceof Error && 'type' in err ? err.type : undefined;
    if (type === 'entity.too.large') throw oauthErrors.invalidRequest('The request body is too large.');
    if (type === 'request.size.invalid') throw oauthErrors.invalidRequest('The request body does not match its Content-Length.');
    throw err;
  }
}
