import type { KeyReference, ResourceIdentifier } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import { InvalidOperationError, ReferencedResourceNotFoundError } from '../../errors/api-error.js';
import type { PagedQueryResult, PredicateVariables, QueryParams, SqlFragment } from '../../query/index.js';
import { resolveStores } from '../reference-resolvers.js';
import { storeCondition } from './owner.js';
import type { DocumentAddress, DocumentRepository, VersionedDocument } from '../document-repository.js';
import { fencedWrites } from './fenced-writes.js';
import { notFound } from '../versioning.js';

/** A document that may belong to a store (a cart, a shopping list), kept in an indexed storeKey column. */
type StoreDocument = VersionedDocument & { store?: KeyReference };

/** What the in-store view needs from the resource's own service. */
interface Resource<D extends StoreDocument, Draft, U> {
  readonly repository: DocumentRepository<D>;
  create(ctx: RequestContext, draft: Draft, expand?: readonly string[]): Promise<D>;
  update(ctx: RequestContext, at: DocumentAddress, update: U, expand?: readonly string[]): Promise<D>;
  delete(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<D>;
}

/** The store of an in-store request (the router sets it from the path). */
export function storeOf(ctx: RequestContext): string {
  if (ctx.storeKey === undefined) throw new Error('an in-store operation without a store key in its path');
  return ctx.storeKey;
}

/** The documents of the request's store as a query's base condition. */
const inStoreCondition = (ctx: RequestContext): SqlFragment => storeCondition(ctx.db.dialect, storeOf(ctx));

/**
 * The documents of one store (`/{projectKey}/in-store/key={storeKey}/carts…`, `…/shopping-lists…`), for
 * the standard route factory: a document of another store, or of none, is 404 here as if it did not
 * exist, and a document created here belongs to the store (a draft naming another store is 400
 * InvalidOperation). The store is checked on the document as read; the write is conditional on the
 * version, so a document moved to another store in between is a 409, not a write past the check.
 */
export function documentsInStore<D extends StoreDocument, Draft extends { store?: ResourceIdentifier }, U>(resource: Resource<D, Draft, U>, kind: string) {
  /** The document at `at` if it belongs to the request's store; 404 otherwise. */
  const own = async (ctx: RequestContext, at: DocumentAddress): Promise<D> => {
    const doc = await resource.repository.find(ctx, at);
    if (!doc || doc.store?.key !== storeOf(ctx)) throw notFound(at);
    return doc;
  };
  return {
    async create(ctx: RequestContext, draft: Draft, expand?: readonly string[]): Promise<D> {
      const storeKey = storeOf(ctx);
      const named = draft.store;
      if (named && (named.key !== undefined ? named.key : (await resolveStores(ctx, [named], 'store'))[0].key) !== storeKey) {
        throw new InvalidOperationError(`A ${kind} created in the store '${storeKey}' cannot belong to another store.`);
      }
      return resource.create(ctx, { ...draft, store: { typeId: 'store', key: storeKey } }, expand);
    },
    async getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<D | JsonText> {
      const doc = await own(ctx, at);
      return expand?.length ? resource.repository.get(ctx, { id: doc.id }, expand) : doc;
    },
    async exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean> {
      const doc = await resource.repository.find(ctx, at);
      return doc?.store?.key === storeOf(ctx);
    },
    query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>> {
      return resource.repository.query(ctx, params, inStoreCondition(ctx));
    },
    anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
      return resource.repository.anyMatches(ctx, params, inStoreCondition(ctx));
    },
    ...fencedWrites<D, U>(own, resource),
  };
}

/** How a document is made from another (a quote request from a cart, a quote from a staged quote), with a check of that other one. */
type Make<D, Draft> = (ctx: RequestContext, draft: Draft, admit: (tx: RequestContext, source: StoreDocument) => void, expand?: readonly string[]) => Promise<D>;

/**
 * The in-store view of documents made from another document (quote requests from carts, staged quotes
 * from quote requests, quotes from staged quotes): reads, queries, updates and deletes as in
 * `documentsInStore`, and creation only from a document of the request's store, whose store the new
 * one takes (another's is 400 ReferencedResourceNotFound, as if it did not exist).
 */
export function madeInStore<D extends StoreDocument, Draft, U>(resource: Resource<D, Draft, U>, kind: string, sourceTypeId: string, make: Make<D, Draft>) {
  const view = documentsInStore(resource as unknown as Resource<D, { store?: ResourceIdentifier }, U>, kind);
  return { ...view, create: (ctx: RequestContext, draft: Draft, expand?: readonly string[]) => make(ctx, draft, ofStore(sourceTypeId), expand) };
}

/** A check that a referenced document belongs to the request's store (400 ReferencedResourceNotFound otherwise). */
export function ofStore(typeId: string): (tx: RequestContext, source: StoreDocument) => void {
  return (tx, source) => {
    if (source.store?.key !== storeOf(tx)) throw new ReferencedResourceNotFoundError(typeId, { id: source.id });
  };
}
