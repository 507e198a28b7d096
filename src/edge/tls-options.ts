import { readFileSync } from 'node:fs';
import type { SecureContextOptions, TlsOptions } from 'node:tls';

/**
 * The spec's reliable suites ("Limits", TLS) for TLS 1.2, in its order, and the three TLS 1.3 suites
 * (TLS 1.3 has no weak ones). Nothing else is offered: no CBC-SHA1, no RSA key exchange, no 3DES.
 */
export const TLS12_CIPHERS = [
  'ECDHE-ECDSA-AES256-GCM-SHA384',
  'ECDHE-RSA-AES256-GCM-SHA384',
  'ECDHE-ECDSA-CHACHA20-POLY1305',
  'ECDHE-RSA-CHACHA20-POLY1305',
  'ECDHE-ECDSA-AES128-GCM-SHA256',
  'ECDHE-RSA-AES128-GCM-SHA256',
  'ECDHE-ECDSA-AES256-SHA384',
  'ECDHE-RSA-AES256-SHA384',
  'ECDHE-ECDSA-AES128-SHA256',
  'ECDHE-RSA-AES128-SHA256',
];
export const TLS13_CIPHERS = ['TLS_AES_256_GCM_SHA384', 'TLS_CHACHA20_POLY1305_SHA256', 'TLS_AES_128_GCM_SHA256'];

/** Certificate and key as read from their files (PEM); read again on SIGHUP. */
export function readCredentials(certFile: string, keyFile: string): SecureContextOptions {
  return { cert: readFileSync(certFile), key: readFileSync(keyFile) };
}

/** Server options: TLS 1.2 and 1.3 only, the suites above, the server's order preferred. */
export function tlsServerOptions(credentials: SecureContextOptions): TlsOptions {
  return {
    ...credentials,
    minVersion: 'TLSv1.2',
    maxVersion: 'TLSv1.3',
    ciphers: [...TLS13_CIPHERS, ...TLS12_CIPHERS].join(':'),
    honorCipherOrder: true,
  };
}
