import { newId } from '../../shared/ids.js';

import type { CustomerDraft, CustomerUpdateAction } from '../../../generated/openapi/client/types.gen.js';

import { withTransaction, type AppServices, type RequestContext } from '../../context.js';

import { isoNow } from '../../shared/clock.js';

import type { Dialect } from '../../db/sql-runner.js';

import { sql, type DialectSql } from '../../db/statements.js';
import { translateUniqueViolation } from '../../db/unique-violations.js';

import { RequiredFieldError } from '../../errors/api-error.js';

import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../../query/index.js';

import { hashSecret, randomToken, verifySecret } from '../../security/secrets.js';

import { clientLogging } from '../../resources/client-logging.js';

import { CustomerAccount } from './customer-account.js';

import { customerActions } from './customer-actions.js';

import { customerGroupLookup, type CustomerGroupLookup } from './customer-group-lookup.js';

import { deleteCustomerTokens } from './customer-tokens.js';

import { applyUpdateActions } from '../../resources/update-actions.js';

import { customFieldsFromDraft } from '../types/index.js';

import { addressIds, copiedFields, maskPassword, newAddresses } from './customer-draft.js';

import { resolveStores } from '../../resources/reference-resolvers.js';
import { assertStoreChange } from './customer-stores.js';

import { customerUniqueRules, emailScopes, GLOBAL_SCOPE, normalizeEmail, storeKeysColumn } from './customer-email.js';

import { DocumentRepository } from '../../resources/document-repository.js';

import type { CartSignIn, CartSignInRequest, CustomerDocument, CustomerEvents, CustomerSelector, SignInResult } from './customer-document.js';

import { customerResource } from '../../resources/queryable-resources.js';

import { checkVersion, notFound } from '../../resources/versioning.js';
import type { DomainEventSink } from '../../resources/domain-events.js';

export type { CartSignIn, CartSignInRequest, CustomerDocument, CustomerSelector, SignInResult } from './customer-document.js';

type ProjectContext = Pick<RequestContext, 'projectKey' | 'db' | 'storeKey'>;

const SET_PASSWORD = sql('UPDATE "Customer" SET "passwordHash" = ? WHERE "projectKey" = ? AND "id" = ?');
const INSERT_EMAIL = sql('INSERT INTO "CustomerEmail" ("projectKey", "scopeKey", "emailLower", "customerId") VALUES (?, ?, ?, ?)');
const SELECT_PASSWORD = sql('SELECT "passwordHash" FROM "Customer" WHERE "projectKey" = ? AND "id" = ?');
const DELETE_EMAILS = sql('DELETE FROM "CustomerEmail" WHERE "customerId" = ?');
const SIGN_IN = sql(
  'SELECT c."passwordHash" AS "passwordHash", c.$DATA AS "data" FROM "CustomerEmail" e JOIN "Customer" c ON c."id" = e."customerId" ' +
    'WHERE e."projectKey" = ? AND e."scopeKey" = ? AND e."emailLower" = ?',
);

/**
 * Customers of a project: sign-up, reads and queries (optionally limited to one store), update
 * actions, deletion, and the credential check of the password flows; the account flows (sign-in,
 * passwords, tokens, the signed-in customer's own operations) are in `account`
 * (customer-account.ts). The one customer service: the HTTP routes, the OAuth password grants and
 * the GraphQL customer API all go through it.
 *
 * Every write runs in one transaction together with the customer's CustomerEmail rows, so the
 * database itself rejects a duplicate e-mail in the same scope, even under concurrent sign-ups.
 * The password hash is kept in its own column; `data` holds only the masked form.
 */
export class CustomerService {
  readonly repository = new DocumentRepository<CustomerDocument>({
    resource: customerResource,
    extraColumns: {
      names: ['email', 'emailLower', 'customerNumber', 'externalId', 'storeKeys'],
      values: (doc) => ({
        email: doc.email,
        emailLower: normalizeEmail(doc.email),
        customerNumber: doc.customerNumber ?? null,
        externalId: doc.externalId ?? null,
        storeKeys: storeKeysColumn(doc.stores),
      }),
    },
    uniqueRules: (doc) => customerUniqueRules(doc),
  });

