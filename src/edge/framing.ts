import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { InvalidInputError } from '../errors/api-error.js';
import { renderHttpError } from '../errors/http-renderer.js';

/** reg-name, IPv4 or a bracketed IPv6 literal, with an optional port (RFC 3986 authority without userinfo). */
const HOST = /^(?:[A-Za-z0-9._~!$&'()*+,;=%-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Framing Node's parser lets through but a proxy in front may read differently (request smuggling,
 * RFC 9112 §6.1 and §3.2): a transfer coding other than exactly `chunked` (`identity, chunked`),
 * Transfer-Encoding on an HTTP/1.0 request, and a missing, repeated or malformed Host on HTTP/1.1.
 * Node itself refuses the rest (Content-Length with Transfer-Encoding, repeated or malformed
 * Content-Length, unknown codings, obs-fold, bare CR or LF, bad chunk sizes; see client-error.ts).
 */
export function framingProblem(req: IncomingMessage): string | undefined {
  const te = req.headers['transfer-encoding'];
  if (te !== undefined) {
    if (req.httpVersionMinor === 0) return 'Transfer-Encoding is not allowed in an HTTP/1.0 request.';
    if (te.trim().toLowerCase() !== 'chunked') return 'Transfer-Encoding must be exactly "chunked".';
  }
  if (req.httpVersionMajor === 1 && req.httpVersionMinor >= 1) {
    let hosts = 0;
    for (let i = 0; i < req.rawHeaders.length; i += 2) if (req.rawHeaders[i].toLowerCase() === 'host') hosts += 1;
    if (hosts !== 1) return 'An HTTP/1.1 request must carry exactly one Host header.';
    if (!HOST.test(req.headers.host ?? '')) return 'The Host header is not a valid host name.';
  }
  return undefined;
}

/**
 * Answers a request with faulty framing in the error envelope and closes the connection: its body
 * cannot be told apart from a next request, so nothing more is read from it.
 */
export function refuseBadFraming(req: IncomingMessage, res: ServerResponse): boolean {
  const problem = framingProblem(req);
  if (problem === undefined) return false;
  const { status, body } = renderHttpError(new InvalidInputError(problem));
  const text = JSON.stringify(body);
  res.shouldKeepAlive = false;
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    'X-Correlation-ID': `cpa-${randomUUID()}`,
    Connection: 'close',
  });
  res.end(text, () => req.socket.destroy());
  return true;
}
