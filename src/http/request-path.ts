import type { Context } from 'koa';
import type { HttpState } from './state.js';

/**
 * The request's path (without the query string), worked out once per request and kept on the state.
 *
 * Why not Koa's `ctx.path` everywhere: each read goes through Koa's delegate getters and `parseurl`'s
 * cache check, and the first one builds a whole `Url` object; a GET read it five times (the pipeline,
 * the developer pages, the route match, the access log), about 2% of the instructions of a GET by id
 * (bench/instructions.ts). An origin-form target (`/…`) without a fragment is split at its
 * `?` here; anything else (absolute-form, a `#`) still goes through Koa's parser.
 */
export function requestPath(ctx: Context & { state: HttpState }): string {
  const known = ctx.state.path;
  if (known !== undefined) return known;
  const url = ctx.req.url ?? '/';
  let path: string;
  if (url.charCodeAt(0) !== 47 || url.includes('#')) path = ctx.path;
  else {
    const q = url.indexOf('?');
    path = q === -1 ? url : url.slice(0, q);
  }
  ctx.state.path = path;
  return path;
}

/** Whether the request's URL has a query string (a lone `?` counts as none, as with Koa's `querystring`). */
export function hasQueryString(ctx: Context & { state: HttpState }): boolean {
  const url = ctx.req.url ?? '';
  return url.length > requestPath(ctx).length + 1;
}