  /** A hash of a random secret, verified against when an e-mail is unknown so both paths cost one scrypt. */
  private readonly decoyHash: Promise<string>;
  private readonly customerGroups: CustomerGroupLookup = customerGroupLookup();
  private readonly actions;

  /** Sign-in, passwords, tokens and the signed-in customer's own operations. */
  readonly account: CustomerAccount;

  constructor(
    private readonly app: AppServices,
    private readonly events: DomainEventSink<CustomerEvents>,
    /** What sign-in and sign-up do with the anonymous session's cart (flows/cart-sign-in.ts); without it they answer no cart. */
    private readonly cartSignIn?: CartSignIn,
  ) {
    this.decoyHash = hashSecret(randomToken(32), app.config.passwordHashCost);
    this.actions = customerActions({ customerGroups: this.customerGroups });
    this.account = new CustomerAccount(this, app);
  }

  /**
   * Sign-up: creates the customer from a CustomerDraft and answers the CustomerSignInResult. `also`
   * runs in the same transaction, after the customer's rows (a write that must stand or fall with it).
   */
  async create(
    ctx: RequestContext,
    draft: CustomerDraft & { anonymousCart?: { id?: string } },
    also?: (tx: RequestContext, customer: CustomerDocument) => Promise<unknown>,
  ): Promise<SignInResult> {
    const authenticationMode = draft.authenticationMode ?? 'Password';
    if (authenticationMode === 'Password' && draft.password === undefined) throw new RequiredFieldError('password');
    const addresses = await newAddresses(ctx, draft.addresses ?? []);
    const ids = addressIds(draft, addresses);
    // In a store, a draft that names no stores signs up a customer of that store (the platform's rule).
    const named = draft.stores?.length ? draft.stores : ctx.storeKey !== undefined ? [{ typeId: 'store' as const, key: ctx.storeKey }] : [];
    const stores = await resolveStores(ctx, named);
    assertStoreChange(ctx, [], stores);
    const custom = await customFieldsFromDraft(ctx, 'customer', draft.custom);
    const customerGroup = draft.customerGroup ? await this.customerGroups(ctx, draft.customerGroup) : undefined;
    // ExternalAuth customers sign in elsewhere; a password given for one is not kept, so the
    // password flows can never accept it.
    const passwordHash = authenticationMode === 'Password' ? await hashSecret(draft.password!, this.app.config.passwordHashCost) : undefined;
    const now = isoNow(this.app.clock);
    const logging = clientLogging(ctx);
    const doc: CustomerDocument = {
      id: newId(),
      version: 1,
      ...copiedFields(draft),
      createdAt: now,
      lastModifiedAt: now,
      createdBy: logging,
      lastModifiedBy: logging,
      email: draft.email,
      ...(passwordHash !== undefined ? { password: maskPassword(passwordHash) } : {}),
      addresses,
      ...ids,
      isEmailVerified: draft.isEmailVerified ?? false,
      stores,
      authenticationMode,
      lastMessageSequenceNumber: 1,
      ...(customerGroup ? { customerGroup } : {}),
      ...(custom ? { custom } : {}),
    };
    // The document, its password hash and its e-mail rows are one write: a duplicate e-mail leaves no customer behind.
    await withTransaction(ctx, async (tx) => {
      await this.repository.insert(tx, doc);
      if (passwordHash !== undefined) await tx.db.executeRaw(SET_PASSWORD[tx.db.dialect], [passwordHash, ctx.projectKey, doc.id]);
      await this.insertEmailRows(tx, doc);
      if (also) await also(tx, doc);
    });
    return this.signedIn(ctx, doc, { anonymousCartId: draft.anonymousCartId ?? draft.anonymousCart?.id, anonymousId: draft.anonymousId });
  }

