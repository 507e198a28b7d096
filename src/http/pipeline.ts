import type { Middleware } from 'koa';
import type { Logger } from '../logger.js';
import { assignCorrelationId } from './middleware/correlation-id.js';
import { renderError } from './middleware/error-handler.js';
import { checkRequestLimits } from './middleware/request-limits.js';
import { accessLog } from './middleware/request-log.js';
import type { HttpState } from './state.js';

type Step = Parameters<Middleware<HttpState>>[0];

/**
 * Every request in one pass: correlation id, edge limits, then the OAuth endpoints or the API
 * dispatch; any error rendered in the platform's envelope; one access-log line with the final status.
 * The steps are plain functions called in order rather than a middleware chain, so a request pays
 * for no more closures and promises than it needs.
 */
export function requestPipeline(
  logger: Logger,
  oauth: (ctx: Step, next: () => Promise<void>) => Promise<unknown>,
  dispatch: (ctx: Step) => Promise<void>,
): Middleware<HttpState> {
  const log = accessLog(logger);
  return async function handleRequest(ctx) {
    const start = process.hrtime.bigint();
    try {
      assignCorrelationId(ctx);
      checkRequestLimits(ctx);
      if (ctx.path.startsWith('/oauth/')) await oauth(ctx, () => dispatch(ctx));
      else await dispatch(ctx);
    } catch (err) {
      renderError(ctx, err, logger);
    } finally {
      log(ctx, start);
    }
  };
}
