import type { RequestContext } from '../../context.js';
import type { JsonText } from '../../db/json-text.js';
import type { PagedQueryResult, PredicateVariables, QueryParams } from '../../query/index.js';
import type { DocumentAddress } from '../../resources/document-repository.js';
import type { Handler, Handlers, HandlerResult } from '../router.js';
import { headResult, queryParams, type DeclaredQuery } from './query-input.js';
import { pathAddress } from '../../resources/versioning.js';

/** What the eleven standard operations of a versioned resource need from its service. */
export interface VersionedResourceService<D, Draft, Update> {
  /** Absent where the contract has no create (an associate's quotes: the seller makes them). */
  create?(ctx: RequestContext, draft: Draft, expand?: readonly string[]): Promise<D>;
  getForResponse(ctx: RequestContext, at: DocumentAddress, expand?: readonly string[]): Promise<D | JsonText>;
  exists(ctx: RequestContext, at: DocumentAddress): Promise<boolean>;
  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>>;
  anyMatches(ctx: RequestContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean>;
  update(ctx: RequestContext, at: DocumentAddress, update: Update, expand?: readonly string[]): Promise<D>;
  /** Absent where the contract has no delete (an associate's orders). */
  delete?(ctx: RequestContext, at: DocumentAddress, version: number, expand?: readonly string[]): Promise<D>;
}

/** The contract's operation ids of one resource's standard operations. */
export interface VersionedResourceOperations {
  query: keyof Handlers;
  exists: keyof Handlers;
  create: keyof Handlers;
  getById: keyof Handlers;
  existsById: keyof Handlers;
  updateById: keyof Handlers;
  deleteById: keyof Handlers;
  getByKey: keyof Handlers;
  existsByKey: keyof Handlers;
  updateByKey: keyof Handlers;
  deleteByKey: keyof Handlers;
}

/** The input shapes every standard operation shares (the contract's shared components guarantee them). */
interface StandardInput<Body> {
  /** By id, by key, or (orders) by order number, which the order's repository keeps as its key. */
  path: { id?: string; key?: string; orderNumber?: string };
  query?: DeclaredQuery & { version?: number };
  body: Body;
}

type StandardHandler<Body = unknown> = (
  ctx: RequestContext,
  input: StandardInput<Body>,
  http: Parameters<Handler<'getStoreById'>>[2],
) => Promise<HandlerResult>;

const address = (input: StandardInput<unknown>): DocumentAddress => pathAddress(input.path);

/**
 * The handlers of a versioned resource's standard operations — query and HEAD on the collection,
 * create, and GET/HEAD/update/delete by id and by key — from its service. A new resource maps its
 * operation ids here instead of writing eleven handlers.
 */
export function versionedResourceRoutes<D, Draft, Update, N extends Partial<VersionedResourceOperations>>(
  service: VersionedResourceService<D, Draft, Update>,
  names: N,
): Pick<Handlers, Extract<N[keyof N], keyof Handlers>> {
  const byAddress = {
    get: (async (ctx, input) => ({ body: await service.getForResponse(ctx, address(input), input.query?.expand) })) as StandardHandler,
    exists: (async (ctx, input) => headResult(await service.exists(ctx, address(input)))) as StandardHandler,
    update: (async (ctx, input) => ({ body: await service.update(ctx, address(input), input.body, input.query?.expand) })) as StandardHandler<Update>,
    delete: (async (ctx, input) => ({ body: await service.delete!(ctx, address(input), input.query!.version!, input.query?.expand) })) as StandardHandler,
  };
  const handlers: Record<keyof VersionedResourceOperations, StandardHandler<never>> = {
    query: async (ctx, input, http) => ({ body: await service.query(ctx, queryParams(input.query, http)) }),
    exists: async (ctx, input, http) => headResult(await service.anyMatches(ctx, queryParams(input.query, http))),
    create: (async (ctx, input) => ({ status: 201, body: await service.create!(ctx, input.body, input.query?.expand) })) as StandardHandler<Draft>,
    getById: byAddress.get,
    existsById: byAddress.exists,
    updateById: byAddress.update,
    deleteById: byAddress.delete,
    getByKey: byAddress.get,
    existsByKey: byAddress.exists,
    updateByKey: byAddress.update,
    deleteByKey: byAddress.delete,
  };
  // One cast at the boundary: each operation's generated input type has the StandardInput shape.
  return Object.fromEntries(
    Object.entries(names).map(([role, operationId]) => [operationId, handlers[role as keyof VersionedResourceOperations]]),
  ) as unknown as Pick<Handlers, Extract<N[keyof N], keyof Handlers>>;
}
