import { createServer, type Server } from 'node:http';
import type { Context } from 'koa';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import { PostgresDatabase } from '../db/postgres-driver.js';
import type { Database } from '../db/database.js';
import type { HttpState } from '../http/state.js';
import { listen } from '../listen.js';
import { oauthState } from '../oauth/request-state.js';

type Koa = Context & { state: HttpState };

export interface CacheStats {
  hits: number;
  misses: number;
}

export interface Metrics {
  registry: Registry;
  /** Called once per answered request, after the access-log line. */
  observe(ctx: Koa, start: bigint): void;
}

const FIXED_OAUTH = new Set(['/oauth/token', '/oauth/introspect', '/oauth/token/revoke']);
const PROJECT_OAUTH = /^\/oauth\/[^/]+\/(in-store\/key=[^/]+\/)?(customers|anonymous)\/token$/;

/** A bounded label for the request's route: its path template, never the path itself (ids, keys). */
function routeOf(ctx: Koa): string {
  if (ctx.state.route) return ctx.state.route;
  const path = ctx.path;
  if (FIXED_OAUTH.has(path)) return path;
  const m = PROJECT_OAUTH.exec(path);
  if (m) return `/oauth/{projectKey}/${m[1] ? 'in-store/key={storeKey}/' : ''}${m[2]}/token`;
  return 'unmatched';
}

/**
 * The server's Prometheus metrics (prom-client, in a registry of its own so several servers can
 * share a process): requests by route and status, latency, tokens issued, the database pool,
 * cache hit counts, and the process's own (event loop, memory, GC).
 */
export function createMetrics(db: Database, caches: Record<string, CacheStats>): Metrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: 'cpa_' });
  const requests = new Counter({
    name: 'cpa_http_requests_total',
    help: 'HTTP requests answered, by method, route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'cpa_http_request_duration_seconds',
    help: 'Time from receiving a request to answering it, by method and route template',
    labelNames: ['method', 'route'],
    buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });
  const tokens = new Counter({
    name: 'cpa_oauth_tokens_issued_total',
    help: 'Access tokens issued, by grant type',
    labelNames: ['grant_type'],
    registers: [registry],
  });
  new Counter({
    name: 'cpa_cache_lookups_total',
    help: 'In-process cache lookups, by cache and result (hit or miss)',
    labelNames: ['cache', 'result'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [cache, stats] of Object.entries(caches)) {
        this.labels(cache, 'hit').inc(stats.hits);
        this.labels(cache, 'miss').inc(stats.misses);
      }
    },
  });
  if (db instanceof PostgresDatabase) {
    new Gauge({
      name: 'cpa_db_pool_connections',
      help: 'PostgreSQL pool connections: total open, idle, and requests waiting for one',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const { total, idle, waiting } = db.poolStats();
        this.labels('total').set(total);
        this.labels('idle').set(idle);
        this.labels('waiting').set(waiting);
      },
    });
  }
  return {
    registry,
    observe(ctx, start) {
      const route = routeOf(ctx);
      const seconds = Number(process.hrtime.bigint() - start) / 1e9;
      requests.labels(ctx.method, route, String(ctx.status)).inc();
      duration.labels(ctx.method, route).observe(seconds);
      if (ctx.status === 200 && route.startsWith('/oauth/') && route.endsWith('/token')) {
        const grantType = oauthState(ctx)?.params.grant_type;
        if (grantType) tokens.labels(grantType).inc();
      }
    },
  };
}

/** The metrics on a listener of their own (METRICS_PORT), off the API's origin: `GET /metrics`. */
export async function listenMetrics(metrics: Metrics, host: string, port: number): Promise<{ server: Server; url: string }> {
  const server = createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found: GET /metrics\n');
      return;
    }
    metrics.registry.metrics().then(
      (text) => res.writeHead(200, { 'Content-Type': metrics.registry.contentType }).end(text),
      () => res.writeHead(500).end(),
    );
  });
  await listen(server, port, host);
  const address = server.address() as { port: number };
  return { server, url: `http://${host.includes(':') ? `[${host}]` : host}:${address.port}/metrics` };
}
