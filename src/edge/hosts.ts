import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.js';
import { EndpointNotFoundError } from '../errors/api-error.js';
import { PLAIN_HTTP_BODY } from './plain-http.js';

/**
 * Deprecated host names the platform keeps as aliases of a region's current ones (spec, "What the
 * service does" 6, "Versioning" 3). They apply when the deployment uses the platform's own domain.
 */
const PLATFORM_ALIASES: Record<string, string[]> = {
  'europe-west1.gcp': ['api.sphere.io', 'auth.sphere.io', 'api.europe-west1.gcp.commercetools.com', 'auth.europe-west1.gcp.commercetools.com'],
  'us-central1.gcp': ['api.commercetools.co', 'auth.commercetools.co'],
};

export interface RegionHosts {
  region: string;
  api: string;
  auth: string;
  /** Deprecated names answered like the current ones. */
  aliases: string[];
}

/** The host names of a deployment in `region` under `domain`: `api.{region}.{domain}` and `auth.{region}.{domain}`. */
export function regionHosts(region: string, domain: string, extraAliases: readonly string[]): RegionHosts {
  const platformAliases = domain === 'commercetools.com' ? (PLATFORM_ALIASES[region] ?? []) : [];
  const api = `api.${region}.${domain}`;
  const auth = `auth.${region}.${domain}`;
  const aliases = [...new Set([...platformAliases, ...extraAliases].map((h) => h.toLowerCase()))].filter((h) => h !== api && h !== auth);
  return { region, api, auth, aliases };
}

/** The configured deployment's host names; HOST_CHECK needs DOMAIN to know them. */
export function deploymentHosts(config: Pick<Config, 'region' | 'domain' | 'hostAliases'>): RegionHosts {
  if (!config.domain) throw new Error('HOST_CHECK needs DOMAIN (the hosts are api.{REGION}.{DOMAIN} and auth.{REGION}.{DOMAIN})');
  return regionHosts(config.region, config.domain, config.hostAliases);
}

/** What a host name serves: the API (HTTP and GraphQL, the developer pages) or the authorization service (`/oauth/...`). */
export type HostService = 'api' | 'auth';

/** The service of each request whose host was checked (HOST_CHECK on), for the step that keeps the two apart. */
const servedBy = new WeakMap<IncomingMessage, HostService>();

const HEALTH_PATHS = new Set(['/health', '/ready']);

/**
 * The service behind each name: the auth host and aliases beginning with `auth.` (`auth.sphere.io`,
 * a HOST_ALIASES entry `auth.shop.example`) are the authorization service's; every other name the API's.
 */
export function hostServices(hosts: RegionHosts): Map<string, HostService> {
  const services = new Map<string, HostService>([
    [hosts.api, 'api'],
    [hosts.auth, 'auth'],
  ]);
  for (const alias of hosts.aliases) services.set(alias, alias.startsWith('auth.') ? 'auth' : 'api');
  return services;
}

/**
 * With HOST_CHECK on, a request naming a host this deployment does not answer for gets the same 404
 * page as a plain-HTTP request (what a load balancer with host rules answers). `/health` and `/ready`
 * answer on any host, for load balancers probing by address. A known host's service is noted on the
 * request for refuseOtherService.
 */
export function hostChecker(hosts: RegionHosts, trustProxy: boolean): (req: IncomingMessage, res: ServerResponse) => boolean {
  const services = hostServices(hosts);
  return function refuseUnknownHost(req, res) {
    const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
    const raw = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0] ?? req.headers.host ?? '';
    const service = services.get(hostName(raw));
    if (service !== undefined) {
      servedBy.set(req, service);
      return false;
    }
    if (HEALTH_PATHS.has((req.url ?? '').split('?')[0])) return false;
    res.writeHead(404, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(PLAIN_HTTP_BODY) });
    res.end(PLAIN_HTTP_BODY);
    return true;
  };
}

/**
 * The API and the authorization service answer on their own host names, as on the platform: the
 * auth names serve `/oauth/...` only, the API names everything else; `/health` and `/ready` answer
 * on both. The wrong one is an endpoint that host does not have: 404 in the platform's error body,
 * naming the right host. Requests whose host was not checked (HOST_CHECK off) pass.
 */
export function refuseOtherService(hosts: RegionHosts): (request: { req: IncomingMessage; method: string; path: string }) => void {
  return function refuseOtherServiceOnHost({ req, method, path }) {
    const service = servedBy.get(req);
    if (service === undefined || HEALTH_PATHS.has(path)) return;
    const oauth = path.startsWith('/oauth/');
    if (service === 'auth' && !oauth) {
      throw new EndpointNotFoundError(`The endpoint ${method} ${path} was not found on the authorization host: the API is at https://${hosts.api}.`);
    }
    if (service === 'api' && oauth) {
      throw new EndpointNotFoundError(`The endpoint ${method} ${path} was not found on the API host: the authorization service is at https://${hosts.auth}.`);
    }
  };
}

/** Lower-cased, without port and trailing dot. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
