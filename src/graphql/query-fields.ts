import type { RequestContext } from '../context.js';
import { InvalidInputError, ResourceNotFoundError } from '../errors/api-error.js';
import { normalizeQueryParams, type PagedQueryResult, type QueryParams } from '../query/index.js';
import type { DocumentAddress } from '../resources/document-repository.js';
import type { Services } from '../composition.js';
import type { GraphQLContext } from './context.js';

/*
 * The read fields of a resource over its service, as the platform's schema names them: `x(id, key)`
 * answers the resource or null, `xs(where, sort, limit, offset)` answers its QueryResult. A resource
 * whose service has `get` and `query` (every DocumentService does) gets both in two lines:
 *
 *   Query: {
 *     category: lookupField((s) => s.categories),
 *     categories: queryField((s) => s.categories),
 *   }
 *
 * plus the two fields in its graphql/<domain>.graphql and their scopes in field-scopes.ts.
 */

/** The query arguments every `xs` field takes. */
export interface QueryArgs {
  where?: string | null;
  sort?: readonly string[] | null;
  limit?: number | null;
  offset?: number | null;
}

/** The platform's QueryResult: `total` is always there (GraphQL has no withTotal). */
export function queryResult<D>(page: PagedQueryResult<D>): { offset: number; count: number; total: number; results: D[] } {
  return { ...page, total: page.total ?? page.count };
}

/** Null instead of 404 for a lookup field, as the platform's GraphQL answers an unknown id or key. */
export async function orNull<T>(lookup: Promise<T>): Promise<T | null> {
  try {
    return await lookup;
  } catch (err) {
    if (err instanceof ResourceNotFoundError) return null;
    throw err;
  }
}

/** `x(id, key)`: exactly one of them must be given (400 InvalidInput otherwise). */
export function selector(args: { id?: string | null; key?: string | null }): DocumentAddress {
  if ((args.id == null) === (args.key == null)) throw new InvalidInputError('Exactly one of id or key must be given.');
  return args.id != null ? { id: args.id } : { key: args.key! };
}

interface Queryable<D> {
  query(ctx: RequestContext, params: QueryParams): Promise<PagedQueryResult<D>>;
}
interface Gettable<D> {
  get(ctx: RequestContext, at: DocumentAddress): Promise<D>;
}

/** The resolver of `xs(where, sort, limit, offset)` over `select(services).query`. */
export function queryField<D>(select: (services: Services) => Queryable<D>) {
  return async (_root: unknown, args: QueryArgs, { ctx, services }: GraphQLContext) =>
    queryResult(await select(services).query(ctx, normalizeQueryParams(args)));
}

/** The resolver of `x(id, key)` over `select(services).get`. */
export function lookupField<D>(select: (services: Services) => Gettable<D>) {
  return (_root: unknown, args: { id?: string | null; key?: string | null }, { ctx, services }: GraphQLContext) =>
    orNull(select(services).get(ctx, selector(args)));
}
