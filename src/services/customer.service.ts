import { randomUUID } from 'node:crypto';
import type { Customer, CustomerDraft, CustomerSignInResult } from '../../generated/openapi/client/types.gen.js';
import type { Customer as CustomerRow } from '../../generated/prisma/sqlite/client/client.js';
import type { AppServices, RequestContext } from '../context.js';
import { isoNow } from '../clock.js';
import type { TransactionRunner } from '../db/database.js';
import { translatePrismaError } from '../db/prisma-errors.js';
import { ConcurrentModificationError, RequiredFieldError, ResourceNotFoundError } from '../errors/api-error.js';
import { hashSecret, randomToken, verifySecret } from '../security/secrets.js';
import { clientLogging } from './client-logging.js';
import { customFieldsFromDraft } from './custom-fields.js';
import { addressIds, copiedFields, maskPassword, newAddresses, resolveStores, type StoreLookup } from './customer-draft.js';
import { customerUniqueRules, emailScopes, GLOBAL_SCOPE, normalizeEmail, storeKeysColumn } from './customer-email.js';

/** The API representation of a customer; `password` is only ever the masked form. */
export type CustomerDocument = Customer;

/** How a route names a customer: by id or by `key=`. */
export type CustomerSelector = { id: string } | { key: string };

type ProjectContext = Pick<RequestContext, 'projectKey'>;

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
    const addresses = newAddresses(draft.addresses ?? []);
    const ids = addressIds(draft, addresses);
    const stores = await resolveStores(ctx, draft.stores ?? [], this.storeLookup);
    const custom = customFieldsFromDraft(draft.custom);
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
    await this.write(doc, async (tx) => {
      await tx.prisma.customer.create({ data: { ...this.columns(ctx.projectKey, doc), passwordHash: passwordHash ?? null } });
      await this.insertEmailRows(tx, ctx.projectKey, doc);
    });
    return { customer: doc };
  }

  /** The customer with this id, or 404 in the platform body. */
  async get(ctx: ProjectContext, id: string): Promise<CustomerDocument> {
    const doc = await this.findById(ctx.projectKey, id);
    if (!doc) throw new ResourceNotFoundError(id);
    return doc;
  }

  /** The customer with this key, or 404 in the platform body. */
  async getByKey(ctx: ProjectContext, key: string): Promise<CustomerDocument> {
    const doc = await this.findByKey(ctx.projectKey, key);
    if (!doc) throw new ResourceNotFoundError(key, `The Resource with key '${key}' was not found.`);
    return doc;
  }

  async findById(projectKey: string, id: string): Promise<CustomerDocument | undefined> {
    const row = await this.app.db.prisma.customer.findFirst({ where: { projectKey, id } });
    return row ? toDocument(row) : undefined;
  }

  async findByKey(projectKey: string, key: string): Promise<CustomerDocument | undefined> {
    const row = await this.app.db.prisma.customer.findUnique({ where: { projectKey_key: { projectKey, key } } });
    return row ? toDocument(row) : undefined;
  }

  /** Deletes the customer if `version` is current; answers the deleted customer. */
  async delete(ctx: ProjectContext, selector: CustomerSelector, version: number): Promise<CustomerDocument> {
    const current = 'id' in selector ? await this.get(ctx, selector.id) : await this.getByKey(ctx, selector.key);
    if (current.version !== version) throw new ConcurrentModificationError(current.id, version, current.version);
    const deleted = await this.app.db.transaction(async (tx) => {
      // Explicitly, not only by the foreign key's cascade, so an e-mail is free again on every database setup.
      await tx.prisma.customerEmail.deleteMany({ where: { customerId: current.id } });
      const { count } = await tx.prisma.customer.deleteMany({ where: { projectKey: ctx.projectKey, id: current.id, version } });
      return count > 0;
    });
    if (!deleted) {
      const latest = await this.get(ctx, current.id);
      throw new ConcurrentModificationError(current.id, version, latest.version);
    }
    return current;
  }

  /**
   * The credential check of the password flows. Without `storeKey` only global customers (no
   * stores) match; with it only customers of that store. The e-mail is compared case-insensitively.
   * Answers undefined for any failure without saying which part was wrong, and always spends one
   * scrypt verification so an unknown e-mail takes as long as a wrong password.
   */
  async authenticate(ctx: ProjectContext, email: string, password: string, storeKey?: string): Promise<CustomerDocument | undefined> {
    const scopeKey = storeKey ?? GLOBAL_SCOPE;
    // '' would name the global scope; a store key is never that short, so such a call matches nobody.
    const validScope = storeKey === undefined || storeKey.length > 0;
    const entry = validScope
      ? await this.app.db.prisma.customerEmail.findUnique({
          where: { projectKey_scopeKey_emailLower: { projectKey: ctx.projectKey, scopeKey, emailLower: normalizeEmail(email) } },
          include: { customer: true },
        })
      : null;
    const hash = entry?.customer.passwordHash ?? (await this.decoyHash);
    const valid = await verifySecret(password, hash);
    return valid && entry?.customer.passwordHash ? toDocument(entry.customer) : undefined;
  }

  /** The indexed columns of a customer row, derived from the document so they cannot drift apart. */
  private columns(projectKey: string, doc: CustomerDocument) {
    return {
      id: doc.id,
      projectKey,
      key: doc.key ?? null,
      version: doc.version,
      createdAt: doc.createdAt,
      lastModifiedAt: doc.lastModifiedAt,
      email: doc.email,
      emailLower: normalizeEmail(doc.email),
      customerNumber: doc.customerNumber ?? null,
      externalId: doc.externalId ?? null,
      storeKeys: storeKeysColumn(doc.stores),
      data: doc as object,
    };
  }

  private async insertEmailRows(tx: TransactionRunner, projectKey: string, doc: CustomerDocument): Promise<void> {
    const emailLower = normalizeEmail(doc.email);
    for (const scopeKey of emailScopes(doc.stores)) {
      await tx.prisma.customerEmail.create({ data: { projectKey, scopeKey, emailLower, customerId: doc.id } });
    }
  }

  /** Runs a customer write in one transaction, with unique violations as the platform's DuplicateField. */
  private async write(doc: CustomerDocument, fn: (tx: TransactionRunner) => Promise<void>): Promise<void> {
    try {
      await this.app.db.transaction(fn);
    } catch (err) {
      throw translatePrismaError(err, customerUniqueRules(doc));
    }
  }
}

function toDocument(row: CustomerRow): CustomerDocument {
  return row.data as unknown as CustomerDocument;
}

/** Reads stores straight from their table (the store service may not be built yet). */
function defaultStoreLookup(app: AppServices): StoreLookup {
  return async (projectKey, ids, keys) =>
    app.db.prisma.store.findMany({
      where: { projectKey, OR: [{ id: { in: ids } }, { key: { in: keys } }] },
      select: { id: true, key: true },
    });
}
