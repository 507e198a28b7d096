import { randomUUID } from 'node:crypto';
import type { Provider, TokenEndpointGrantContext } from 'oidc-provider';
import { hasScopes } from '../../auth/authorize.js';
import { OAuthError } from '../../errors/api-error.js';
import { oauthErrors } from '../oauth-errors.js';
import { requireOAuthState } from '../request-state.js';
import { ANONYMOUS_ACCOUNT, type TokenStore } from '../token-store.js';
import { grantedScopes, issueSessionTokens, type TokenResponseBody } from './grant-helpers.js';

const ANONYMOUS_ID = /^[A-Za-z0-9_-]{1,256}$/;

/** The parameters registered with this grant beyond the provider's own (see createProvider). */
type ClientCredentialsContext = TokenEndpointGrantContext<{ anonymous_id?: string }>;

/**
 * `client_credentials`, re-registered because the built-in grant drops scopes missing from a static
 * list and ours are dynamic (`name:{projectKey}[:{storeKey}]`). On the anonymous-session endpoint the
 * same grant type opens an anonymous session: a grant for `anonymous:{id}` with a refresh token.
 */
export function clientCredentialsGrant(provider: Provider, store: TokenStore) {
  return async function clientCredentialsGrantHandler(ctx: ClientCredentialsContext): Promise<void> {
    const state = requireOAuthState(ctx);
    const scopes = grantedScopes(state.client, ctx.oidc.params.scope);
    if (state.route.kind === 'anonymous') {
      ctx.body = await anonymousSession(provider, store, ctx, state.route.projectKey, scopes);
      return;
    }
    const token = new provider.ClientCredentials({ client: ctx.oidc.client, scope: scopes.join(' ') });
    ctx.oidc.entity('ClientCredentials', token);
    const value = await token.save();
    const body: TokenResponseBody = { access_token: value, token_type: 'Bearer', expires_in: token.expiration, scope: scopes.join(' ') };
    ctx.body = body;
  };
}

async function anonymousSession(
  provider: Provider,
  store: TokenStore,
  ctx: ClientCredentialsContext,
  projectKey: string,
  scopes: string[],
): Promise<TokenResponseBody> {
  const { client } = requireOAuthState(ctx);
  if (!hasScopes(client, ['create_anonymous_token'], projectKey)) {
    throw new OAuthError(400, 'unauthorized_client', `The API client needs the scope create_anonymous_token:${projectKey} to create anonymous sessions.`);
  }
  const requested = ctx.oidc.params.anonymous_id;
  let anonymousId: string;
  if (requested !== undefined && requested !== '') {
    if (!ANONYMOUS_ID.test(requested)) throw oauthErrors.invalidRequest('Invalid parameter: anonymous_id: use 1 to 256 characters of [A-Za-z0-9_-].');
    if (!(await store.claimAnonymousId(projectKey, requested))) throw oauthErrors.anonymousIdInUse();
    anonymousId = requested;
  } else {
    anonymousId = randomUUID();
  }
  const scope = [...scopes, `anonymous_id=${anonymousId}`].join(' ');
  return issueSessionTokens(provider, ctx, `${ANONYMOUS_ACCOUNT}${anonymousId}`, scope, 'client_credentials');
}
