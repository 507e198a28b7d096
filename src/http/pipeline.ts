import type { Middleware } from 'koa';
import { corsStep } from './middleware/cors.js';
import type { Logger } from '../shared/logger.js';
import { assignCorrelationId, sendCorrelationId } from './middleware/correlation-id.js';
import { renderError } from './middleware/error-handler.js';
import { checkRequestLimits } from './middleware/request-limits.js';
import { accessLog } from './middleware/request-log.js';
import { requestPath } from './request-path.js';
import type { HttpState } from './state.js';

type Step = Parameters<Middleware<HttpState>>[0];

/**
 * Every request in one pass: correlation id, edge limits, the host's service (with HOST_CHECK), then the OAuth endpoints or the API
 * dispatch; any error rendered in the platform's envelope; one access-log line with the final status.
 * The steps are plain functions called in order rather than a middleware chain, so a request pays
 * for no more closures and promises than it needs. With CORS configured, the CORS step wraps the
 * request (so error responses carry its headers too) and answers preflights itself; without it the
 * pipeline is built without the step.
 */
export function requestPipeline(
  logger: Logger,
  oauth: (ctx: Step, next: () => Promise<void>) => Promise<unknown>,
  dispatch: (ctx: Step) => Promise<void>,
  options: { corsOrigins?: readonly string[]; observe?: (ctx: Step, start: bigint) => void; checkHost?: (ctx: Step) => void } = {},
): Middleware<HttpState> {
  const { observe, checkHost } = options;
  const log = accessLog(logger);
  const handleRequest: Middleware<HttpState> = async function handleRequest(ctx) {
    const start = process.hrtime.bigint();
    try {
      assignCorrelationId(ctx);
      checkRequestLimits(ctx);
      if (checkHost) checkHost(ctx);
      if (requestPath(ctx).startsWith('/oauth/')) await oauth(ctx, () => dispatch(ctx));
      else await dispatch(ctx);
    } catch (err) {
      renderError(ctx, err, logger);
    } finally {
      sendCorrelationId(ctx);
      log(ctx, start);
      if (observe) observe(ctx, start);
    }
  };
  const cors = corsStep(options.corsOrigins ?? []);
  if (cors === undefined) return handleRequest;
  return async function handleCorsRequest(ctx) {
    const start = process.hrtime.bigint();
    let passed = false;
    // handleRequest renders its own errors, so the headers the CORS step set stay on error responses.
    await cors(ctx, () => {
      passed = true;
      return handleRequest(ctx, async () => undefined);
    });
    // A preflight answered by the CORS step gets its access-log line here.
    if (!passed) {
      log(ctx, start);
      if (observe) observe(ctx, start);
    }
  };
}
