import type { Context } from 'koa';
import { InvalidInputError, RequestHeaderFieldsTooLargeError } from '../../errors/api-error.js';

/** The platform blocks requests whose URL plus headers exceed about 15 KB. */
export const MAX_HEADER_BYTES = 15 * 1024;
/** Client logging records X-External-User-ID, up to 128 characters. */
const MAX_EXTERNAL_USER_ID = 128;
const BODYLESS = new Set(['GET', 'HEAD', 'DELETE']);

/** Whether the URL and headers exceed the limit; counted in bytes only when their length could. */
function headTooLarge(rawHeaders: string[], url: string): boolean {
  let chars = url.length;
  for (const h of rawHeaders) chars += h.length + 2;
  // UTF-8 takes at most three bytes per character: below a third of the limit the exact count
  // (the same as before this shortcut) cannot exceed it.
  if (chars * 3 <= MAX_HEADER_BYTES) return false;
  let total = Buffer.byteLength(url);
  for (const h of rawHeaders) total += Buffer.byteLength(h) + 2;
  return total > MAX_HEADER_BYTES;
}

/** Refuses oversized heads, bodies on methods that allow none, and protocol upgrades. */
export function checkRequestLimits(ctx: Context): void {
  // The HTTP/1 parser also accepts request lines naming HTTP/2.0 or none at all (HTTP/0.9 style);
  // the platform blocks every version it does not know.
  const version = ctx.req.httpVersion;
  if (version !== '1.1' && version !== '1.0') {
    throw new InvalidInputError(`HTTP version ${version} is not supported: use HTTP/1.1.`);
  }
  if (headTooLarge(ctx.req.rawHeaders, ctx.req.url ?? '')) {
    throw new RequestHeaderFieldsTooLargeError();
  }
  // Node's parsed headers (lower-case names) read directly: Koa's `get` lower-cases the name on every call.
  const headers = ctx.req.headers;
  if ((headers.upgrade ?? '') !== '') {
    throw new InvalidInputError('Protocol upgrades are not supported: remove the Upgrade header.');
  }
  const externalUserId = headers['x-external-user-id'];
  if (externalUserId !== undefined && externalUserId.length > MAX_EXTERNAL_USER_ID) {
    throw new InvalidInputError(`The X-External-User-ID header must not be longer than ${MAX_EXTERNAL_USER_ID} characters.`);
  }
  const length = headers['content-length'];
  const hasBody = (length !== undefined && length !== '' && length !== '0') || (headers['transfer-encoding'] ?? '') !== '';
  const method = ctx.req.method!;
  if (BODYLESS.has(method) && hasBody) {
    throw new InvalidInputError(`A ${method} request must not have a body.`);
  }
}
