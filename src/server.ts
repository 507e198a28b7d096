import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from './app.js';
import { systemClock, type Clock } from './shared/clock.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { openInvalidationBus } from './db/invalidation-bus.js';
import { createEdgeServer, reloadCredentials } from './edge/https-server.js';
import { refuseBadFraming } from './edge/framing.js';
import { deploymentHosts, hostChecker } from './edge/hosts.js';
import { refusePlainForwarded } from './edge/plain-http.js';
import { readCredentials } from './edge/tls-options.js';
import { answerClientError } from './http/client-error.js';
import { createLogger, flushLogger, type Logger } from './shared/logger.js';
import { listen } from './listen.js';
import { listenMetrics } from './metrics/metrics.js';
import type { AppServices } from './context.js';
import { cartRetention, shoppingListRetention, startRetention } from './flows/retention.js';
import type { Server as HttpsServer } from 'node:https';

export interface RunningServer {
  url: string;
  app: App;
  services: AppServices;
  server: Server;
  /** `http://host:port/metrics` when METRICS_PORT is set. */
  metricsUrl?: string;
  /** Reads the TLS certificate and key files again (SIGHUP); new connections use them. No-op with PLAIN_HTTP. */
  reloadCertificate(): void;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, builds the app and listens. Used by main.ts, the tests and the benchmarks. */
export async function startServer(config: Config, opts: { clock?: Clock; logger?: Logger } = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = await openDatabase(config.databaseUrl);
  const invalidations = await openInvalidationBus(db, logger);
  const services: AppServices = { config, db, logger, clock: opts.clock ?? systemClock, invalidations };
  let app: App;
  try {
    app = await createApp(services);
  } catch (err) {
    await invalidations.close();
    await db.close();
    throw err;
  }
  let server: Server;
  try {
    server = createListener(config, app.koa.callback());
  } catch (err) {
    await app.oauth.close();
    await invalidations.close();
    await db.close();
    throw err;
  }
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  let metricsListener: Awaited<ReturnType<typeof listenMetrics>> | undefined;
  try {
    await listen(server, config.port, config.host);
    if (app.metrics && config.metricsPort !== undefined) metricsListener = await listenMetrics(app.metrics, config.metricsHost, config.metricsPort);
  } catch (err) {
    server.close();
    await app.oauth.close();
    await invalidations.close();
    await db.close();
    throw err;
  }
  const stopRetention = startRetention(
    services,
    [cartRetention(config.maxCartsPerProject), shoppingListRetention(config.maxShoppingListsPerProject)],
    config.retentionIntervalMs,
  );
  const { port } = server.address() as AddressInfo;
  const url = `${config.plainHttp ? 'http' : 'https'}://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    app,
    services,
    server,
    metricsUrl: metricsListener?.url,
    reloadCertificate() {
      if (!config.plainHttp) reloadCredentials(server as HttpsServer, readCredentials(config.tlsCertFile!, config.tlsKeyFile!));
    },
    close() {
      closing ??= (async () => {
        stopRetention();
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => server.closeAllConnections(), config.shutdownGraceMs);
          // A keep-alive connection whose request finishes during the grace period turns idle
          // afterwards; close those as they appear rather than waiting out the whole grace period.
          const sweep = setInterval(() => server.closeIdleConnections(), 50);
          server.close(() => {
            clearTimeout(timer);
            clearInterval(sweep);
            resolve();
          });
          server.closeIdleConnections();
        });
        metricsListener?.server.close();
        await app.oauth.close();
        await invalidations.close();
        await db.close();
        // The access lines of the last requests are still in memory (logger.ts).
        flushLogger(logger);
      })();
      return closing;
    },
  };
}

/**
 * HTTPS (the default; plain HTTP on its port gets the 404 page) or, with PLAIN_HTTP, plain HTTP; with
 * TRUST_PROXY too, a request the proxy did not receive over HTTPS gets the same 404 page.
 */
function createListener(config: Config, handle: (req: IncomingMessage, res: ServerResponse) => unknown): Server {
  // Our own limit (15 KB, rendered in the platform body) must trip before Node's 16 KB default.
  // Host is checked by refuseBadFraming (Node's own check answers 400 without the envelope).
  const options = { maxHeaderSize: 64 * 1024, requireHostHeader: false };
  const checkHost = config.hostCheck ? hostChecker(deploymentHosts(config), config.trustProxy) : undefined;
  const framed = checkHost
    ? (req: IncomingMessage, res: ServerResponse) => refuseBadFraming(req, res) || checkHost(req, res) || handle(req, res)
    : (req: IncomingMessage, res: ServerResponse) => refuseBadFraming(req, res) || handle(req, res);
  if (config.plainHttp) {
    const listener = config.trustProxy ? (req: IncomingMessage, res: ServerResponse) => refusePlainForwarded(req, res) || framed(req, res) : framed;
    return createServer(options, listener);
  }
  if (!config.tlsCertFile || !config.tlsKeyFile)
    throw new Error('HTTPS needs TLS_CERT_FILE and TLS_KEY_FILE (or PLAIN_HTTP=true behind a TLS-terminating proxy)');
  return createEdgeServer(readCredentials(config.tlsCertFile, config.tlsKeyFile), options, framed) as unknown as Server;
}
