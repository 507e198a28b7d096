import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { request as httpsRequest } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { connect as tlsConnect, type ConnectionOptions } from 'node:tls';
import { ensureLocalCertificate } from '../../src/edge/self-signed.js';
import { PLAIN_HTTP_BODY } from '../../src/edge/plain-http.js';
import { startChildServer } from '../support/child-server.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

const dir = mkdtempSync(join(tmpdir(), 'cpa-tls-'));
const cert = ensureLocalCertificate(dir);
const ca = readFileSync(cert.certFile);
let server: TestServer;
let port: number;

beforeAll(async () => {
  server = await startTestServer({ plainHttp: false, tlsCertFile: cert.certFile, tlsKeyFile: cert.keyFile });
  port = Number(new URL(server.url).port);
});
afterAll(async () => {
  await server.close();
  rmSync(dir, { recursive: true, force: true });
});

/** One TLS handshake with the given client options; resolves with what was negotiated or the error code. */
function handshake(options: ConnectionOptions): Promise<{ protocol?: string | null; cipher?: string; fingerprint?: string; error?: string }> {
  return new Promise((resolve) => {
    const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername: 'localhost', ...options }, () => {
      const result = {
        protocol: socket.getProtocol(),
        cipher: socket.getCipher().standardName ?? socket.getCipher().name,
        fingerprint: socket.getPeerCertificate().fingerprint256,
      };
      socket.end();
      resolve(result);
    });
    socket.on('error', (err: Error & { code?: string }) => resolve({ error: err.code ?? err.message }));
  });
}

