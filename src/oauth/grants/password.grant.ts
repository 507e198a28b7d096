import type { Provider, TokenEndpointGrantContext } from 'oidc-provider';
import { GeneralError } from '../../errors/api-error.js';
import { oauthErrors } from '../oauth-errors.js';
import { requireOAuthState } from '../request-state.js';
import { CUSTOMER_ACCOUNT } from '../token-store.js';
import { grantedScopes, issueSessionTokens } from './grant-helpers.js';

/** What the password flow needs from the customer service (CustomerAccount in src/domains/customers/customer-account.ts). */
export interface CustomerAuthenticator {
  /** Counts failures in the limits every sign-in shares; 429 (TooManyRequestsError) past them. */
  /** In a store (`ctx.storeKey`: the in-store token endpoint) only that store's customers sign in. */
  verifyCredentials(
    ctx: { projectKey: string; sourceAddress?: string; storeKey?: string },
    email: string,
    password: string,
  ): Promise<{ id: string } | undefined>;
}

/**
 * `password` on `/oauth/{projectKey}[/in-store/key={storeKey}]/customers/token`: a customer signs in
 * with e-mail and password through an API client. Failed attempts count in the limits shared with
 * every other sign-in (per account and per source address; src/domains/customers/sign-in-limits.ts).
 */
export function passwordGrant(provider: Provider, customers: () => CustomerAuthenticator | undefined) {
  return async function passwordGrantHandler(ctx: TokenEndpointGrantContext<{ username?: string; password?: string }>): Promise<void> {
    const state = requireOAuthState(ctx);
    if (state.route.kind !== 'customers') throw oauthErrors.unsupportedGrantType('password');
    const { projectKey, storeKey } = state.route;
    const { username, password } = ctx.oidc.params;
    if (!username) throw oauthErrors.missingParameter('username');
    if (!password) throw oauthErrors.missingParameter('password');
    const scopes = grantedScopes(state.client, ctx.oidc.params.scope);
    const service = customers();
    if (!service) throw new GeneralError('Customer sign-in is not available.');
    // ctx.ip: the socket address, or with TRUST_PROXY the trusted proxy's last X-Forwarded-For entry.
    const customer = await service.verifyCredentials({ projectKey, sourceAddress: ctx.ip, storeKey }, username, password);
    if (!customer) throw oauthErrors.invalidCustomerCredentials();
    const scope = [...scopes, `customer:${customer.id}`].join(' ');
    ctx.body = await issueSessionTokens(provider, ctx, `${CUSTOMER_ACCOUNT}${customer.id}`, scope, 'password');
  };
}
