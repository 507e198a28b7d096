import { ResourceNotFoundError } from '../../errors/api-error.js';
import type { Context } from 'koa';
import { normalizeQueryParams, parseQueryParams, type QueryParams, type RawQuery } from '../../query/index.js';

/** The common query parameters as the contract declares (and has already validated and typed) them. */
export interface DeclaredQuery {
  where?: string[];
  sort?: string[];
  expand?: string[];
  limit?: number;
  offset?: number;
  withTotal?: boolean;
}

/**
 * QueryParams of a query endpoint. Input variables (`var.<name>`) have free-form names that OpenAPI
 * cannot declare, so they alone are read from the raw query string (and checked by the engine).
 */
export function queryParams(query: DeclaredQuery | undefined, http: Context): QueryParams {
  const variables: RawQuery = {};
  for (const [name, value] of Object.entries(http.query)) if (name.startsWith('var.')) variables[name] = value;
  return normalizeQueryParams({ ...query, vars: parseQueryParams(variables).vars });
}

/** HEAD answers with a status only; "absent" is a 404 like every other one (its body is dropped). */
export function headResult(found: boolean): { status: number } {
  if (!found) throw new ResourceNotFoundError('', 'No resource matches.');
  return { status: 200 };
}
