/**
 * The token ceiling: node-oidc-provider as it comes, issuing client-credentials tokens with its own
 * in-memory adapter, one static client and nothing else (no database, no rate limits, no secret
 * hashing, no request log): the floor the provider sets under our token endpoint on this machine.
 * Prints `{"port"}` on its first stdout line; the client is `ceiling` / `ceiling-secret`.
 */
import '../src/oauth/provider-warnings.js';
import { createServer } from 'node:http';
import { generateKeyPairSync } from 'node:crypto';
import { Provider } from 'oidc-provider';

// The in-memory adapter is the point here; its start-up warning says so and nothing else.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (!String(args[0]).includes('in-memory adapter')) warn(...args);
};

const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });
const provider = new Provider('http://127.0.0.1', {
  clients: [
    {
      client_id: 'ceiling',
      client_secret: 'ceiling-secret',
      grant_types: ['client_credentials'],
      response_types: [],
      redirect_uris: [],
      token_endpoint_auth_method: 'client_secret_basic',
      id_token_signed_response_alg: 'ES256',
    },
  ],
  clientAuthMethods: ['client_secret_basic'],
  jwks: { keys: [{ ...signingKey, use: 'sig', kid: 'k1' }] },
  features: { devInteractions: { enabled: false }, clientCredentials: { enabled: true } },
  routes: { token: '/oauth/token' },
});
const server = createServer(provider.callback());
server.keepAliveTimeout = 65_000;
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  process.stdout.write(JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n');
});
process.once('SIGTERM', () => server.close(() => process.exit(0)));
