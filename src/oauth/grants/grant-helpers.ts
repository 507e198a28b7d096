import type { Provider, TokenEndpointGrantContext } from 'oidc-provider';
import { scopesBeyond, splitScopes } from '../../auth/scopes.js';
import type { ApiClientRecord } from '../../domains/projects/index.js';
import { oauthErrors } from '../oauth-errors.js';

/**
 * The scopes a token gets: the requested ones, each held by the client or implied by what it holds
 * (the may-grant rule of src/auth), or all of the client's scopes when none is requested.
 * Order follows the request (or the client).
 */
export function grantedScopes(client: ApiClientRecord, requested: string | undefined): string[] {
  const names = splitScopes(requested);
  if (names.length === 0) return [...client.scopes];
  if (scopesBeyond(client.scopes, names).length > 0) throw oauthErrors.invalidScope();
  return [...new Set(names)];
}

export interface TokenResponseBody {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/**
 * Issues a grant with an access token and a refresh token for an account (a customer or an anonymous
 * session): the shape the provider's own refresh_token grant, introspection and revocation work on.
 */
export async function issueSessionTokens(
  provider: Provider,
  ctx: TokenEndpointGrantContext,
  accountId: string,
  scope: string,
  gty: string,
): Promise<TokenResponseBody> {
  const client = ctx.oidc.client;
  const grant = new provider.Grant({ accountId, clientId: client.clientId });
  grant.addOIDCScope(scope);
  const grantId = await grant.save();
  const at = new provider.AccessToken({ accountId, client, grantId, gty, scope });
  const rt = new provider.RefreshToken({ accountId, client, grantId, gty, scope, rotations: 0 });
  ctx.oidc.entity('AccessToken', at);
  ctx.oidc.entity('RefreshToken', rt);
  const accessToken = await at.save();
  const refreshToken = await rt.save();
  return { access_token: accessToken, token_type: 'Bearer', expires_in: at.expiration, scope, refresh_token: refreshToken };
}
