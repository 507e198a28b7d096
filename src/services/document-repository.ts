import type { ClientLogging } from '../../generated/openapi/client/types.gen.js';
import { isoNow } from '../clock.js';
import type { RequestContext } from '../context.js';
import type { PrismaClient } from '../db/database.js';
import { translatePrismaError } from '../db/prisma-errors.js';
import { ConcurrentModificationError, DuplicateFieldError, ResourceNotFoundError } from '../errors/api-error.js';
import {
  queryResources,
  resourceExists,
  type PagedQueryResult,
  type PredicateVariables,
  type QueryableResource,
  type QueryParams,
} from '../query/index.js';
import { expandDocuments } from './expansion.js';
import { applyUpdateActions, type ActionHandlers } from './update-actions.js';

/** The fields every versioned resource document has, as the API returns them. */
export interface VersionedDocument {
  id: string;
  version: number;
  key?: string;
  createdAt: string;
  lastModifiedAt: string;
  createdBy?: ClientLogging;
  lastModifiedBy?: ClientLogging;
}

/** What a service supplies on create: the resource's own fields; the repository adds the rest. */
export type NewDocument<D extends VersionedDocument> = Omit<D, keyof VersionedDocument> & { key?: string };

/** A resource addressed by id (`/{id}`) or by key (`/key={key}`). */
export type DocumentAddress = { id: string } | { key: string };

type RowFilter = { projectKey: string } & ({ id: string } | { key: string });
interface RowColumns<Key> {
  // Typed by the document's `key`, because the column is NOT NULL exactly where the resource requires a key.
  // TODO: a resource whose key can be unset (customers) needs `key: null` written when it is removed.
  key: Key;
  version: number;
  lastModifiedAt: string;
  data: object;
}

/**
 * The slice of a Prisma model delegate the repository uses. Every document table has the shared
 * columns (id, projectKey, key, version, createdAt, lastModifiedAt, data; prisma/schema.prisma),
 * so `prisma.store`, `prisma.associateRole`, ... all fit it.
 */
export interface DocumentDelegate<Key extends string | undefined> {
  findFirst(args: { where: RowFilter; select: { data: true } }): PromiseLike<{ data: unknown } | null>;
  create(args: { data: RowColumns<Key> & { id: string; projectKey: string; createdAt: string } }): PromiseLike<unknown>;
  updateMany(args: { where: { projectKey: string; id: string; version: number }; data: RowColumns<Key> }): PromiseLike<{ count: number }>;
  deleteMany(args: { where: { projectKey: string; id: string; version: number } }): PromiseLike<{ count: number }>;
}

export interface DocumentRepositoryConfig<D extends VersionedDocument> {
  /** The queryable description of the table; its `table` is also the Prisma model name. */
  resource: QueryableResource;
  /** Picks the model delegate from a client, so the repository follows the request's database handle. */
  delegate: (prisma: PrismaClient) => DocumentDelegate<D['key']>;
}

/**
 * Persistence shared by every versioned resource stored as a JSON document (stores, associate roles,
 * and the resources to come): reads by id or key on indexed columns, create with the unique key
 * enforced by the database, all-or-nothing update actions and delete under optimistic concurrency,
 * queries run by the query engine, and reference expansion of every response.
 *
 * Concurrency: the version read is re-checked by the write itself (`updateMany`/`deleteMany`
 * filtered on `version`), so of two writers holding the same version exactly one succeeds and the
 * other gets ConcurrentModification with the version it lost to.
 */
export class DocumentRepository<D extends VersionedDocument> {
  constructor(private readonly config: DocumentRepositoryConfig<D>) {}

  get resource(): QueryableResource {
    return this.config.resource;
  }

  async find(ctx: RequestContext, at: DocumentAddress): Promise<D | undefined> {
    const row = await this.delegate(ctx).findFirst({ where: { projectKey: ctx.projectKey, ...at }, select: { data: true } });
    return row ? (row.data as D) : undefined;
  }

  /** The resource, or 404 ResourceNotFound. */
  async get(ctx: RequestContext, at: DocumentAddress, expand: readonly string[] = []): Promise<D> {
    const doc = await this.find(ctx, at);
    if (!doc) throw notFound(at);
    return this.expandOne(ctx, doc, expand);
  }

