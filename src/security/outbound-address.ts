import { lookup as dnsLookup, type LookupAddress, type LookupOptions } from 'node:dns';
import { BlockList, isIP } from 'node:net';

/**
 * Where this server may send a project's token introspection calls. A project admin chooses the URL,
 * so without these rules the server would call into its own network for them (loopback, the cloud
 * metadata address, private ranges) and in clear text. Hosts named in EXTERNAL_OAUTH_ALLOWED_HOSTS
 * are exempt from both rules (an identity provider on the same private network, or local tests).
 */
const PRIVATE = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 3],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 127],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  PRIVATE.addSubnet(net, prefix, 'ipv6');
}

export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 6 && address.toLowerCase().startsWith('::ffff:')) {
    const v4 = address.slice(7);
    if (isIP(v4) === 4) return PRIVATE.check(v4, 'ipv4');
  }
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

function allowed(url: URL, allowedHosts: readonly string[]): boolean {
  return allowedHosts.includes(url.hostname) || allowedHosts.includes(url.host);
}

/** Why this URL may not be used for introspection, or undefined when it may. */
export function introspectionUrlProblem(raw: string, allowedHosts: readonly string[]): string | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'The introspection URL is not a valid absolute URL.';
  }
  if (url.username !== '' || url.password !== '') return 'The introspection URL must not carry credentials; use authorizationHeader.';
  if (allowed(url, allowedHosts)) return url.protocol === 'https:' || url.protocol === 'http:' ? undefined : 'The introspection URL must use https.';
  if (url.protocol !== 'https:') return 'The introspection URL must use https.';
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isPrivateAddress(host) || host === 'localhost' || host.endsWith('.localhost')) {
    return 'The introspection URL must not point to a loopback, link-local or private address.';
  }
  return undefined;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A DNS lookup for the outbound request that refuses private addresses: checked on the address the
 * connection actually uses, so a name that resolves (or re-resolves) into the private network is
 * caught, not only literal IPs in the URL.
 */
export function publicOnlyLookup(url: URL, allowedHosts: readonly string[]) {
  const exempt = allowed(url, allowedHosts);
  return (hostname: string, options: LookupOptions, callback: LookupCallback): void => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, []);
      const list = addresses as LookupAddress[];
      const refused = !exempt && list.some((a) => isPrivateAddress(a.address));
      if (refused) {
        const error: NodeJS.ErrnoException = new Error(`${hostname} resolves to a private address`);
        error.code = 'EPRIVATEADDRESS';
        return callback(error, []);
      }
      if (options.all) return callback(null, list);
      callback(null, list[0].address, list[0].family);
    });
  };
}
