import { randomUUID } from 'node:crypto';
import type { Customer, CustomerDraft, CustomerSignInResult } from '../../generated/openapi/client/types.gen.js';
import { withTransaction, type AppServices, type RequestContext } from '../context.js';
import { isoNow } from '../clock.js';
import { list, sql } from '../db/statements.js';
import { translateUniqueViolation } from '../db/unique-violations.js';
import { RequiredFieldError } from '../errors/api-error.js';
import { hashSecret, randomToken, verifySecret } from '../security/secrets.js';
import { clientLogging } from './client-logging.js';
import { customFieldsFromDraft } from './custom-fields.js';
import { addressIds, copiedFields, maskPassword, newAddresses, resolveStores, type StoreLookup } from './customer-draft.js';
import { customerUniqueRules, emailScopes, GLOBAL_SCOPE, normalizeEmail, storeKeysColumn } from './customer-email.js';
import { DocumentRepository, type DocumentAddress } from './document-repository.js';
import { customerResource } from './queryable-resources.js';
import { notFound } from './versioning.js';

/** The API representation of a customer; `password` is only ever the masked form. */
export type CustomerDocument = Customer;

/** How a route names a customer: by id or by `key=`. */
export type CustomerSelector = DocumentAddress;

type ProjectContext = Pick<RequestContext, 'projectKey' | 'db'>;

const SET_PASSWORD = sql('UPDATE "Customer" SET "passwordHash" = ? WHERE "projectKey" = ? AND "id" = ?');
const INSERT_EMAIL = sql('INSERT INTO "CustomerEmail" ("projectKey", "scopeKey", "emailLower", "customerId") VALUES (?, ?, ?, ?)');
const DELETE_EMAILS = sql('DELETE FROM "CustomerEmail" WHERE "customerId" = ?');
const SIGN_IN = sql(
  'SELECT c."passwordHash" AS "passwordHash", c.$DATA AS "data" FROM "CustomerEmail" e JOIN "Customer" c ON c."id" = e."customerId" ' +
    'WHERE e."projectKey" = ? AND e."scopeKey" = ? AND e."emailLower" = ?',
);

/**
 * Customers of a project: sign-up, reads, deletion and the credential check of the password
 * flows. The one customer service: the HTTP routes, the OAuth password grants and the GraphQL
 * customer API all go through it.
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

  constructor(
    private readonly app: AppServices,
    private readonly storeLookup: StoreLookup = defaultStoreLookup(app),
  ) {
    this.decoyHash = hashSecret(randomToken(32));
  }

  /** Sign-up: creates the customer from a CustomerDraft and answers the CustomerSignInResult. */
  async create(ctx: RequestContext, draft: CustomerDraft): Promise<CustomerSignInResult> {
    const authenticationMode = draft.authenticationMode ?? 'Password';
    if (authenticationMode === 'Password' && draft.password === undefined) throw new RequiredFieldError('password');
    const addresses = await newAddresses(ctx, draft.addresses ?? []);
    const ids = addressIds(draft, addresses);
    const stores = await resolveStores(ctx, draft.stores ?? [], this.storeLookup);
    const custom = await customFieldsFromDraft(ctx, 'customer', draft.custom);
    // ExternalAuth customers sign in elsewhere; a password given for one is not kept, so the
    // password flows can never accept it.
    const passwordHash = authenticationMode === 'Password' ? await hashSecret(draft.password!) : undefined;
    const now = isoNow(this.app.clock);
    const logging = clientLogging(ctx);
    const doc: CustomerDocument = {
      id: randomUUID(),
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
      ...(custom ? { custom } : {}),
    };
    // The document, its password hash and its e-mail rows are one write: a duplicate e-mail leaves no customer behind.
    await withTransaction(ctx, async (tx) => {
      await this.repository.insert(tx, doc);
      if (passwordHash !== undefined) await tx.db.executeRaw(SET_PASSWORD[tx.db.dialect], [passwordHash, ctx.projectKey, doc.id]);
      await this.insertEmailRows(tx, doc);
    });
    return { customer: doc };
  }

  /** The customer with this id, or 404 in the platform body. */
  async get(ctx: ProjectContext, id: string): Promise<CustomerDocument> {
    const doc = await this.findById(ctx, id);
    if (!doc) throw notFound({ id });
    return doc;
  }

  /** The customer with this key, or 404 in the platform body. */
  async getByKey(ctx: ProjectContext, key: string): Promise<CustomerDocument> {
    const doc = await this.findByKey(ctx, key);
    if (!doc) throw notFound({ key });
    return doc;
  }

  findById(ctx: ProjectContext, id: string): Promise<CustomerDocument | undefined> {
    return this.repository.find(ctx, { id });
  }

  findByKey(ctx: ProjectContext, key: string): Promise<CustomerDocument | undefined> {
    return this.repository.find(ctx, { key });
  }

  /** Deletes the customer if `version` is current, with its e-mail rows; answers the deleted customer. */
  async delete(ctx: RequestContext, selector: CustomerSelector, version: number): Promise<CustomerDocument> {
    return withTransaction(ctx, async (tx) => {
      const current = await this.repository.versioned(tx, selector, version);
      // Explicitly, not only by the foreign key's cascade, so an e-mail is free again on every database setup.
      await tx.db.executeRaw(DELETE_EMAILS[tx.db.dialect], [current.id]);
      return this.repository.delete(tx, { id: current.id }, version);
    });
  }

  /**
   * The credential check of the password flows. Without `storeKey` only global customers (no
   * stores) match; with it only customers of that store. The e-mail is compared case-insensitively.
   * Answers undefined for any failure without saying which part was wrong, and always spends one
   * scrypt verification so an unknown e-mail takes as long as a wrong password.
   */
  async authenticate(ctx: Pick<RequestContext, 'projectKey'>, email: string, password: string, storeKey?: string): Promise<CustomerDocument | undefined> {
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

/** Reads stores straight from their table (the store service may not be built yet). */
function defaultStoreLookup(app: AppServices): StoreLookup {
  return async (projectKey, ids, keys) => {
    if (ids.length === 0 && keys.length === 0) return [];
    const db = app.db;
    const statement = sql(`SELECT "id", "key" FROM "Store" WHERE "projectKey" = ? AND ("id" IN (${list(ids.length)}) OR "key" IN (${list(keys.length)}))`);
    return db.rows<{ id: string; key: string }>(statement[db.dialect], [projectKey, ...ids, ...keys]);
  };
}
