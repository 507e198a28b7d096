import { randomUUID } from 'node:crypto';
import type { Context } from 'koa';
import { InvalidInputError } from '../../errors/api-error.js';
import type { HttpState } from '../state.js';

const VALID = /^[A-Za-z0-9_-]{8,256}$/;

/**
 * X-Correlation-ID: accepted when 8-256 chars of [A-Za-z0-9_-]; generated when absent. The response
 * always carries one, error responses included: `replyJson` writes it with an API answer's other
 * headers, and the pipeline sets it (`sendCorrelationId`) on every response Koa renders.
 */
export function assignCorrelationId(ctx: Context & { state: HttpState }): void {
  // Node's parsed headers directly: Koa's `get` lower-cases the name on every call.
  const supplied = (ctx.req.headers['x-correlation-id'] as string | undefined) ?? '';
  const valid = supplied !== '' && VALID.test(supplied);
  ctx.state.correlationId = valid ? supplied : `cpa-${randomUUID()}`;
  if (supplied !== '' && !valid) {
    throw new InvalidInputError(
      'Invalid X-Correlation-ID header. It may only contain alphanumeric characters, underscores and hyphens and have a length of 8 to 256 characters.',
    );
  }
}

/** The header for a response Koa renders (errors, OAuth, developer pages); `replyJson` writes its own. */
export function sendCorrelationId(ctx: Context & { state: HttpState }): void {
  if (ctx.respond !== false && !ctx.headerSent) ctx.set('X-Correlation-ID', ctx.state.correlationId);
}
