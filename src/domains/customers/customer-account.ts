import type {
  CustomerChangePassword,
  CustomerCreateEmailToken,
  CustomerCreatePasswordResetToken,
  CustomerEmailVerify,
  CustomerResetPassword,
  CustomerSignin,
  MyCustomerChangePassword,
  MyCustomerDraft,
  MyCustomerSignin,
  MyCustomerUpdateAction,
  CustomerDraft,
  CustomerUpdateAction,
} from '../../../generated/openapi/client/types.gen.js';
import { withTransaction, type AppServices, type RequestContext } from '../../context.js';
import { InvalidCredentialsError, InvalidCurrentPasswordError, ResourceNotFoundError, NoCustomerInTokenError } from '../../errors/api-error.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import type { CartSignInRequest, CustomerDocument, CustomerSelector, SignInResult } from './customer-document.js';

type ProjectContext = Pick<RequestContext, 'projectKey' | 'db' | 'storeKey'>;

/** What the account flows need from the customer service (which builds them with itself). */
export interface CustomerStore {
  readonly repository: DocumentRepository<CustomerDocument>;
  create(ctx: RequestContext, draft: CustomerDraft & { anonymousCart?: { id?: string } }): Promise<SignInResult>;
  signedIn(
    ctx: RequestContext,
    customer: CustomerDocument,
    carts?: { anonymousCartId?: string; anonymousId?: string; mode?: CartSignInRequest['mode']; updateProductData?: boolean; storeKey?: string },
  ): Promise<SignInResult>;
  find(ctx: ProjectContext, selector: CustomerSelector): Promise<CustomerDocument | undefined>;
  locate(ctx: ProjectContext, selector: CustomerSelector): Promise<CustomerDocument>;
  findByEmail(ctx: ProjectContext, email: string): Promise<CustomerDocument | undefined>;
  update(ctx: RequestContext, selector: CustomerSelector, update: { version: number; actions: readonly CustomerUpdateAction[] }): Promise<CustomerDocument>;
  delete(ctx: RequestContext, selector: CustomerSelector, version: number): Promise<CustomerDocument>;
  writePassword(tx: RequestContext, current: CustomerDocument, password: string): Promise<CustomerDocument>;
  passwordMatches(ctx: ProjectContext, customerId: string, password: string): Promise<boolean>;
  authenticate(ctx: Pick<RequestContext, 'projectKey' | 'storeKey'>, email: string, password: string): Promise<CustomerDocument | undefined>;
}
import { consumeCustomerToken, issueCustomerToken, peekCustomerToken, type CustomerTokenKind, type IssuedCustomerToken } from './customer-tokens.js';
import { SignInLimits } from './sign-in-limits.js';
import { checkVersion } from '../../resources/versioning.js';

/**
 * The customer's account flows: signing in, passwords, e-mail verification and password reset
 * tokens, and the "my" operations of the signed-in customer. Part of the customer service
 * (CustomerService.account), kept in its own file for its size.
 *
 * In a store (`ctx.storeKey`, the in-store endpoints) every operation is limited to its customers.
 */
export class CustomerAccount {
  /**
   * Failed sign-ins, shared with the OAuth password flow (see sign-in-limits.ts): /me/login and
   * customerSignMeIn take storefront tokens, so without a limit they would be a password oracle.
   */
  readonly signInLimits: SignInLimits;

  constructor(
    private readonly customers: CustomerStore,
    app: Pick<AppServices, 'config' | 'db' | 'clock'>,
  ) {
    this.signInLimits = new SignInLimits(app);
  }

  /**
   * The credential check of every sign-in (this service's and the OAuth password flow's), under the
   * shared limits: 429 once the account or the caller's address has failed too often; undefined for
   * wrong credentials, counted; a success clears the account's count.
   */
  async verifyCredentials(
    ctx: Pick<RequestContext, 'projectKey' | 'sourceAddress' | 'storeKey'>,
    email: string,
    password: string,
  ): Promise<CustomerDocument | undefined> {
    const attempt = { projectKey: ctx.projectKey, email, source: ctx.sourceAddress };
    await this.signInLimits.check(attempt);
    const customer = await this.customers.authenticate(ctx, email, password);
    if (customer) await this.signInLimits.succeeded(attempt);
    else await this.signInLimits.failed(attempt);
    return customer;
  }

  /** Sign-in with e-mail and password; unknown e-mail and wrong password fail alike (InvalidCredentials). */
  async signIn(ctx: RequestContext, draft: CustomerSignin): Promise<SignInResult> {
    const customer = await this.checkCredentials(ctx, draft.email, draft.password);
    return this.customers.signedIn(ctx, customer, {
      anonymousCartId: draft.anonymousCartId ?? draft.anonymousCart?.id,
      anonymousId: draft.anonymousId,
      mode: draft.anonymousCartSignInMode,
      updateProductData: draft.updateProductData,
      storeKey: ctx.storeKey,
    });
  }

  /** Sign-in through a /me token: an anonymous session's carts and orders go to the customer. */
  async signMeIn(ctx: RequestContext, draft: MyCustomerSignin): Promise<SignInResult> {
    const customer = await this.checkCredentials(ctx, draft.email, draft.password);
    return this.customers.signedIn(ctx, customer, {
      anonymousId: ctx.principal?.anonymousId,
      mode: draft.activeCartSignInMode,
      updateProductData: draft.updateProductData,
      storeKey: ctx.storeKey,
    });
  }

  /** Sign-up through a /me token; an anonymous session's carts and orders go to the new customer. */
  signMeUp(ctx: RequestContext, draft: MyCustomerDraft): Promise<SignInResult> {
    return this.customers.create(ctx, { ...draft, anonymousId: ctx.principal?.anonymousId });
  }

