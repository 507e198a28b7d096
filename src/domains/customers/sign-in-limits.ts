import { TooManyRequestsError } from '../../errors/api-error.js';
import type { AppServices } from '../../context.js';
import { RateLimiter } from '../../security/rate-limiter.js';
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
 * count, not the source's. Counted in the database like every limiter, so all instances share them.
 */
export class SignInLimits {
  private readonly accounts: RateLimiter;
  private readonly sources: RateLimiter;

  constructor(app: Pick<AppServices, 'config' | 'db' | 'clock'>) {
    this.accounts = new RateLimiter(app, 'sign-in-failures', app.config.passwordFailureLimit, WINDOW_MS, { announced: true });
    this.sources = new RateLimiter(app, 'sign-in-failures-per-source', app.config.signInFailuresPerSource, WINDOW_MS, { announced: true });
  }

  /** 429 TooManyRequests when the account or the source has used up its failures; checks before any password is hashed. */
  async check(attempt: SignInAttempt): Promise<void> {
    const accountWait = await this.accounts.retryAfter(accountKey(attempt));
    if (accountWait > 0) throw new TooManyRequestsError(accountWait, 'Too many failed sign-in attempts for this account. Retry later.');
    const sourceWait = attempt.source === undefined ? 0 : await this.sources.retryAfter(attempt.source);
    if (sourceWait > 0) throw new TooManyRequestsError(sourceWait, 'Too many failed sign-in attempts from this address. Retry later.');
  }

  async failed(attempt: SignInAttempt): Promise<void> {
    await this.accounts.hit(accountKey(attempt));
    if (attempt.source !== undefined) await this.sources.hit(attempt.source);
  }

  async succeeded(attempt: SignInAttempt): Promise<void> {
    // Nothing to clear (the usual case) costs no write.
    if ((await this.accounts.check(accountKey(attempt))).count > 0) await this.accounts.reset(accountKey(attempt));
  }

  clear(): void {
    this.accounts.clear();
    this.sources.clear();
  }
}

// Keyed on the same normalization as the lookup: otherwise each Unicode spelling of one address (NFD,
// upper case) would get its own failure budget against the same account.
const accountKey = (attempt: SignInAttempt) => `${attempt.projectKey}\u0000${normalizeEmail(attempt.email)}`;
