import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp, type App } from './app.js';
import { systemClock, type Clock } from './clock.js';
import type { Config } from './config.js';
import { openDatabase } from './db/database.js';
import { answerClientError } from './http/client-error.js';
import { createLogger, type Logger } from './logger.js';
import { listen } from './listen.js';
import { listenMetrics } from './metrics/metrics.js';
import type { AppServices } from './context.js';
import { startCartRetention } from './services/cart-retention.js';

export interface RunningServer {
  url: string;
  app: App;
  services: AppServices;
  server: Server;
  /** `http://host:port/metrics` when METRICS_PORT is set. */
  metricsUrl?: string;
  /** Stops accepting connections, lets in-flight requests finish, then closes the database. */
  close(): Promise<void>;
}

/** Opens the database, builds the app and listens. Used by main.ts, the tests and the benchmarks. */
export async function startServer(config: Config, opts: { clock?: Clock; logger?: Logger } = {}): Promise<RunningServer> {
  const logger = opts.logger ?? createLogger(config.logLevel);
  const db = await openDatabase(config.databaseUrl);
  const services: AppServices = { config, db, logger, clock: opts.clock ?? systemClock };
  let app: App;
  try {
    app = await createApp(services);
  } catch (err) {
    await db.close();
    throw err;
  }
  // Our own limit (15 KB, rendered in the platform body) must trip before Node's 16 KB default.
  const server = createServer({ maxHeaderSize: 64 * 1024 }, app.koa.callback());
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  let metricsListener: Awaited<ReturnType<typeof listenMetrics>> | undefined;
  try {
    await listen(server, config.port, config.host);
    if (app.metrics && config.metricsPort !== undefined) metricsListener = await listenMetrics(app.metrics, config.metricsHost, config.metricsPort);
  } catch (err) {
    server.close();
    await app.oauth.close();
    await db.close();
    throw err;
  }
  const stopCartRetention = startCartRetention(services, { intervalMs: config.cartRetentionIntervalMs, maxCartsPerProject: config.maxCartsPerProject });
  const { port } = server.address() as AddressInfo;
  const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`;
  let closing: Promise<void> | undefined;
  return {
    url,
    app,
    services,
    server,
    metricsUrl: metricsListener?.url,
    close() {
      closing ??= (async () => {
        stopCartRetention();
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
        await db.close();
      })();
      return closing;
    },
  };
}
