import { withTransaction, type RequestContext } from '../context.js';
import type { JsonText } from '../db/json-text.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../query/index.js';
import type { DocumentAddress, DocumentRepository, NewDocument, VersionedDocument } from './document-repository.js';
import type { ActionHandlers } from './update-actions.js';

/** A document service as a view over it sees it (in-store, as-associate): its repository, queries and writes. */
export interface DocumentResource<D extends VersionedDocument, Draft, A> {
  readonly repository: DocumentRepository<D>;
  create(ctx: RequestContext, draft: Draft, expand?: readonly string[]): Promise<D>;
  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>>;
  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean>;
  update(ctx: RequestContext, at: DocumentAddress, update: { version: number; actions: readonly A[] }, expand?: readonly string[]): Promise<D>;
  delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<D>;
}

/**
 * The service of a versioned resource stored as a document: a new resource supplies its repository,
 * how a draft becomes a document, and its table of update actions; reads, queries, updates and
 * deletes are the same for every such resource (and the route factory in
 * src/http/routes/versioned-resource.routes.ts serves all of them).
 */
export abstract class DocumentService<D extends VersionedDocument, Draft, A extends { action: string }> {
  abstract readonly repository: DocumentRepository<D>;
  protected abstract readonly actions: ActionHandlers<D, A>;

  /** The resource's own fields from a validated draft (references resolved, defaults applied). */
  protected abstract fromDraft(ctx: RequestContext, draft: Draft): NewDocument<D> | Promise<NewDocument<D>>;

  async create(ctx: RequestContext, draft: Draft, expand?: readonly string[]): Promise<D> {
    return this.repository.create(ctx, await this.fromDraft(ctx, draft), expand);
  }

  /**
   * Creates the resource and, in the same transaction, what `along` writes for it (rows that let
   * the database enforce a rule across resources, e.g. unique SKUs or slugs).
   */
  protected createAlong(
    ctx: RequestContext,
    draft: Draft,
    expand: readonly string[] | undefined,
    along: (tx: RequestContext, doc: D) => Promise<void>,
  ): Promise<D> {
    return withTransaction(ctx, async (tx) => {
      const doc = await this.repository.create(tx, await this.fromDraft(tx, draft));
      await along(tx, doc);
      return this.expanded(tx, doc, expand);
    });
  }

  /** The resource written in this transaction, read again with the `expand` paths if there are any. */
  protected expanded(tx: RequestContext, doc: D, expand: readonly string[] | undefined): Promise<D> | D {
    return expand?.length ? this.repository.get(tx, { id: doc.id }, expand) : doc;
  }

  get(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<D> {
    return this.repository.get(ctx, at, expand);
  }

  getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<D | JsonText> {
    return this.repository.getForResponse(ctx, at, expand);
  }

  exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
    return this.repository.exists(ctx, at);
  }

  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>> {
    return this.repository.query(ctx, params);
  }

  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return this.repository.anyMatches(ctx, params);
  }

  update(ctx: RequestContext, at: DocumentAddress, update: { version: number; actions: readonly A[] }, expand?: readonly string[]): Promise<D> {
    return this.repository.update(ctx, at, update, this.actions, expand);
  }

  delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<D> {
    return this.repository.delete(ctx, at, version, expand);
  }
}
