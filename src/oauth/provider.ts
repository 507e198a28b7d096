import './provider-warnings.js';
import { createHmac, generateKeyPairSync, randomBytes } from 'node:crypto';
import { Provider, type AdapterPayload, type KoaContextWithOIDC } from 'oidc-provider';
import { hasScopes } from '../auth/authorize.js';
import type { AppServices } from '../context.js';
import type { ApiClientRecord } from '../domains/projects/index.js';
import type { Services } from '../composition.js';
import { clientCredentialsGrant } from './grants/client-credentials.grant.js';
import { passwordGrant, type CustomerAuthenticator } from './grants/password.grant.js';
import { TokenStoreAdapter } from './token-store-adapter.js';
import { oauthState } from './request-state.js';
import { CUSTOMER_ACCOUNT, type TokenStore } from './token-store.js';

export interface ProviderDeps {
  app: AppServices;
  services: Services;
  store: TokenStore;
  customers: () => CustomerAuthenticator | undefined;
}

export interface ConfiguredProvider {
  provider: Provider;
  /**
   * The client_secret the provider compares against. API client secrets are stored only as scrypt
   * hashes, so the step in front of the provider checks the real secret (constant time) and then
   * presents this per-process HMAC of the client id instead: the plaintext never reaches the provider,
   * and the value cannot be forged from outside because that step replaces every Authorization header.
   */
  internalSecret(clientId: string): string;
  /** Refresh token inactivity lifetime of a client (seconds). */
  refreshValidity(client: ApiClientRecord): number;
}

/** Grants outlive no refresh token: they slide with them (TokenStore.slideRefreshToken). */
export const GRANT_TTL_SLACK_SECONDS = 60;

/** node-oidc-provider configured for the platform's flows, with its state in the OAuthToken table. */
export function createProvider(deps: ProviderDeps): ConfiguredProvider {
  const { app, services, store } = deps;
  const hmacKey = randomBytes(32);
  // Asked twice per token request (the request's Authorization, the client's metadata): remembered per client.
  const internalSecrets = new Map<string, string>();
  const internalSecret = (clientId: string): string => {
    let secret = internalSecrets.get(clientId);
    if (secret === undefined) {
      secret = createHmac('sha256', hmacKey).update(clientId).digest('base64url');
      if (internalSecrets.size >= 10_000) internalSecrets.clear();
      internalSecrets.set(clientId, secret);
    }
    return secret;
  };
  const accessValidity = (client: ApiClientRecord | undefined): number => client?.accessTokenValiditySeconds ?? app.config.accessTokenSeconds;
  const refreshValidity = (client: ApiClientRecord | undefined): number => client?.refreshTokenValiditySeconds ?? app.config.refreshTokenSeconds;
  const requestClient = (ctx: KoaContextWithOIDC | undefined): ApiClientRecord | undefined => oauthState(ctx)?.client;

  const metadata = (client: ApiClientRecord): AdapterPayload => ({
    client_id: client.id,
    client_secret: internalSecret(client.id),
    grant_types: ['client_credentials', 'refresh_token', 'password'],
    response_types: [],
    redirect_uris: [],
    token_endpoint_auth_method: 'client_secret_basic',
    // Matches the only signing key; no ID token is ever issued.
    id_token_signed_response_alg: 'ES256',
  });
  const projectOf = async (clientId: string): Promise<string | undefined> => (await services.apiClients.findRecord(clientId))?.projectKey;

  const signingKey = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'jwk' });

  const provider = new Provider(app.config.publicUrl, {
    adapter: (name: string) =>
      new TokenStoreAdapter(name, {
        store,
        refreshTokenCap: app.config.refreshTokenCap,
        projectOf,
        async clientMetadata(id) {
          // The client of the current request was just read and verified: no second query.
          const current = requestClient(Provider.ctx);
          const client = current?.id === id ? current : await services.apiClients.findRecord(id);
          return client ? metadata(client) : undefined;
        },
      }),
    clients: [],
    clientAuthMethods: ['client_secret_basic'],
    // Tokens are opaque, nothing is signed with it; the provider insists on having a key.
    jwks: { keys: [{ ...signingKey, use: 'sig', kid: 'k1' }] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    // Asked on every refresh: a customer that no longer exists has no account, so its refresh
    // token is refused (invalid_grant) even if a row survived a racing deletion.
    findAccount: async (ctx, sub) => {
      if (sub.startsWith(CUSTOMER_ACCOUNT)) {
        const projectKey = requestClient(ctx)?.projectKey;
        const exists =
          projectKey !== undefined && (await services.customers.findById({ projectKey, db: app.db }, sub.slice(CUSTOMER_ACCOUNT.length))) !== undefined;
        if (!exists) return undefined;
      }
      return { accountId: sub, claims: async () => ({ sub }) };
    },
    features: {
      devInteractions: { enabled: false },
      clientCredentials: { enabled: true },
      userinfo: { enabled: false },
      rpInitiatedLogout: { enabled: false },
      introspection: {
        enabled: true,
        // Own tokens always; any token of the project with introspect_oauth_tokens (or manage_project).
        async allowedPolicy(ctx, client, token) {
          if (token.clientId === client.clientId) return true;
          const caller = requestClient(ctx);
          const project = token.clientId ? await projectOf(token.clientId) : undefined;
          return caller !== undefined && project !== undefined && hasScopes(caller, ['introspect_oauth_tokens'], project);
        },
      },
      revocation: {
        enabled: true,
        allowedPolicy: (_ctx, client, token) => token.clientId === client.clientId,
      },
    },
    routes: { token: '/oauth/token', introspection: '/oauth/introspect', revocation: '/oauth/token/revoke' },
    // 192 bits → 32 characters for access tokens, 256 bits → 43 characters for refresh tokens.
    formats: { bitsOfOpaqueRandomness: (_ctx, token) => (token.kind === 'RefreshToken' || token.kind === 'Grant' ? 256 : 192) },
    ttl: {
      AccessToken: (ctx) => accessValidity(requestClient(ctx)),
      ClientCredentials: (ctx) => accessValidity(requestClient(ctx)),
      RefreshToken: (ctx) => refreshValidity(requestClient(ctx)),
      Grant: (ctx) => refreshValidity(requestClient(ctx)) + GRANT_TTL_SLACK_SECONDS,
    },
    // The platform keeps the refresh token on refresh (not re-issued) and slides its expiry instead.
    rotateRefreshToken: false,
  });
  // X-Forwarded-* are believed only from a proxy we were told to trust.
  provider.proxy = app.config.trustProxy;

  provider.registerGrantType('client_credentials', clientCredentialsGrant(provider, store), ['scope', 'anonymous_id']);
  provider.registerGrantType('password', passwordGrant(provider, deps.customers), ['username', 'password', 'scope']);

  // Errors our grants throw reach the provider as unexpected (server_error); keep the original so the
  // step in front of the provider renders it with its own status and code.
  const keep = (ctx: KoaContextWithOIDC, err: unknown): void => {
    const state = oauthState(ctx);
    if (state && state.error === undefined) state.error = err;
  };
  provider.on('server_error', keep);
  provider.on('grant.error', keep);
  provider.on('introspection.error', keep);
  provider.on('revocation.error', keep);

  return { provider, internalSecret, refreshValidity: (client) => refreshValidity(client) };
}
