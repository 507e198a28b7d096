import type { Middleware } from 'koa';
import { ApiError } from '../../errors/api-error.js';
import { renderHttpError } from '../../errors/http-renderer.js';
import type { Logger } from '../../logger.js';
import type { HttpState } from '../state.js';

/** Renders every thrown error in the platform envelope; logs unexpected ones with the correlation id. */
export function errorHandler(logger: Logger): Middleware<HttpState> {
  return async function renderErrors(ctx, next) {
    try {
      await next();
    } catch (err) {
      const rendered = renderHttpError(err);
      if (!(err instanceof ApiError)) {
        logger.error({ correlationId: ctx.state.correlationId, err, method: ctx.method, path: ctx.path }, 'unexpected error');
      }
      ctx.status = rendered.status;
      for (const [name, value] of Object.entries(rendered.headers)) ctx.set(name, value);
      ctx.body = ctx.method === 'HEAD' ? null : rendered.body;
      if (ctx.method === 'HEAD') ctx.status = rendered.status;
    }
  };
}