  /** The customer of the token, or undefined for an anonymous session; 403 for a token of neither. */
  async me(ctx: RequestContext): Promise<CustomerDocument | undefined> {
    const principal = ctx.principal;
    if (!principal?.customerId) {
      if (principal?.anonymousId) return undefined;
      throw new NoCustomerInTokenError();
    }
    return this.customers.locate(ctx, { id: principal.customerId });
  }

  /** The customer of the token (the HTTP /me): an anonymous session has none. */
  async requireMe(ctx: RequestContext): Promise<CustomerDocument> {
    const customer = await this.me(ctx);
    if (!customer) throw new NoCustomerInTokenError();
    return customer;
  }

  updateMe(ctx: RequestContext, update: { version: number; actions: readonly MyCustomerUpdateAction[] }): Promise<CustomerDocument> {
    return this.customers.update(ctx, { id: myId(ctx) }, update);
  }

  deleteMe(ctx: RequestContext, version: number): Promise<CustomerDocument> {
    return this.customers.delete(ctx, { id: myId(ctx) }, version);
  }

  changePassword(ctx: RequestContext, request: CustomerChangePassword): Promise<CustomerDocument> {
    return withTransaction(ctx, async (tx) => {
      const current = await this.customers.locate(tx, { id: request.id });
      checkVersion(current.id, request.version, current.version);
      if (!(await this.customers.passwordMatches(tx, current.id, request.currentPassword))) throw new InvalidCurrentPasswordError();
      return this.customers.writePassword(tx, current, request.newPassword);
    });
  }

  changeMyPassword(ctx: RequestContext, request: MyCustomerChangePassword): Promise<CustomerDocument> {
    return this.changePassword(ctx, { ...request, id: myId(ctx) });
  }

  async createEmailToken(ctx: RequestContext, request: CustomerCreateEmailToken): Promise<IssuedCustomerToken> {
    return withTransaction(ctx, async (tx) => {
      const customer = await this.customers.locate(tx, { id: request.id });
      if (request.version !== undefined) checkVersion(customer.id, request.version, customer.version);
      return issueCustomerToken(tx, customer.id, 'email', request.ttlMinutes, request.invalidateOlderTokens ?? false);
    });
  }

  /** Verifies the e-mail by token (single use); `forCustomer` limits it to the signed-in customer. */
  confirmEmail(ctx: RequestContext, request: CustomerEmailVerify, forCustomer?: string): Promise<CustomerDocument> {
    return this.useToken(ctx, 'email', request.tokenValue, request.version, forCustomer, async (tx, current) => {
      if (current.isEmailVerified) return current;
      const doc = { ...structuredClone(current), isEmailVerified: true };
      await this.customers.repository.replace(tx, current, doc);
      return doc;
    });
  }

  confirmMyEmail(ctx: RequestContext, tokenValue: string): Promise<CustomerDocument> {
    return this.confirmEmail(ctx, { tokenValue }, myId(ctx));
  }

  /** A reset token for the customer with this e-mail (in the store, or global); 404 when there is none. */
  async createPasswordResetToken(ctx: RequestContext, request: CustomerCreatePasswordResetToken, defaultTtlMinutes: number): Promise<IssuedCustomerToken> {
    const customer = await this.customers.findByEmail(ctx, request.email);
    if (!customer) throw new ResourceNotFoundError('', `The Customer with the email '${request.email}' was not found.`);
    return withTransaction(ctx, (tx) =>
      issueCustomerToken(tx, customer.id, 'password', request.ttlMinutes ?? defaultTtlMinutes, request.invalidateOlderTokens ?? false),
    );
  }

  resetPassword(ctx: RequestContext, request: CustomerResetPassword): Promise<CustomerDocument> {
    return this.useToken(ctx, 'password', request.tokenValue, request.version, undefined, (tx, current) =>
      this.customers.writePassword(tx, current, request.newPassword),
    );
  }

  /** The customer a valid token names (`customer(emailToken | passwordToken)`), null when unknown. */
  async byToken(ctx: RequestContext, kind: CustomerTokenKind, value: string): Promise<CustomerDocument | undefined> {
    const customerId = await peekCustomerToken(ctx, kind, value);
    if (customerId === undefined) return undefined;
    return this.customers.find(ctx, { id: customerId });
  }

  private async checkCredentials(ctx: RequestContext, email: string, password: string): Promise<CustomerDocument> {
    const customer = await this.verifyCredentials(ctx, email, password);
    if (!customer) throw new InvalidCredentialsError();
    return customer;
  }

  /** Uses a token and writes what it authorizes in one transaction: a failed write leaves the token usable. */
  private useToken(
    ctx: RequestContext,
    kind: CustomerTokenKind,
    value: string,
    version: number | undefined,
    forCustomer: string | undefined,
    write: (tx: RequestContext, current: CustomerDocument) => Promise<CustomerDocument>,
  ): Promise<CustomerDocument> {
    return withTransaction(ctx, async (tx) => {
      const customerId = await consumeCustomerToken(tx, kind, value);
      if (forCustomer !== undefined && customerId !== forCustomer) throw new ResourceNotFoundError('', 'The token was not found for this customer.');
      const current = await this.customers.locate(tx, { id: customerId });
      if (version !== undefined) checkVersion(current.id, version, current.version);
      return write(tx, current);
    });
  }
}

function myId(ctx: RequestContext): string {
  const id = ctx.principal?.customerId;
  if (!id) throw new NoCustomerInTokenError();
  return id;
}
