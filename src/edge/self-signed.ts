import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';

export interface LocalCertificate {
  certFile: string;
  keyFile: string;
  /** True when this start created it (the start message then says how to trust it). */
  created: boolean;
}

/**
 * For local use without TLS_CERT_FILE / TLS_KEY_FILE: a self-signed certificate for localhost and
 * 127.0.0.1 under `<dataDir>/tls/`, created on first start with the `openssl` command line (Node
 * can sign but not build an X.509 certificate) and reused afterwards.
 */
export function ensureLocalCertificate(dataDir: string): LocalCertificate {
  const dir = resolve(dataDir, 'tls');
  const certFile = join(dir, 'localhost.crt');
  const keyFile = join(dir, 'localhost.key');
  if (existsSync(certFile) && existsSync(keyFile)) return { certFile, keyFile, created: false };
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-days',
        '825',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1,IP:::1',
        '-keyout',
        keyFile,
        '-out',
        certFile,
      ],
      { stdio: 'pipe' },
    );
  } catch (err) {
    const reason =
      (err as { code?: string }).code === 'ENOENT' ? 'the openssl command is not installed' : String((err as { stderr?: Buffer }).stderr ?? err).trim();
    throw new Error(`cannot create a self-signed certificate in ${dir} (${reason}): set TLS_CERT_FILE and TLS_KEY_FILE, or PLAIN_HTTP=true`, { cause: err });
  }
  return { certFile, keyFile, created: true };
}
