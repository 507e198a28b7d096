import type { Context } from 'koa';
import { ApiError } from '../../errors/api-error.js';

/** The platform blocks requests whose URL plus headers exceed about 15 KB. */
export const MAX_HEADER_BYTES = 15 * 1024;
/** Client logging records X-External-User-ID, up to 128 characters. */
const MAX_EXTERNAL_USER_ID = 128;
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE']);

function headerBytes(rawHeaders: string[], url: string): number {
  let total = Buffer.byteLength(url);
  for (const h of rawHeaders) total += Buffer.byteLength(h) + 2;
  return total;
}

/** Refuses oversized heads, bodies on methods that allow none, and protocol upgrades. */
export function checkRequestLimits(ctx: Context): void {
  // The HTTP/1 parser also accepts request lines naming HTTP/2.0 or none at all (HTTP/0.9 style);
  // the platform blocks every version it does not know.
  const version = ctx.req.httpVersion;
  if (version !== '1.1' && version !== '1.0') {
    throw new ApiError(400, 'InvalidInput', `HTTP version ${version} is not supported: use HTTP/1.1.`);
  }
  if (headerBytes(ctx.req.rawHeaders, ctx.url) > MAX_HEADER_BYTES) {
    throw new ApiError(431, 'RequestHeaderFieldsTooLarge', 'The request URL and headers together exceed the limit of 15 KB.');
  }
  if (ctx.get('Upgrade') !== '') {
    throw new ApiError(400, 'InvalidInput', 'Protocol upgrades are not supported: remove the Upgrade header.');
  }
  if (ctx.get('X-External-User-ID').length > MAX_EXTERNAL_USER_ID) {
    throw new ApiError(400, 'InvalidInput', `The X-External-User-ID header must not be longer than ${MAX_EXTERNAL_USER_ID} characters.`);
  }
  const length = ctx.get('Content-Length');
  const hasBody = (length !== '' && length !== '0') || ctx.get('Transfer-Encoding') !== '';
  if (BODYLESS.has(ctx.method) && hasBody) {
    throw new ApiError(400, 'InvalidInput', `A ${ctx.method} request must not have a body.`);
  }
}
