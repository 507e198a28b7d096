import Koa from 'koa';
import type { HttpState } from './state.js';

type Ctx = Koa.ParameterizedContext<HttpState>;
type Run = (ctx: Ctx) => Promise<void>;

/** Koa's own request handling (not in its type declarations): status 404, on-finished, the middleware, then its response. */
const koaHandleRequest = (Koa.prototype as unknown as { handleRequest(this: Koa<HttpState>, ctx: Ctx, run: Run): Promise<void> }).handleRequest;

/**
 * Koa, less one per-request step the API's answers do not use. For every request Koa's
 * `handleRequest` adds on-finished listeners to the response and its socket (and removes them when
 * it ends), only to hand a connection error to `ctx.onerror`, which here logs it at debug level.
 * That costs ~6 µs of CPU per request, a sixth of a bare Koa answer on this machine (bench/notes.md). API answers are written by `replyJson` (`ctx.respond = false`), so for them the step
 * is skipped; any other answer (errors, HEAD, bodiless statuses, the OAuth endpoints, the developer
 * pages) still goes through Koa's own handling, on-finished and `respond` included.
 */
export class ApiKoa extends Koa<HttpState> {
  handleRequest(ctx: Ctx, run: Run): Promise<void> {
    const res = ctx.res;
    res.statusCode = 404;
    return run(ctx)
      .then(() => {
        if (ctx.respond === false) return undefined;
        // Koa's path starts again at 404 and runs the middleware, which has run already: put back the status it set.
        const status = res.statusCode;
        return koaHandleRequest.call(this, ctx, () => {
          res.statusCode = status;
          return Promise.resolve();
        });
      })
      .catch((err: Error) => ctx.onerror(err));
  }
}
