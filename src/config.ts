import { availableParallelism } from 'node:os';
import { DEFAULT_SECRET_HASH_COST } from './security/secrets.js';

/** One typed configuration object, read once from the environment. */
export interface Config {
  host: string;
  port: number;
  /** `file:<path>` (embedded SQLite, the default), `file::memory:`, or `postgresql://...` */
  databaseUrl: string;
  /** Project created with an API client on first start of an empty database. */
  bootstrapProjectKey: string;
  logLevel: string;
  /** Public base URL of this server, used as the OAuth issuer and in printed examples. */
  publicUrl: string;
  /** Access token lifetime when the API client sets none (seconds). */
  accessTokenSeconds: number;
  /** Refresh token inactivity lifetime when the API client sets none (seconds). */
  refreshTokenSeconds: number;
  /** Refresh tokens kept per project before the least recently used are deleted. */
  refreshTokenCap: number;
  /** Token requests allowed per client per minute on the token endpoints. */
  tokenRateLimitPerMinute: number;
  /** Failed client authentications per source address per minute before the address is refused. */
  clientAuthFailuresPerSourcePerMinute: number;
  /** Failed password attempts per account from one source address per 15 minutes before that address is refused for the account (ten times as many from all addresses refuse everyone). */
  passwordFailureLimit: number;
  /** Failed customer sign-ins per source address per 15 minutes (any accounts) before the address is refused. */
  signInFailuresPerSource: number;
  /** How long another instance may keep accepting a token after it was revoked elsewhere (ms). */
  tokenCacheTtlMs: number;
  /** Time budget for graceful shutdown (ms). */
  shutdownGraceMs: number;
  /** Hosts (name or name:port) a project's external OAuth endpoint may use without https and on private addresses. */
  externalOAuthAllowedHosts: string[];
  /** Calls to one project's external introspection endpoint per minute; more are refused with 429. */
  externalIntrospectionPerMinute: number;
  /** How long one external introspection call may take, connecting included (ms; the spec's 500 by default). */
  externalOAuthTimeoutMs: number;
  /** Origins allowed to call the API and /oauth from a browser (`*` for any); empty: no CORS. */
  corsOrigins: string[];
  /** Port of the Prometheus listener (`GET /metrics`), apart from the API's; undefined: no metrics. */
  metricsPort?: number;
  /** Address of that listener; default HOST. */
  metricsHost: string;
  /** How often the retention job (carts, shopping lists) runs (ms); 0: never. */
  retentionIntervalMs: number;
  /** Carts a project may keep before the least recently modified are deleted. */
  maxCartsPerProject: number;
  /** Shopping lists a project may keep before the least recently modified are deleted. */
  maxShoppingListsPerProject: number;
  /** PEM files of the TLS certificate (chain) and key; re-read on SIGHUP. Unset: `npm start` creates a self-signed pair under dataDir. */
  tlsCertFile?: string;
  tlsKeyFile?: string;
  /** Serve plain HTTP instead of HTTPS: for local tests, and behind a TLS-terminating proxy (with trustProxy). */
  plainHttp: boolean;
  /** Trust X-Forwarded-Proto/-For/-Host from the proxy in front; a request it did not receive over HTTPS gets the plain-HTTP 404. */
  trustProxy: boolean;
  /** Folder for files the server creates itself (the self-signed certificate). */
  dataDir: string;
  /** The one region this deployment belongs to (`europe-west1.gcp`, `us-central1.gcp`, ...). */
  region: string;
  /** Domain of the host names `api.{region}.{domain}` and `auth.{region}.{domain}`; unset: host names are not known. */
  domain?: string;
  /** Further names answered like the current ones (deprecated aliases); the platform's own are added for its domain. */
  hostAliases: string[];
  /** Refuse requests for hosts other than the API and auth hosts and their aliases (default: on when `domain` is set). */
  hostCheck: boolean;
  /**
   * scrypt cost of new password and client-secret hashes, as log2 of N (default 15: ~50 ms per hash).
   * Lower only where hashes guard nothing, e.g. a test suite; each hash keeps its own parameters.
   */
  passwordHashCost: number;
  /** Processes serving the port (`npm start` only); default 1, or the number of cores with NODE_ENV=production. */
  workers: number;
}

function bool(name: string, env: NodeJS.ProcessEnv): boolean {
  const raw = (env[name] ?? '').trim().toLowerCase();
  if (raw === '' || raw === 'false' || raw === '0') return false;
  if (raw === 'true' || raw === '1') return true;
  throw new Error(`${name} must be true or false, got ${JSON.stringify(env[name])}`);
}