  async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
    return (await this.find(ctx, at)) !== undefined;
  }

  /** Stores a new resource at version 1; a key already used in the project is 400 DuplicateField. */
  async create(ctx: RequestContext, fields: NewDocument<D>, expand: readonly string[] = []): Promise<D> {
    const now = isoNow(ctx.app.clock);
    const logging = clientLogging(ctx);
    const doc = {
      id: crypto.randomUUID(),
      version: 1,
      ...fields,
      createdAt: now,
      lastModifiedAt: now,
      ...(logging ? { createdBy: logging, lastModifiedBy: logging } : {}),
    } as D;
    try {
      await this.delegate(ctx).create({
        data: { id: doc.id, projectKey: ctx.projectKey, key: doc.key, version: doc.version, createdAt: now, lastModifiedAt: now, data: doc },
      });
    } catch (err) {
      throw translatePrismaError(err, [{ model: this.resource.table, fields: ['projectKey', 'key'], error: () => new DuplicateFieldError('key', doc.key) }]);
    }
    return this.expandOne(ctx, doc, expand);
  }

  /**
   * Applies `actions` to the resource at `version`, all or none. An update that changes nothing
   * keeps version and lastModifiedAt (spec: such an update can be skipped).
   */
  async update<A extends { action: string }>(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly A[] },
    handlers: ActionHandlers<D, A>,
    expand: readonly string[] = [],
  ): Promise<D> {
    const current = await this.versioned(ctx, at, update.version);
    const { doc, changed } = await applyUpdateActions(ctx, current, update.actions, handlers);
    if (!changed) return this.expandOne(ctx, current, expand);
    doc.version = current.version + 1;
    doc.lastModifiedAt = isoNow(ctx.app.clock);
    const logging = clientLogging(ctx);
    if (logging) doc.lastModifiedBy = logging;
    const { count } = await this.delegate(ctx).updateMany({
      where: { projectKey: ctx.projectKey, id: current.id, version: current.version },
      data: { key: doc.key, version: doc.version, lastModifiedAt: doc.lastModifiedAt, data: doc },
    });
    if (count === 0) await this.lostRace(ctx, current, update.version);
    return this.expandOne(ctx, doc, expand);
  }

  /** Deletes the resource at `version`; the response is the deleted resource. */
  async delete(ctx: RequestContext, at: DocumentAddress, version: number, expand: readonly string[] = []): Promise<D> {
    const current = await this.versioned(ctx, at, version);
    const { count } = await this.delegate(ctx).deleteMany({ where: { projectKey: ctx.projectKey, id: current.id, version: current.version } });
    if (count === 0) await this.lostRace(ctx, current, version);
    return this.expandOne(ctx, current, expand);
  }

  /** A page of resources; `where`, sorting and paging run in the database, expansion after. */
  async query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>> {
    const page = await queryResources<D>(ctx.app.db, this.resource, params, { projectKey: ctx.projectKey });
    if (params.expand.length === 0) return page;
    return { ...page, results: await expandDocuments(ctx, page.results, params.expand) };
  }

  /** HEAD on the collection: does any resource match the predicates? */
  async anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return resourceExists(ctx.app.db, this.resource, params, { projectKey: ctx.projectKey });
  }

  private delegate(ctx: RequestContext): DocumentDelegate<D['key']> {
    return this.config.delegate(ctx.app.db.prisma);
  }

  private async expandOne(ctx: RequestContext, doc: D, expand: readonly string[]): Promise<D> {
    if (expand.length === 0) return doc;
    const [expanded] = await expandDocuments(ctx, [doc], expand);
    return expanded;
  }

  /** The current resource, checked against the version the client expects. */
  private async versioned(ctx: RequestContext, at: DocumentAddress, expected: number): Promise<D> {
    const current = await this.find(ctx, at);
    if (!current) throw notFound(at);
    if (current.version !== expected) throw new ConcurrentModificationError(current.id, expected, current.version);
    return current;
  }

  /** The conditional write matched nothing: someone else changed or deleted the resource meanwhile. */
  private async lostRace(ctx: RequestContext, read: D, expected: number): Promise<never> {
    const latest = await this.find(ctx, { id: read.id });
    if (!latest) throw notFound({ id: read.id });
    throw new ConcurrentModificationError(read.id, expected, latest.version);
  }
}

function notFound(at: DocumentAddress): ResourceNotFoundError {
  return 'id' in at
    ? new ResourceNotFoundError(at.id)
    : new ResourceNotFoundError(at.key, `The Resource with key '${at.key}' was not found.`);
}

/** createdBy / lastModifiedBy (facts §12): who made the change, as far as the token says. */
function clientLogging(ctx: RequestContext): ClientLogging | undefined {
  const principal = ctx.principal;
  if (!principal) return undefined;
  const logging: ClientLogging = { clientId: principal.clientId, isPlatformClient: false };
  const externalUserId = ctx.externalUserId ?? principal.externalUserId;
  if (externalUserId !== undefined) logging.externalUserId = externalUserId;
  if (principal.customerId !== undefined) logging.customer = { typeId: 'customer', id: principal.customerId };
  if (principal.anonymousId !== undefined) logging.anonymousId = principal.anonymousId;
  return logging;
}
