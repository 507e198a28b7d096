import cluster from 'node:cluster';
import { bootstrapIfEmpty, type BootstrapResult } from './bootstrap.js';
import { runPrimary } from './cluster/primary.js';
import { loadConfig, type Config } from './config.js';
import { startServer, type RunningServer } from './server.js';
import { createLogger, flushLogger } from './shared/logger.js';
import { deploymentHosts, type RegionHosts } from './edge/hosts.js';
import { ensureLocalCertificate, type LocalCertificate } from './edge/self-signed.js';
import { describeStartupError, redactUrl } from './startup-error.js';
import { operations } from '../generated/openapi/operations.js';
import { warmValidators } from './http/validation.js';

/** Set by the primary for its workers: the certificate in TLS_CERT_FILE is the self-signed local one. */
const SELF_SIGNED_ENV = 'CPA_SELF_SIGNED_CERT';

let config: Config | undefined;
let running: RunningServer;
let created: BootstrapResult | undefined;
let localCertificate: LocalCertificate | undefined;
try {
  config = loadConfig();
  if (cluster.isPrimary && !config.plainHttp && !config.tlsCertFile && !config.tlsKeyFile) {
    localCertificate = ensureLocalCertificate(config.dataDir);
    config = { ...config, tlsCertFile: localCertificate.certFile, tlsKeyFile: localCertificate.keyFile };
  } else if (cluster.isWorker && process.env[SELF_SIGNED_ENV] === '1') {
    localCertificate = { certFile: config.tlsCertFile!, keyFile: config.tlsKeyFile!, created: false };
  }
  if (config.workers > 1 && cluster.isPrimary) {
    // Each worker would get a database of its own.
    if (config.databaseUrl.startsWith('file::memory:')) throw new Error('WORKERS above 1 needs a database file or PostgreSQL, not file::memory:');
  } else {
    running = await startServer(config);
    created = await bootstrapIfEmpty(running.services, running.app.services);
  }
} catch (err) {
  // What an operator can fix, in one line; no stack.
  process.stderr.write(`cannot start: ${describeStartupError(err, config)}\n`);
  process.exit(1);
}

if (config.workers > 1 && cluster.isPrimary) {
  if (localCertificate?.created) printCertificateHelp(localCertificate, `https://${config.host}:${config.port}`);
  const env: Record<string, string> = {};
  if (localCertificate) Object.assign(env, { TLS_CERT_FILE: localCertificate.certFile, TLS_KEY_FILE: localCertificate.keyFile, [SELF_SIGNED_ENV]: '1' });
  runPrimary(config.workers, env, createLogger(config.logLevel));
} else {
  serve(config, running!, created, localCertificate);
}

function serve(config: Config, running: RunningServer, created: BootstrapResult | undefined, localCertificate: LocalCertificate | undefined): void {
  const { logger } = running.services;
  logger.info(
    {
      url: running.url,
      database: redactUrl(config.databaseUrl),
      apiReference: `${running.url}/_/docs`,
      metrics: running.metricsUrl,
      region: config.region,
      pid: process.pid,
      worker: cluster.worker?.id,
    },
    'listening',
  );

  // The request validators are compiled at each operation's first use; here, while the server already
  // answers, all of them are, so no client's first call pays for its operation's (validation.ts).
  warmValidators(operations).catch((err: unknown) => logger.error({ err }, 'compiling the request validators failed'));

  if (localCertificate?.created) printCertificateHelp(localCertificate, running.url);
  if (config.domain && (created || localCertificate?.created)) printHosts(deploymentHosts(config), config.hostCheck);

  if (created) {
    const curl = localCertificate ? `curl --cacert ${localCertificate.certFile}` : 'curl';
    const auth = Buffer.from(`${created.clientId}:${created.clientSecret}`).toString('base64');
    process.stdout.write(
      [
        '',
        `Bootstrap project '${created.projectKey}' created in region ${config.region} with an API client (the secret is shown only now):`,
        `  client_id:     ${created.clientId}`,
        `  client_secret: ${created.clientSecret}`,
        `  scope:         ${created.scope}`,
        '',
        'Get a token and call the API:',
        `  ${curl} -s -u '${created.clientId}:${created.clientSecret}' -d grant_type=client_credentials ${running.url}/oauth/token`,
        `  ${curl} -s -H "Authorization: Bearer <access_token>" ${running.url}/${created.projectKey}`,
        `  (Basic header: Authorization: Basic ${auth})`,
        '',
        `API reference: ${running.url}/_/docs   GraphiQL: ${running.url}/_/graphiql   everything: ${running.url}/`,
        '',
      ].join('\n') + '\n',
    );
  }

  // A renewed certificate is picked up without a restart (`kill -HUP`); open connections keep the old one.
  process.on('SIGHUP', () => {
    try {
      running.reloadCertificate();
      logger.info('TLS certificate reloaded');
    } catch (err) {
      logger.error({ err: (err as Error).message }, 'TLS certificate reload failed; the previous one stays in use');
    }
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      logger.info({ signal }, 'shutting down');
      running.close().then(
        () => {
          flushLogger(logger);
          process.exit(0);
        },
        (err) => {
          logger.error({ err }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}

function printCertificateHelp(localCertificate: LocalCertificate, url: string): void {
  const cert = localCertificate.certFile;
  process.stdout.write(
    [
      '',
      `HTTPS with a self-signed certificate created for localhost: ${cert}`,
      'Trust it for one call:',
      `  curl --cacert ${cert} ${url}/health`,
      'or for this machine (Debian/Ubuntu; macOS: Keychain Access > System > import, "Always Trust"):',
      `  sudo cp ${cert} /usr/local/share/ca-certificates/commerce-platform-localhost.crt && sudo update-ca-certificates`,
      'Node clients: NODE_EXTRA_CA_CERTS=' + cert,
      'In production set TLS_CERT_FILE and TLS_KEY_FILE (reloaded on SIGHUP), or PLAIN_HTTP=true behind a TLS-terminating proxy.',
      '',
    ].join('\n') + '\n',
  );
}

function printHosts(hosts: RegionHosts, checked: boolean): void {
  const lines = [
    '',
    `Region ${hosts.region}: API https://${hosts.api}   auth https://${hosts.auth}`,
    hosts.aliases.length > 0 ? `  deprecated aliases, still answered: ${hosts.aliases.join(', ')}` : '',
    checked ? '  requests for any other host name get 404 (HOST_CHECK)' : '  other host names are answered too (HOST_CHECK=false)',
    '',
  ];
  process.stdout.write(lines.filter((l, i) => l !== '' || i === 0 || i === lines.length - 1).join('\n') + '\n');
}
