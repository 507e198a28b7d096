import type { Context } from 'koa';
import type { ApiClientRecord } from '../domains/projects/index.js';

/** Which of the platform's token endpoints a request came in on (they all end at the provider's one). */
export type TokenRoute =
  | { kind: 'token' }
  | { kind: 'customers'; projectKey: string; storeKey?: string }
  | { kind: 'anonymous'; projectKey: string }
  | { kind: 'introspect' }
  | { kind: 'revoke' };

/**
 * What the step in front of the provider learned about a request, left on `ctx.state.oauth` for the
 * grants, the adapter and the ttl functions (which reach the Koa context through `Provider.ctx`).
 */
export interface OAuthRequestState {
  route: TokenRoute;
  /** The client, already authenticated against its hashed secret. */
  client: ApiClientRecord;
  /** Parameters as received (refresh tokens still carrying their `{projectKey}:` prefix). */
  params: Record<string, string>;
  /** An error a grant threw: the provider renders it as server_error, we render it ourselves. */
  error?: unknown;
}

export function oauthState(ctx: Context | undefined): OAuthRequestState | undefined {
  return (ctx?.state as { oauth?: OAuthRequestState } | undefined)?.oauth;
}

export function requireOAuthState(ctx: Context): OAuthRequestState {
  const state = oauthState(ctx);
  if (!state) throw new Error('OAuth request state missing: the provider was reached without the client step');
  return state;
}

export function setOAuthState(ctx: Context, state: OAuthRequestState): void {
  (ctx.state as { oauth?: OAuthRequestState }).oauth = state;
}
