import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Config } from '../config.js';
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

/**
 * With HOST_CHECK on, a request naming a host this deployment does not answer for gets the same 404
 * page as a plain-HTTP request (what a load balancer with host rules answers). `/health` and `/ready`
 * answer on any host, for load balancers probing by address.
 */
export function hostChecker(hosts: RegionHosts, trustProxy: boolean): (req: IncomingMessage, res: ServerResponse) => boolean {
  const allowed = new Set([hosts.api, hosts.auth, ...hosts.aliases]);
  return function refuseUnknownHost(req, res) {
    const path = (req.url ?? '').split('?')[0];
    if (path === '/health' || path === '/ready') return false;
    const forwarded = trustProxy ? req.headers['x-forwarded-host'] : undefined;
    const raw = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',')[0] ?? req.headers.host ?? '';
    if (allowed.has(hostName(raw))) return false;
    res.writeHead(404, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(PLAIN_HTTP_BODY) });
    res.end(PLAIN_HTTP_BODY);
    return true;
  };
}

/** Lower-cased, without port and trailing dot. */
function hostName(host: string): string {
  const h = host.trim().toLowerCase();
  const name = h.startsWith('[') ? h.slice(0, h.indexOf(']') + 1) : h.replace(/:\d+$/, '');
  return name.endsWith('.') ? name.slice(0, -1) : name;
}
