import type { Context } from 'koa';
import { ApiError } from '../../errors/api-error.js';
import { renderHttpError } from '../../errors/http-renderer.js';
import type { Logger } from '../../shared/logger.js';
import type { HttpState } from '../state.js';

/** Renders a thrown error in the platform envelope; logs unexpected ones with the correlation id. */
export function renderError(ctx: Context & { state: HttpState }, err: unknown, logger: Logger): void {
  const rendered = renderHttpError(err);
  if (!(err instanceof ApiError)) {
    logger.error({ correlationId: ctx.state.correlationId, err, method: ctx.method, path: ctx.path }, 'unexpected error');
  }
  ctx.status = rendered.status;
  for (const [name, value] of Object.entries(rendered.headers)) ctx.set(name, value);
  ctx.body = ctx.method === 'HEAD' ? null : rendered.body;
  // Assigning null answers 204; a HEAD keeps the error's status, without a body.
  if (ctx.method === 'HEAD') ctx.status = rendered.status;
}
