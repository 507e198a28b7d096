import { createServer as createHttpsServer, type Server as HttpsServer, type ServerOptions } from 'node:https';
import type { RequestListener } from 'node:http';
import type { Socket } from 'node:net';
import type { SecureContextOptions } from 'node:tls';
import { answerPlainConnection } from './plain-http.js';
import { tlsServerOptions } from './tls-options.js';

/** The first byte of every TLS record carrying a handshake (ClientHello included). */
const TLS_HANDSHAKE = 0x16;

/**
 * The HTTPS listener. Each connection's first byte decides: a TLS handshake goes on to TLS and the
 * app; anything else is plain HTTP on the HTTPS port and gets the platform's 404 page, on every
 * attempt (spec, "What the service does" 7).
 */
export function createEdgeServer(credentials: SecureContextOptions, httpOptions: ServerOptions, listener: RequestListener): HttpsServer {
  const server = createHttpsServer({ ...httpOptions, ...tlsServerOptions(credentials) }, listener);
  // The TLS server's own 'connection' step starts the handshake; it runs only after the first byte said TLS.
  const startTls = server.listeners('connection') as ((socket: Socket) => void)[];
  server.removeAllListeners('connection');
  server.on('connection', function detectTls(socket: Socket) {
    // A connection that never says anything is not kept open forever.
    const idle = setTimeout(() => socket.destroy(), 10_000);
    socket.once('error', () => socket.destroy());
    socket.once('close', () => clearTimeout(idle));
    socket.once('data', (first: Buffer) => {
      clearTimeout(idle);
      socket.pause();
      // Handed back: TLS reads what is buffered on the socket before reading the socket itself.
      socket.unshift(first);
      if (first[0] === TLS_HANDSHAKE) {
        for (const start of startTls) start.call(server, socket);
      } else {
        answerPlainConnection(socket);
        socket.resume();
      }
    });
  });
  return server;
}

/** Replaces certificate and key for new connections (SIGHUP); open connections keep theirs. */
export function reloadCredentials(server: HttpsServer, credentials: SecureContextOptions): void {
  server.setSecureContext(tlsServerOptions(credentials));
}