  /** Hands the anonymous cart and session to the carts module, when there is one (see CartSignIn). */
  async signedIn(
    ctx: RequestContext,
    customer: CustomerDocument,
    carts: { anonymousCartId?: string; anonymousId?: string; mode?: CartSignInRequest['mode']; updateProductData?: boolean; storeKey?: string } = {},
  ): Promise<SignInResult> {
    if (!this.cartSignIn) return { customer };
    const cart = await this.cartSignIn(ctx, {
      customer,
      anonymousCartId: carts.anonymousCartId,
      anonymousId: carts.anonymousId,
      mode: carts.mode ?? 'MergeWithExistingCustomerCart',
      updateProductData: carts.updateProductData ?? false,
      storeKey: carts.storeKey,
    });
    return cart === undefined ? { customer } : { customer, cart };
  }

  /** A page of customers (`where`, `sort`, paging on the query engine); in a store (`ctx.storeKey`) only its customers. */
  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<CustomerDocument>> {
    return this.repository.query(ctx, params, ctx.storeKey === undefined ? undefined : storeCondition(ctx.db.dialect, ctx.storeKey));
  }

  /** HEAD on the collection: does any customer (in a store, of that store) match the predicates? */
  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.repository.anyMatches(ctx, params, ctx.storeKey === undefined ? undefined : storeCondition(ctx.db.dialect, ctx.storeKey));
  }

  /** The customer at `selector`; in a store (`ctx.storeKey`) only if it belongs to that store. */
  async find(ctx: ProjectContext, selector: CustomerSelector): Promise<CustomerDocument | undefined> {
    const doc = await this.repository.find(ctx, selector);
    return doc && inStore(doc, ctx.storeKey) ? doc : undefined;
  }

  /** As `find`, or 404 ResourceNotFound (a customer of another store is answered as absent). */
  async locate(ctx: ProjectContext, selector: CustomerSelector): Promise<CustomerDocument> {
    const doc = await this.find(ctx, selector);
    if (!doc) throw notFound(selector);
    return doc;
  }

  /**
   * Applies update actions all or none at `version`. The e-mail rows follow the document in the same
   * transaction, so a changed e-mail or store set is checked for uniqueness by the database.
   */
  async update(
    ctx: RequestContext,
    selector: CustomerSelector,
    update: { version: number; actions: readonly CustomerUpdateAction[] },
  ): Promise<CustomerDocument> {
    return withTransaction(ctx, async (tx) => {
      const current = await this.locate(tx, selector);
      checkVersion(current.id, update.version, current.version);
      const { doc, changed } = await applyUpdateActions(tx, current, update.actions, this.actions);
      if (!changed) return current;
      const storesChanged = storeKeysColumn(doc.stores) !== storeKeysColumn(current.stores);
      if (storesChanged) assertStoreChange(tx, current.stores, doc.stores);
      await this.repository.replace(tx, current, doc);
      if (doc.email !== current.email || storesChanged) {
        await tx.db.executeRaw(DELETE_EMAILS[tx.db.dialect], [doc.id]);
        await this.insertEmailRows(tx, doc);
      }
      return doc;
    });
  }

  /**
   * Writes a new password (its hash) as the next version of `current`; the masked form in the
   * document changes with it, so readers see that the password changed.
   */
  async writePassword(tx: RequestContext, current: CustomerDocument, password: string): Promise<CustomerDocument> {
    const passwordHash = await hashSecret(password, this.app.config.passwordHashCost);
    const doc: CustomerDocument = { ...structuredClone(current), password: maskPassword(passwordHash) };
    await this.repository.replace(tx, current, doc);
    await tx.db.executeRaw(SET_PASSWORD[tx.db.dialect], [passwordHash, tx.projectKey, doc.id]);
    return doc;
  }

  /** Whether `password` is the customer's current one (always one scrypt, like sign-in). */
  async passwordMatches(ctx: ProjectContext, customerId: string, password: string): Promise<boolean> {
    const row = await ctx.db.first<{ passwordHash: string | null }>(SELECT_PASSWORD[ctx.db.dialect], [ctx.projectKey, customerId]);
    const valid = await verifySecret(password, row?.passwordHash ?? (await this.decoyHash));
    return valid && !!row?.passwordHash;
  }

  /** The customer with this e-mail in the scope of sign-in (global, or the store's). */
  async findByEmail(ctx: ProjectContext, email: string): Promise<CustomerDocument | undefined> {
    if (ctx.storeKey === '') return undefined;
    const entry = await ctx.db.first<{ data: string }>(SIGN_IN[ctx.db.dialect], [ctx.projectKey, ctx.storeKey ?? GLOBAL_SCOPE, normalizeEmail(email)]);
    return entry ? (JSON.parse(entry.data) as CustomerDocument) : undefined;
  }

  findById(ctx: ProjectContext, id: string): Promise<CustomerDocument | undefined> {
    return this.repository.find(ctx, { id });
  }

  findByKey(ctx: ProjectContext, key: string): Promise<CustomerDocument | undefined> {
    return this.repository.find(ctx, { key });
  }

  /**
   * Deletes the customer if `version` is current, with its e-mail rows and its e-mail and password
   * tokens, and as an associate of business units (`customer.deleting`, same transaction);
   * then its OAuth sessions are revoked (`customer.deleted`), so no refresh or access token of
   * the account outlives it. Everything of a customer lives in these rows, so a deletion
   * with `personalDataErasure` removes the same data (there are no messages or logs holding it).
   */
  async delete(ctx: RequestContext, selector: CustomerSelector, version: number): Promise<CustomerDocument> {
    const deleted = await withTransaction(ctx, async (tx) => {
      const current = await this.locate(tx, selector);
      checkVersion(current.id, version, current.version);
      // Explicitly, not only by the foreign key's cascade, so an e-mail is free again on every database setup.
      await tx.db.executeRaw(DELETE_EMAILS[tx.db.dialect], [current.id]);
      await deleteCustomerTokens(tx, current.id);
      await this.events.emit('customer.deleting', { tx, customer: current });
      return this.repository.delete(tx, { id: current.id }, version);
    });
    await this.events.emit('customer.deleted', { ctx, customer: deleted });
    return deleted;
  }

  /**
   * The credential check of the password flows. Outside a store (`ctx.storeKey`) only global customers (no
   * stores) match; with it only customers of that store. The e-mail is compared case-insensitively.
   * Answers undefined for any failure without saying which part was wrong, and always spends one
   * scrypt verification so an unknown e-mail takes as long as a wrong password.
   */
  async authenticate(ctx: Pick<RequestContext, 'projectKey' | 'storeKey'>, email: string, password: string): Promise<CustomerDocument | undefined> {
    const storeKey = ctx.storeKey;
    const scopeKey = storeKey ?? GLOBAL_SCOPE;
    // '' would name the global scope; a store key is never that short, so such a call matches nobody.
    const validScope = storeKey === undefined || storeKey.length > 0;
    const db = this.app.db;
    const entry = validScope
      ? await db.first<{ passwordHash: string | null; data: string }>(SIGN_IN[db.dialect], [ctx.projectKey, scopeKey, normalizeEmail(email)])
      : undefined;
    const hash = entry?.passwordHash ?? (await this.decoyHash);
    const valid = await verifySecret(password, hash);
    return valid && entry?.passwordHash ? (JSON.parse(entry.data) as CustomerDocument) : undefined;
  }

  private async insertEmailRows(ctx: RequestContext, doc: CustomerDocument): Promise<void> {
    const emailLower = normalizeEmail(doc.email);
    for (const scopeKey of emailScopes(doc.stores)) {
      try {
        await ctx.db.executeRaw(INSERT_EMAIL[ctx.db.dialect], [ctx.projectKey, scopeKey, emailLower, doc.id]);
      } catch (err) {
        throw translateUniqueViolation(err, customerUniqueRules(doc));
      }
    }
  }
}

function inStore(doc: CustomerDocument, storeKey: string | undefined): boolean {
  return storeKey === undefined || doc.stores.some((s) => s.key === storeKey);
}

/** Customers of one store, on the `storeKeys` column (`,a,b,`): a substring test, since `_` in a key would be a LIKE wildcard. */
function storeCondition(dialect: Dialect, storeKey: string): SqlFragment {
  return { sql: OF_STORE[dialect], params: [`,${storeKey},`] };
}
// The one statement whose function differs by dialect (strpos / instr), so it is written for each.
const OF_STORE: DialectSql = { postgresql: 'strpos("storeKeys", $1) > 0', sqlite: 'instr("storeKeys", ?) > 0' };
