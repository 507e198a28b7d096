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

/** A name a plain query parameter may give a predicate variable under (what `var.<name>` allows). */
const PLAIN_VARIABLE = /^[a-zA-Z0-9]+$/;

/**
 * QueryParams of a query endpoint. Input variables have free-form names that OpenAPI cannot declare,
 * so they alone are read from the raw query string (and checked by the engine). A variable `:name`
 * takes its value from `var.name`, else from a plain parameter `name`, as the platform accepts and
 * its SDK's examples send (`{ where: 'customerId = :customerId', customerId }`). The engine reads
 * only the variables a predicate names, so other parameters offered this way are never used.
 */
export function queryParams(query: DeclaredQuery | undefined, http: Context): QueryParams {
  const variables: RawQuery = {};
  for (const [name, value] of Object.entries(http.query)) {
    if (name.startsWith('var.')) variables[name] = value;
    else if (PLAIN_VARIABLE.test(name) && !Object.hasOwn(http.query, `var.${name}`)) variables[`var.${name}`] = value;
  }
  return normalizeQueryParams({ ...query, vars: parseQueryParams(variables).vars });
}

/** HEAD answers with a status only; "absent" is a 404 like every other one (its body is dropped). */
export function headResult(found: boolean): { status: number } {
  if (!found) throw new ResourceNotFoundError('', 'No resource matches.');
  return { status: 200 };
}
