import { TooManyRequestsError } from '../errors/api-error.js';
import { RateLimiter } from '../oauth/rate-limiter.js';
import { normalizeEmail } from './customer-email.js';

const WINDOW_MS = 15 * 60_000;

/** Who is signing in: the account's project and e-mail, and the address the attempt comes from. */
export interface SignInAttempt {
  projectKey: string;
  email: string;
  /** The caller's address (see RequestContext.sourceAddress); attempts without one count per account only. */
  source?: string;
}

/**
 * Failed customer sign-ins, counted once for every way in: the OAuth password flow, GraphQL
 * customerSignIn / customerSignMeIn and HTTP /login, /me/login (and their in-store forms) all hit the
 * same counters, so alternating between them gives no more guesses than one of them alone.
 *
 * Per account, keyed on (project, normalized e-mail): a store does not open a second budget, as the
 * in-store and global endpoints guess at the same address. Per source address, across accounts: one
 * address trying many e-mails (password spraying) is refused too. A success clears the account's
 * count, not the source's. In this process only (the bound across instances is the limit times the
 * number of instances), like the other limiters.
 */
export class SignInLimits {
  private readonly accounts: RateLimiter;
  private readonly sources: RateLimiter;

  constructor(config: { passwordFailureLimit: number; signInFailuresPerSource: number }, now: () => number) {
    this.accounts = new RateLimiter(config.passwordFailureLimit, WINDOW_MS, now);
    this.sources = new RateLimiter(config.signInFailuresPerSource, WINDOW_MS, now);
  }

  /** 429 TooManyRequests when the account or the source has used up its failures; checks before any password is hashed. */
  check(attempt: SignInAttempt): void {
    const accountWait = this.accounts.retryAfter(accountKey(attempt));
    if (accountWait > 0) throw new TooManyRequestsError(accountWait, 'Too many failed sign-in attempts for this account. Retry later.');
    const sourceWait = attempt.source === undefined ? 0 : this.sources.retryAfter(attempt.source);
    if (sourceWait > 0) throw new TooManyRequestsError(sourceWait, 'Too many failed sign-in attempts from this address. Retry later.');
  }

  failed(attempt: SignInAttempt): void {
    this.accounts.hit(accountKey(attempt));
    if (attempt.source !== undefined) this.sources.hit(attempt.source);
  }

  succeeded(attempt: SignInAttempt): void {
    this.accounts.reset(accountKey(attempt));
  }

  clear(): void {
    this.accounts.clear();
    this.sources.clear();
  }
}

// Keyed on the same normalization as the lookup: otherwise each Unicode spelling of one address (NFD,
// upper case) would get its own failure budget against the same account.
const accountKey = (attempt: SignInAttempt) => `${attempt.projectKey}\u0000${normalizeEmail(attempt.email)}`;
