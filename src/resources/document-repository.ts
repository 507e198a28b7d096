import { newId } from '../shared/ids.js';
import type { ClientLogging } from '../../generated/openapi/client/types.gen.js';
import { isoNow } from '../shared/clock.js';
import type { RequestContext } from '../context.js';
import { DocumentTable } from '../db/document-table.js';
import { JsonText } from '../db/json-text.js';
import { translateUniqueViolation, type UniqueRule } from '../db/unique-violations.js';
import { DuplicateFieldError } from '../errors/api-error.js';
import {
  normalizeQueryParams,
  QUERY_LIMITS,
  queryResources,
  resourceExists,
  type PagedQueryResult,
  type PredicateVariables,
  type QueryableResource,
  type QueryParams,
  type SqlFragment,
} from '../query/index.js';
import { clientLogging } from './client-logging.js';
import { expandDocuments } from './expansion.js';
import { applyUpdateActionsTo, type ActionHandlers } from './update-actions.js';
import { checkVersion, lostRace, notFound, type DocumentAddress } from './versioning.js';

export type { DocumentAddress } from './versioning.js';

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

export interface DocumentRepositoryConfig<D extends VersionedDocument> {
  /** The queryable description of the table; its `table` names the table. */
  resource: QueryableResource;
  /** The table's own indexed columns besides the standard ones, derived from the document. */
  extraColumns?: { names: readonly string[]; values: (doc: D) => Record<string, unknown> };
  /**
   * The field the table's unique `key` column holds (default `key`): orders keep their `orderNumber`
   * there, so it is unique in the project and `{ key }` addresses an order by its number.
   */
  keyField?: string;
  /** Unique constraints of the table besides (projectKey, key), with the platform error each means. */
  uniqueRules?: (doc: D) => UniqueRule[];
  /**
   * Expansions of the resource's own fields that are not references (e.g. a shopping list's
   * `lineItems[*].variant`); they answer expanded copies and run before reference expansion.
   */
  expandFields?: (ctx: RequestContext, docs: readonly D[], paths: readonly string[]) => Promise<D[]>;
  /**
   * Fields derived from other resources, set on the document just before each write of it (a new
   * resource or a new version): a product's discounted prices.
   */
  beforeWrite?: (ctx: RequestContext, doc: D) => Promise<void>;
}

/**
 * Persistence shared by every versioned resource stored as a JSON document: reads by id or key on
 * indexed columns, create with the unique key enforced by the database, all-or-nothing update
 * actions and delete under optimistic concurrency, queries run by the query engine (optionally
 * narrowed by a base condition, e.g. what an associate may see), and reference expansion.
 *
 * Every statement runs on `ctx.db`, so a service that wraps several writes in withTransaction gets
 * them committed together.
 */
export class DocumentRepository<D extends VersionedDocument> {
  private readonly table: DocumentTable;

  constructor(private readonly config: DocumentRepositoryConfig<D>) {
    const extra = config.extraColumns?.names ?? [];
    this.table = new DocumentTable(config.resource.table, ['key', 'version', 'lastModifiedAt', ...extra, 'data']);
  }

  get resource(): QueryableResource {
    return this.config.resource;
  }

  find(ctx: Pick<RequestContext, 'db' | 'projectKey'>, at: DocumentAddress): Promise<D | undefined> {
    return this.table.read<D>(ctx.db, ctx.projectKey, at);
  }

  /** The resources of those ids that exist, read in one statement (in no particular order). */
  findMany(ctx: Pick<RequestContext, 'db' | 'projectKey'>, ids: readonly string[]): Promise<D[]> {
    return this.table.readMany<D>(ctx.db, ctx.projectKey, ids);
  }

  /** The resource, or 404 ResourceNotFound. */
  async get(ctx: RequestContext, at: DocumentAddress, expand: readonly string[] = []): Promise<D> {
    const doc = await this.find(ctx, at);
    if (!doc) throw notFound(at);
    return this.expandOne(ctx, doc, expand);
  }

  /**
   * The resource as the response body. Without expansion it is the stored JSON text as is: a read
   * neither parses nor re-serializes the document.
   */
  async getForResponse(ctx: RequestContext, at: DocumentAddress, expand: readonly string[] = []): Promise<D | JsonText> {
    if (expand.length > 0) return this.get(ctx, at, expand);
    const text = await this.table.readText(ctx.db, ctx.projectKey, at);
    if (text === undefined) throw notFound(at);
    return new JsonText(text);
  }

