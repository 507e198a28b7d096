import cors from '@koa/cors';
import type { Context, Middleware } from 'koa';

/**
 * Cross-origin access for browser storefronts (what the password and anonymous token flows are for),
 * through @koa/cors. `origins` is CORS_ORIGINS split on commas: exact origins, or `*` for any. An empty
 * list builds nothing, so a server without CORS pays nothing per request.
 */
export function corsStep(origins: readonly string[]): Middleware | undefined {
  if (origins.length === 0) return undefined;
  const any = origins.includes('*');
  const allowed = new Set(origins);
  return cors({
    // An origin not in the list gets no CORS headers: the browser then refuses the response.
    origin: (ctx: Context) => {
      const origin = ctx.get('Origin');
      return any ? '*' : allowed.has(origin) ? origin : '';
    },
    allowMethods: 'GET,HEAD,POST,DELETE,OPTIONS',
    // Bearer tokens, not cookies: credentials stay off, so `*` is safe to offer.
    credentials: false,
    exposeHeaders: ['X-Correlation-ID', 'Retry-After', 'Content-Length'],
    maxAge: 600,
  });
}
