import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** What the platform answers to a plain-HTTP request (spec: "HTTP (not HTTPS) connection → 404 with an HTML body"). */
export const PLAIN_HTTP_BODY =
  '<html>\r\n<head><title>404 Not Found</title></head>\r\n<body>\r\n<center><h1>404 Not Found</h1></center>\r\n</body>\r\n</html>\r\n';

const RESPONSE =
  'HTTP/1.1 404 Not Found\r\n' +
  'Content-Type: text/html\r\n' +
  `Content-Length: ${Buffer.byteLength(PLAIN_HTTP_BODY)}\r\n` +
  'Connection: close\r\n\r\n' +
  PLAIN_HTTP_BODY;

/** Longest head read before answering anyway; the answer is the same whatever was sent. */
const MAX_HEAD = 16 * 1024;

/**
 * Answers a connection that did not start a TLS handshake on the HTTPS port: the 404 page, then
 * close. The request is not parsed (nothing in it can change the answer), only read up to the end of
 * its head, so a client that writes its whole request first reads the answer rather than a reset.
 */
export function answerPlainConnection(socket: Socket): void {
  let seen = '';
  const answer = () => {
    socket.off('data', onData);
    socket.end(RESPONSE);
    // Whatever the client still sends is read and dropped until it closes its side.
    socket.resume();
  };
  const onData = (chunk: Buffer) => {
    seen = (seen + chunk.toString('latin1')).slice(-MAX_HEAD);
    if (seen.includes('\r\n\r\n') || seen.includes('\n\n') || seen.length >= MAX_HEAD) answer();
  };
  socket.on('data', onData);
  socket.once('end', () => {
    if (socket.writable) answer();
  });
  socket.on('error', () => socket.destroy());
  socket.setTimeout(10_000, () => socket.destroy());
}

/**
 * Behind a TLS-terminating proxy (TRUST_PROXY): a request the proxy received over plain HTTP gets the
 * same 404 page. Returns true when it answered.
 */
export function refusePlainForwarded(req: IncomingMessage, res: ServerResponse): boolean {
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = (Array.isArray(forwarded) ? forwarded[0] : (forwarded ?? '')).split(',')[0].trim().toLowerCase();
  if (proto === 'https') return false;
  res.writeHead(404, { 'Content-Type': 'text/html', 'Content-Length': Buffer.byteLength(PLAIN_HTTP_BODY) });
  res.end(PLAIN_HTTP_BODY);
  return true;
}
