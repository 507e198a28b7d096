/**
 * The community emulator (@labdigital/commercetools-mock, in memory) as a real HTTP server, for the
 * side-by-side benchmarks; prints `{"port"}` on its first stdout line. Authentication is on: the API
 * answers 401 without a bearer token it issued. (The emulator never checks client secrets: any
 * HTTP Basic credentials get a token.)
 */
import { CommercetoolsMock } from '@labdigital/commercetools-mock';

const mock = new CommercetoolsMock({ enableAuthentication: true, validateCredentials: true, silent: true });
// `runServer(port)` binds 0.0.0.0; the Fastify app is public, so listen on loopback only.
await mock.app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
const address = mock.app.server.address();
process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
process.once('SIGTERM', () => void mock.app.close().then(() => process.exit(0)));
