import type { Middleware } from 'koa';
import { requestLineLogger, type Logger } from '../../logger.js';
import type { HttpState } from '../state.js';

/** One structured line per request, carrying the correlation id. Query strings and bodies are not logged. */
export function requestLog(appLogger: Logger): Middleware<HttpState> {
  const logger = requestLineLogger(appLogger);
  return async function logRequest(ctx, next) {
    const start = process.hrtime.bigint();
    try {
      await next();
    } finally {
      logger.info(
        {
          correlationId: ctx.state.correlationId,
          method: ctx.method,
          path: ctx.path,
          status: ctx.status,
          ms: Number(process.hrtime.bigint() - start) / 1e6,
          clientId: ctx.state.requestContext?.principal?.clientId,
        },
        'request',
      );
    }
  };
}