  async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
    return (await this.table.readText(ctx.db, ctx.projectKey, at)) !== undefined;
  }

  /** Stores a new resource at version 1; a key already used in the project is 400 DuplicateField. */
  async create(ctx: RequestContext, fields: NewDocument<D>, expand: readonly string[] = []): Promise<D> {
    const now = isoNow(ctx.app.clock);
    const logging = ctx.principal ? clientLogging(ctx) : undefined;
    const doc = {
      id: newId(),
      version: 1,
      ...fields,
      createdAt: now,
      lastModifiedAt: now,
      ...(logging ? { createdBy: logging, lastModifiedBy: logging } : {}),
    } as D;
    await this.insert(ctx, doc);
    return this.expandOne(ctx, doc, expand);
  }

  /** Inserts a complete document (for services that build their own, e.g. customers). */
  async insert(ctx: RequestContext, doc: D): Promise<void> {
    if (this.config.beforeWrite) await this.config.beforeWrite(ctx, doc);
    const text = JSON.stringify(doc);
    try {
      await this.table.insert(ctx.db, { id: doc.id, projectKey: ctx.projectKey, createdAt: doc.createdAt, ...this.columnValues(doc, text) });
    } catch (err) {
      throw translateUniqueViolation(err, this.uniqueRules(doc));
    }
    ctx.db.knownVersions?.remember(ctx.db, this.config.resource.table, ctx.projectKey, doc.id, doc.version, text);
  }

  /**
   * Applies `actions` to the resource at `version`, all or none. An update that changes nothing
   * keeps version and lastModifiedAt (spec: such an update can be skipped).
   *
   * By id, and at the version this instance last wrote, it starts from that text instead of reading
   * the row (db/known-versions.ts): the write is conditional on the version anyway, and an update that
   * writes nothing confirms the version in the database before it answers, so the answer is the one
   * a fresh read would have given.
   */
  async update<A extends { action: string }>(
    ctx: RequestContext,
    at: DocumentAddress,
    update: { version: number; actions: readonly A[] },
    handlers: ActionHandlers<D, A>,
    expand: readonly string[] = [],
  ): Promise<D> {
    const known = 'id' in at ? ctx.db.knownVersions?.recall(ctx.db, this.config.resource.table, ctx.projectKey, at.id, update.version) : undefined;
    const text = known ?? (await this.table.readText(ctx.db, ctx.projectKey, at));
    if (text === undefined) throw notFound(at);
    // One parse gives the copy the actions change; `current` keeps what the write is conditional on.
    const doc = JSON.parse(text) as D;
    const current = { id: doc.id, version: doc.version };
    let before = known;
    if (before === undefined) {
      checkVersion(current.id, update.version, current.version);
      before = JSON.stringify(doc);
      ctx.db.knownVersions?.remember(ctx.db, this.config.resource.table, ctx.projectKey, current.id, current.version, before);
    }
    let changed: boolean;
    try {
      changed = await applyUpdateActionsTo(ctx, doc, before, update.actions, handlers);
    } catch (err) {
      if (known !== undefined) await this.confirmVersion(ctx, current);
      throw err;
    }
    if (changed) await this.replace(ctx, current, doc);
    else if (known !== undefined) await this.confirmVersion(ctx, current);
    return this.expandOne(ctx, doc, expand);
  }

  /**
   * Writes `doc` as the next version of `current`, if nobody wrote in between (else 409). Stamps
   * version, lastModifiedAt and lastModifiedBy.
   */
  async replace(ctx: RequestContext, current: Pick<D, 'id' | 'version'>, doc: D): Promise<void> {
    if (this.config.beforeWrite) await this.config.beforeWrite(ctx, doc);
    doc.version = current.version + 1;
    doc.lastModifiedAt = isoNow(ctx.app.clock);
    if (ctx.principal) doc.lastModifiedBy = clientLogging(ctx);
    const text = JSON.stringify(doc);
    let written: boolean;
    try {
      written = await this.table.updateIfVersion(ctx.db, ctx.projectKey, current.id, current.version, this.columnValues(doc, text));
    } catch (err) {
      throw translateUniqueViolation(err, this.uniqueRules(doc));
    }
    if (!written) {
      ctx.db.knownVersions?.forget(this.config.resource.table, ctx.projectKey, current.id);
      await lostRace(current.id, current.version, () => this.table.currentVersion(ctx.db, ctx.projectKey, current.id));
    }
    ctx.db.knownVersions?.remember(ctx.db, this.config.resource.table, ctx.projectKey, doc.id, doc.version, text);
  }

  /** The resource is still at `current.version` in the database (else 409, or 404 if it is gone). */
  private async confirmVersion(ctx: RequestContext, current: Pick<D, 'id' | 'version'>): Promise<void> {
    const latest = await this.table.currentVersion(ctx.db, ctx.projectKey, current.id);
    if (latest === current.version) return;
    ctx.db.knownVersions?.forget(this.config.resource.table, ctx.projectKey, current.id);
    await lostRace(current.id, current.version, async () => latest);
  }

  /** Deletes the resource at `version`; the response is the deleted resource. */
  async delete(ctx: RequestContext, at: DocumentAddress, version: number, expand: readonly string[] = []): Promise<D> {
    const current = await this.versioned(ctx, at, version);
    const deleted = await this.table.deleteIfVersion(ctx.db, ctx.projectKey, current.id, current.version);
    ctx.db.knownVersions?.forget(this.config.resource.table, ctx.projectKey, current.id);
    if (!deleted) await lostRace(current.id, version, () => this.table.currentVersion(ctx.db, ctx.projectKey, current.id));
    return this.expandOne(ctx, current, expand);
  }

  /** A page of resources; `where`, sorting and paging run in the database, expansion after. */
  async query(ctx: RequestContext, params: QueryParams, base?: SqlFragment): Promise<PagedQueryResult<D>> {
    const page = await queryResources<D>(ctx.db, this.resource, params, { projectKey: ctx.projectKey, base });
    if (params.expand.length === 0) return page;
    return { ...page, results: await this.expand(ctx, page.results, params.expand) };
  }

  /**
   * Calls `visit` with every resource matching the predicates, a page at a time in id order, so the
   * walk is not bounded by the query offset limit. `visit` may replace or delete the resource it is given.
   */
  async forEachMatch(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }, visit: (doc: D) => Promise<void>): Promise<void> {
    let after = '';
    for (;;) {
      const page = normalizeQueryParams({
        where: [...params.where, 'id > :afterId'],
        vars: { ...params.vars, afterId: [after] },
        sort: ['id asc'],
        limit: QUERY_LIMITS.maxLimit,
        withTotal: false,
      });
      const { results } = await this.query(ctx, page);
      for (const doc of results) await visit(doc);
      if (results.length < QUERY_LIMITS.maxLimit) return;
      after = results[results.length - 1].id;
    }
  }

  /** HEAD on the collection: does any resource match the predicates? */
  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }, base?: SqlFragment): Promise<boolean> {
    return resourceExists(ctx.db, this.resource, params, { projectKey: ctx.projectKey, base });
  }

  /** The current resource, checked against the version the client expects. */
  async versioned(ctx: RequestContext, at: DocumentAddress, expected: number): Promise<D> {
    const current = await this.find(ctx, at);
    if (!current) throw notFound(at);
    checkVersion(current.id, expected, current.version);
    return current;
  }

  /** Copies of `docs` with the `paths` expanded: the resource's own expansions, then references. */
  async expand(ctx: RequestContext, docs: readonly D[], paths: readonly string[]): Promise<D[]> {
    if (paths.length === 0) return [...docs];
    const own = this.config.expandFields ? await this.config.expandFields(ctx, docs, paths) : docs;
    return expandDocuments(ctx, own, paths);
  }

  private expandOne(ctx: RequestContext, doc: D, expand: readonly string[]): Promise<D> | D {
    if (expand.length === 0) return doc;
    return this.expand(ctx, [doc], expand).then(([expanded]) => expanded);
  }

  /** `text`: the document as JSON, serialized once for the write and what this instance remembers of it. */
  private columnValues(doc: D, text: string): Record<string, unknown> {
    return {
      key: this.keyOf(doc) ?? null,
      version: doc.version,
      lastModifiedAt: doc.lastModifiedAt,
      ...this.config.extraColumns?.values(doc),
      data: new JsonText(text),
    };
  }

  private keyOf(doc: D): string | undefined {
    return (doc as unknown as Record<string, string | undefined>)[this.config.keyField ?? 'key'];
  }

  private uniqueRules(doc: D): UniqueRule[] {
    return [
      { model: this.resource.table, fields: ['projectKey', 'key'], error: () => new DuplicateFieldError(this.config.keyField ?? 'key', this.keyOf(doc)) },
      ...(this.config.uniqueRules?.(doc) ?? []),
    ];
  }
}