function get(path: string, headers: Record<string, string> = {}): Promise<{ status: number; type?: string; body: string }> {
  return new Promise((resolve, reject) => {
    const req = httpsRequest({ host: '127.0.0.1', port, path, ca, servername: 'localhost', headers }, (res) => {
      let body = '';
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode!, type: res.headers['content-type'], body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('HTTPS only (spec: "What the service does" 7, "Limits" TLS)', () => {
  it('serves the API over HTTPS', async () => {
    expect(server.url).toMatch(/^https:\/\//);
    const res = await get('/health');
    expect(res.status).toBe(200);
    expect(JSON.parse(res.body)).toEqual({ status: 'ok' });
  });

  it.each(['TLSv1.2', 'TLSv1.3'] as const)('accepts %s', async (version) => {
    expect(await handshake({ minVersion: version, maxVersion: version })).toMatchObject({ protocol: version });
  });

  it.each(['TLSv1', 'TLSv1.1'] as const)('refuses %s with a protocol_version alert', async (version) => {
    // SECLEVEL=0 lets this client offer the old versions at all; the refusal must come from the server.
    const res = await handshake({ minVersion: version, maxVersion: version, ciphers: 'DEFAULT@SECLEVEL=0' });
    expect(res.error).toBe('ERR_SSL_TLSV1_ALERT_PROTOCOL_VERSION');
  });

  it.each([
    'ECDHE-ECDSA-AES256-GCM-SHA384',
    'ECDHE-ECDSA-CHACHA20-POLY1305',
    'ECDHE-ECDSA-AES128-GCM-SHA256',
    'ECDHE-ECDSA-AES256-SHA384',
    'ECDHE-ECDSA-AES128-SHA256',
  ])('accepts the spec suite %s on TLS 1.2', async (cipher) => {
    const res = await handshake({ maxVersion: 'TLSv1.2', ciphers: cipher });
    expect(res.error).toBeUndefined();
    expect(res.protocol).toBe('TLSv1.2');
  });

  it.each(['ECDHE-ECDSA-AES128-SHA', 'ECDHE-ECDSA-AES256-SHA', 'AES128-GCM-SHA256', 'AES128-SHA', 'ECDHE-ECDSA-NULL-SHA'])(
    'refuses the weak suite %s on TLS 1.2',
    async (cipher) => {
      const res = await handshake({ maxVersion: 'TLSv1.2', ciphers: `${cipher}@SECLEVEL=0` });
      expect(res.error).toBe('ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE');
    },
  );

  it('a plain-HTTP request on the HTTPS port gets 404 with an HTML body, on every attempt', async () => {
    for (const path of ['/health', '/test/customers', '/oauth/token', '/']) {
      const res = await fetch(`http://127.0.0.1:${port}${path}`);
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html');
      expect(await res.text()).toBe(PLAIN_HTTP_BODY);
    }
    // The HTTPS side is unaffected.
    expect((await get('/health')).status).toBe(200);
  });

  it('faulty framing over TLS is refused in the error envelope too', async () => {
    const answer = await new Promise<string>((resolve, reject) => {
      const socket = tlsConnect({ host: '127.0.0.1', port, ca, servername: 'localhost' }, () =>
        socket.write('GET /health HTTP/1.1\r\nHost: x\r\nHost: y\r\n\r\n'),
      );
      let data = '';
      socket.on('data', (c) => (data += c));
      socket.on('end', () => resolve(data));
      socket.on('error', reject);
    });
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.split('\r\n\r\n')[1])).toMatchObject({ statusCode: 400, errors: [{ code: 'InvalidInput' }] });
  });

  it('reloads certificate and key for new connections (SIGHUP)', async () => {
    const before = await handshake({});
    const replacement = ensureLocalCertificate(join(dir, 'next'));
    execFileSync('cp', [replacement.certFile, cert.certFile]);
    execFileSync('cp', [replacement.keyFile, cert.keyFile]);
    server.reloadCertificate();
    const after = await handshake({ ca: readFileSync(cert.certFile) });
    expect(after.error).toBeUndefined();
    expect(after.fingerprint).toBe(new X509Certificate(readFileSync(cert.certFile)).fingerprint256);
    expect(after.fingerprint).not.toBe(before.fingerprint);
  });
});

describe('PLAIN_HTTP behind a TLS-terminating proxy (TRUST_PROXY)', () => {
  let proxied: TestServer;
  let direct: TestServer;
  beforeAll(async () => {
    proxied = await startTestServer({ plainHttp: true, trustProxy: true, clientAuthFailuresPerSourcePerMinute: 3 });
    direct = await startTestServer({ plainHttp: true });
  });
  afterAll(async () => {
    await proxied.close();
    await direct.close();
  });

  it('a request the proxy received over plain HTTP gets the 404 page', async () => {
    for (const headers of [{}, { 'X-Forwarded-Proto': 'http' }, { 'X-Forwarded-Proto': 'http, https' }] as Record<string, string>[]) {
      const res = await proxied.request('/health', { headers });
      expect(res.status).toBe(404);
      expect(res.headers.get('content-type')).toBe('text/html');
      expect(await res.text()).toBe(PLAIN_HTTP_BODY);
    }
  });

  it('a request it received over HTTPS is served, and the app sees https and the forwarded host', async () => {
    const res = await proxied.request('/_/openapi.json', { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'api.example.com' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { servers: { url: string }[] }).servers).toEqual([{ url: 'https://api.example.com' }]);
  });

  it('failed client authentications count per address the proxy added last to X-Forwarded-For, not per entry the caller wrote', async () => {
    const attempt = (forwardedFor: string) =>
      proxied.request('/oauth/token', {
        method: 'POST',
        headers: {
          'X-Forwarded-Proto': 'https',
          'X-Forwarded-For': forwardedFor,
          Authorization: `Basic ${Buffer.from('nobody:x').toString('base64')}`,
          'Content-Type': 'application/x-www-form-urlencoded',
        },
        body: 'grant_type=client_credentials',
      });
    for (let i = 0; i < 3; i++) expect((await attempt(`198.51.100.${i}, 203.0.113.1`)).status).toBe(401);
    expect((await attempt('198.51.100.99, 203.0.113.1')).status).toBe(429);
    expect((await attempt('203.0.113.1, 203.0.113.2')).status).toBe(401);
  });

  it('without TRUST_PROXY, forwarded headers are not believed', async () => {
    const res = await direct.request('/_/openapi.json', { headers: { 'X-Forwarded-Proto': 'https', 'X-Forwarded-Host': 'api.example.com' } });
    expect(res.status).toBe(200);
    expect(((await res.json()) as { servers: { url: string }[] }).servers).toEqual([{ url: direct.url }]);
  });
});

describe('npm start without a certificate', () => {
  it('creates a self-signed one under the data folder, says how to trust it, and serves HTTPS with it', async () => {
    const data = mkdtempSync(join(tmpdir(), 'cpa-start-'));
    const child = await startChildServer('file::memory:', { PLAIN_HTTP: 'false', DATA_DIR: data });
    try {
      const certFile = join(data, 'tls', 'localhost.crt');
      expect(child.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(child.output()).toContain(`curl --cacert ${certFile} ${child.url}/health`);
      const status = await new Promise<number>((resolve, reject) =>
        httpsRequest(`${child.url}/health`, { ca: readFileSync(certFile) }, (res) => resolve(res.statusCode!))
          .on('error', reject)
          .end(),
      );
      expect(status).toBe(200);
    } finally {
      await child.kill('SIGTERM');
      rmSync(data, { recursive: true, force: true });
    }
  });
});
