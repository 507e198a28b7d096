import { bootstrapIfEmpty, type BootstrapResult } from './bootstrap.js';
import { loadConfig, type Config } from './config.js';
import { startServer, type RunningServer } from './server.js';
import { flushLogger } from './logger.js';
import { describeStartupError, redactUrl } from './startup-error.js';

let config: Config | undefined;
let running: RunningServer;
let created: BootstrapResult | undefined;
try {
  config = loadConfig();
  running = await startServer(config);
  created = await bootstrapIfEmpty(running.services, running.app.services);
} catch (err) {
  // What an operator can fix, in one line; no stack.
  process.stderr.write(`cannot start: ${describeStartupError(err, config)}\n`);
  process.exit(1);
}
const { logger } = running.services;
logger.info({ url: running.url, database: redactUrl(config.databaseUrl), apiReference: `${running.url}/_/docs`, metrics: running.metricsUrl }, 'listening');

if (created) {
  const auth = Buffer.from(`${created.clientId}:${created.clientSecret}`).toString('base64');
  process.stdout.write(
    [
      '',
      `Bootstrap project '${created.projectKey}' created with an API client (the secret is shown only now):`,
      `  client_id:     ${created.clientId}`,
      `  client_secret: ${created.clientSecret}`,
      `  scope:         ${created.scope}`,
      '',
      'Get a token and call the API:',
      `  curl -s -u '${created.clientId}:${created.clientSecret}' -d grant_type=client_credentials ${running.url}/oauth/token`,
      `  curl -s -H "Authorization: Bearer <access_token>" ${running.url}/${created.projectKey}`,
      `  (Basic header: Authorization: Basic ${auth})`,
      '',
      `API reference: ${running.url}/_/docs   GraphiQL: ${running.url}/_/graphiql   everything: ${running.url}/`,
      '',
    ].join('\n') + '\n',
  );
}

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
