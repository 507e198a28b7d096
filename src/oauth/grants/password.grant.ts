import type { Provider, TokenEndpointGrantContext } from 'oidc-provider';
import { GeneralError, TooManyRequestsError } from '../../errors/api-error.js';
import type { RateLimiter } from '../../security/rate-limiter.js';
import { normalizeEmail } from '../../services/customer-email.js';
import { oauthErrors } from '../oauth-errors.js';
import { requireOAuthState } from '../request-state.js';
import { CUSTOMER_ACCOUNT } from '../token-store.js';
import { grantedScopes, issueSessionTokens } from './grant-helpers.js';

/** What the password flow needs from the customer service (src/services/customer.service.ts). */
export interface CustomerAuthenticator {
  authenticate(ctx: { projectKey: string }, email: string, password: string, storeKey?: string): Promise<{ id: string } | undefined>;
}

/**
 * `password` on `/oauth/{projectKey}[/in-store/key={storeKey}]/customers/token`: a customer signs in
 * with e-mail and password through an API client. Failed attempts are counted per account so a
 * password cannot be guessed by brute force; a success clears the count.
 */
export function passwordGrant(provider: Provider, customers: () => CustomerAuthenticator | undefined, failures: RateLimiter) {
  return async function passwordGrantHandler(ctx: TokenEndpointGrantContext<{ username?: string; password?: string }>): Promise<void> {
    const state = requireOAuthState(ctx);
    if (state.route.kind !== 'customers') throw oauthErrors.unsupportedGrantType('password');
    const { projectKey, storeKey } = state.route;
    const { username, password } = ctx.oidc.params;
    if (!username) throw oauthErrors.missingParameter('username');
    if (!password) throw oauthErrors.missingParameter('password');
    const scopes = grantedScopes(state.client, ctx.oidc.params.scope);
    // Keyed on the same normalization as the lookup: otherwise each Unicode spelling of one address
    // (NFD, upper case) would get its own failure budget against the same account.
    const account = `${projectKey}\u0000${storeKey ?? ''}\u0000${normalizeEmail(username)}`;
    const attempt = await failures.check(account);
    if (attempt.retryAfter > 0) throw new TooManyRequestsError(attempt.retryAfter, 'Too many failed sign-in attempts for this account. Retry later.');
    const service = customers();
    if (!service) throw new GeneralError('Customer sign-in is not available.');
    const customer = await service.authenticate({ projectKey }, username, password, storeKey);
    if (!customer) {
      await failures.hit(account);
      throw oauthErrors.invalidCustomerCredentials();
    }
    // Nothing to clear (the usual case) costs no write.
    if (attempt.count > 0) await failures.reset(account);
    const scope = [...scopes, `customer:${customer.id}`].join(' ');
    ctx.body = await issueSessionTokens(provider, ctx, `${CUSTOMER_ACCOUNT}${customer.id}`, scope, 'password');
  };
}
