import { randomUUID } from 'node:crypto';
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { InvalidInputError, RequestHeaderFieldsTooLargeError, RequestTimeoutError } from '../errors/api-error.js';
import { renderHttpError } from '../errors/http-renderer.js';

/** Node's HTTP parser error codes that mean "the head is too large". */
const TOO_LARGE = new Set(['HPE_HEADER_OVERFLOW']);

/**
 * Requests Node's HTTP parser refuses before the app sees them (broken chunked framing, a NUL in a
 * header, an over-long head, conflicting framing headers) are answered in the platform's error
 * envelope with a correlation id, then the connection is closed: a parser error leaves the byte
 * stream in an unknown state, so nothing more can be read from it safely.
 */
export function answerClientError(err: Error & { code?: string }, socket: Duplex): void {
  // A response already under way (the app is answering) or a socket the peer has gone from: close it.
  const inProgress = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === 'ECONNRESET' || !socket.writable || inProgress) {
    socket.destroy();
    return;
  }
  const error = TOO_LARGE.has(err.code ?? '')
    ? new RequestHeaderFieldsTooLargeError()
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
      ? new RequestTimeoutError()
      : new InvalidInputError('The request is not valid HTTP/1.1 and cannot be processed.');
  const { status, body } = renderHttpError(error);
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? ''}\r\n` +
      `Content-Type: application/json; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(text)}\r\n` +
      `X-Correlation-ID: cpa-${randomUUID()}\r\n` +
      `Connection: close\r\n\r\n${text}`,
  );
}