function int(name: string, fallback: number, env: NodeJS.ProcessEnv): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 0) throw new Error(`${name} must be a non-negative integer, got ${JSON.stringify(raw)}`);
  return n;
}

/** scrypt needs N > 1; past 2^20 a hash takes seconds and more memory than the derivation limit allows. */
function hashCost(env: NodeJS.ProcessEnv): number {
  const cost = int('PASSWORD_HASH_COST', DEFAULT_SECRET_HASH_COST, env);
  if (cost < 1 || cost > 20) throw new Error(`PASSWORD_HASH_COST must be between 1 and 20, got ${cost}`);
  return cost;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST ?? '127.0.0.1';
  const port = int('PORT', 8080, env);
  const plainHttp = bool('PLAIN_HTTP', env);
  const trustProxy = bool('TRUST_PROXY', env);
  return {
    host,
    port,
    databaseUrl: env.DATABASE_URL ?? 'file:./data/commerce.db',
    bootstrapProjectKey: env.BOOTSTRAP_PROJECT_KEY ?? 'demo',
    logLevel: env.LOG_LEVEL ?? 'info',
    publicUrl: env.PUBLIC_URL ?? `${plainHttp && !trustProxy ? 'http' : 'https'}://${host === '0.0.0.0' ? 'localhost' : host}:${port}`,
    accessTokenSeconds: int('ACCESS_TOKEN_SECONDS', 172800, env),
    refreshTokenSeconds: int('REFRESH_TOKEN_SECONDS', 17280000, env),
    refreshTokenCap: int('REFRESH_TOKEN_CAP', 10_000_000, env),
    // CART_RETENTION_INTERVAL_MS: the name from when the job deleted only carts.
    retentionIntervalMs: int('RETENTION_INTERVAL_MS', int('CART_RETENTION_INTERVAL_MS', 3_600_000, env), env),
    maxCartsPerProject: int('MAX_CARTS_PER_PROJECT', 10_000_000, env),
    maxShoppingListsPerProject: int('MAX_SHOPPING_LISTS_PER_PROJECT', 10_000_000, env),
    tokenRateLimitPerMinute: int('TOKEN_RATE_LIMIT_PER_MINUTE', 600, env),
    clientAuthFailuresPerSourcePerMinute: int('CLIENT_AUTH_FAILURES_PER_SOURCE_PER_MINUTE', 100, env),
    passwordFailureLimit: int('PASSWORD_FAILURE_LIMIT', 10, env),
    signInFailuresPerSource: int('SIGN_IN_FAILURES_PER_SOURCE', 100, env),
    tokenCacheTtlMs: int('TOKEN_CACHE_TTL_MS', 5000, env),
    shutdownGraceMs: int('SHUTDOWN_GRACE_MS', 10000, env),
    externalOAuthAllowedHosts: (env.EXTERNAL_OAUTH_ALLOWED_HOSTS ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    externalIntrospectionPerMinute: int('EXTERNAL_INTROSPECTION_PER_MINUTE', 1200, env),
    // The spec's limit for one external introspection call, network included.
    externalOAuthTimeoutMs: int('EXTERNAL_OAUTH_TIMEOUT_MS', 500, env),
    metricsPort: env.METRICS_PORT === undefined || env.METRICS_PORT === '' ? undefined : int('METRICS_PORT', 0, env),
    metricsHost: env.METRICS_HOST ?? host,
    corsOrigins: (env.CORS_ORIGINS ?? '')
      .split(',')
      .map((o) => o.trim())
      .filter((o) => o !== ''),
    tlsCertFile: env.TLS_CERT_FILE || undefined,
    tlsKeyFile: env.TLS_KEY_FILE || undefined,
    plainHttp,
    trustProxy,
    dataDir: env.DATA_DIR ?? './data',
    region: env.REGION || 'europe-west1.gcp',
    domain: env.DOMAIN || undefined,
    hostAliases: (env.HOST_ALIASES ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean),
    hostCheck: env.HOST_CHECK === undefined || env.HOST_CHECK === '' ? Boolean(env.DOMAIN) : bool('HOST_CHECK', env),
    passwordHashCost: hashCost(env),
    workers: int('WORKERS', env.NODE_ENV === 'production' ? availableParallelism() : 1, env) || 1,
  };
}
