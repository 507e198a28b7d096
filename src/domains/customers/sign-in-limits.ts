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
 * From all addresses together an account takes this many times the failures one address may make
 * before it is refused to everyone: a stranger at one address can no longer lock a customer out with
 * a handful of wrong passwords, and guessing from many addresses is still bounded.
 */
const ACCOUNT_CEILING_FACTOR = 10;

/**
 * Failed customer sign-ins, counted once for every way in: the OAuth password flow, GraphQL
 * customerSignIn / customerSignMeIn and HTTP /login, /me/login (and their in-store forms) all hit the
 * same counters, so alternating between them gives no more guesses than one of them alone.
 *
 * Per account and source address, keyed on (project, normalized e-mail, address): a store does not
 * open a second budget, as the in-store and global endpoints guess at the same address, and an address
 * that used up its failures is refused for that account while the customer at another address still
 * signs in. Per account across addresses, a ceiling ACCOUNT_CEILING_FACTOR times higher refuses
 * everyone: the bound on guessing from many addresses. Per source address, across accounts: one
 * address trying many e-mails (password spraying) is refused too. A success clears the account's
 * counts, not the source's. Counted in the database like every limiter, so all instances share them.
 */
export class SignInLimits {
  private readonly accountsFromSource: RateLimiter;
  private readonly accounts: RateLimiter;
  private readonly sources: RateLimiter;

  constructor(app: Pick<AppServices, 'config' | 'db' | 'clock'>) {
    const perAccount = app.config.passwordFailureLimit;
    this.accountsFromSource = new RateLimiter(app, 'sign-in-failures-per-account-source', perAccount, WINDOW_MS, { announced: true });
    this.accounts = new RateLimiter(app, 'sign-in-failures-per-account', perAccount * ACCOUNT_CEILING_FACTOR, WINDOW_MS, { announced: true });
    this.sources = new RateLimiter(app, 'sign-in-failures-per-source', app.config.signInFailuresPerSource, WINDOW_MS, { announced: true });
  }

  /** 429 TooManyRequests when the account (from this address, or from all) or the source has used up its failures; checks before any password is hashed. */
  async check(attempt: SignInAttempt): Promise<void> {
    const accountWait = Math.max(await this.accountsFromSource.retryAfter(accountSourceKey(attempt)), await this.accounts.retryAfter(accountKey(attempt)));
    if (accountWait > 0) throw new TooManyRequestsError(accountWait, 'Too many failed sign-in attempts for this account. Retry later.');
    const sourceWait = attempt.source === undefined ? 0 : await this.sources.retryAfter(attempt.source);
    if (sourceWait > 0) throw new TooManyRequestsError(sourceWait, 'Too many failed sign-in attempts from this address. Retry later.');
  }

  async failed(attempt: SignInAttempt): Promise<void> {
    await this.accountsFromSource.hit(accountSourceKey(attempt));
    await this.accounts.hit(accountKey(attempt));
    if (attempt.source !== undefined) await this.sources.hit(attempt.source);
  }

  async succeeded(attempt: SignInAttempt): Promise<void> {
    // Nothing to clear (the usual case) costs no write.
    if ((await this.accountsFromSource.check(accountSourceKey(attempt))).count > 0) await this.accountsFromSource.reset(accountSourceKey(attempt));
    if ((await this.accounts.check(accountKey(attempt))).count > 0) await this.accounts.reset(accountKey(attempt));
  }

  clear(): void {
    this.accountsFromSource.clear();
    this.accounts.clear();
    this.sources.clear();
  }
}

// Keyed on the same normalization as the lookup: otherwise each Unicode spelling of one address (NFD,
// upper case) would get its own failure budget against the same account.
const accountKey = (attempt: SignInAttempt) => `${attempt.projectKey}\u0000${normalizeEmail(attempt.email)}`;
const accountSourceKey = (attempt: SignInAttempt) => `${accountKey(attempt)}\u0000${attempt.source ?? ''}`;
