import { InvalidInputError } from '../errors/api-error.js';
import type { PredicateVariables } from './predicate-checker.js';

/** The common query parameters of every query endpoint, validated. */
export interface QueryParams {
  where: string[];
  vars: PredicateVariables;
  sort: string[];
  expand: string[];
  limit: number;
  offset: number;
  withTotal: boolean;
}

export const QUERY_LIMITS = {
  defaultLimit: 20,
  maxLimit: 500,
  maxOffset: 10000,
  /** `total` is capped here when a predicate is given, so counting stays bounded. */
  maxTotalWithPredicate: 10000,
} as const;

export type RawQuery = Record<string, string | string[] | undefined>;

const VARIABLE_PARAM = /^var[.][a-zA-Z0-9]+$/;

/** Reads the query parameters of an HTTP query endpoint (repeatable ones may come as arrays). */
export function parseQueryParams(query: RawQuery): QueryParams {
  const vars: PredicateVariables = {};
  for (const [name, value] of Object.entries(query)) {
    if (!name.startsWith('var.')) continue;
    if (!VARIABLE_PARAM.test(name)) {
      throw new InvalidInputError(`Malformed parameter: ${name}: Variable names must match ^var[.][a-zA-Z0-9]+$.`);
    }
    vars[name.slice('var.'.length)] = list(value);
  }
  return normalizeQueryParams({
    where: list(query.where),
    vars,
    sort: list(query.sort),
    expand: list(query.expand),
    limit: parseInteger('limit', single('limit', query.limit)),
    offset: parseInteger('offset', single('offset', query.offset)),
    withTotal: parseBoolean('withTotal', single('withTotal', query.withTotal)),
  });
}

/**
 * Fills defaults and checks bounds for parameters that arrive already typed (GraphQL arguments,
 * internal callers): `customers(where, sort, limit, offset)`.
 */
export function normalizeQueryParams(input: {
  where?: string | readonly string[] | null;
  vars?: PredicateVariables;
  sort?: readonly string[] | null;
  expand?: readonly string[] | null;
  limit?: number | null;
  offset?: number | null;
  withTotal?: boolean | null;
}): QueryParams {
  const limit = input.limit ?? QUERY_LIMITS.defaultLimit;
  const offset = input.offset ?? 0;
  checkRange('limit', limit, QUERY_LIMITS.maxLimit);
  checkRange('offset', offset, QUERY_LIMITS.maxOffset);
  const where = typeof input.where === 'string' ? [input.where] : [...(input.where ?? [])];
  return {
    where,
    vars: input.vars ?? {},
    sort: [...(input.sort ?? [])],
    expand: [...(input.expand ?? [])],
    limit,
    offset,
    withTotal: input.withTotal ?? true,
  };
}

function list(value: string | string[] | undefined): string[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

function single(name: string, value: string | string[] | undefined): string | undefined {
  if (!Array.isArray(value)) return value;
  if (value.length > 1) throw new InvalidInputError(`Malformed parameter: ${name}: Must be given at most once.`);
  return value[0];
}

function parseInteger(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!/^[0-9]{1,9}$/.test(value.trim())) {
    throw new InvalidInputError(`Malformed parameter: ${name}: Invalid int value '${value}'.`);
  }
  return Number(value.trim());
}

function parseBoolean(name: string, value: string | undefined): boolean | undefined {
  if (value === undefined) return undefined;
  const lower = value.trim().toLowerCase();
  if (lower !== 'true' && lower !== 'false') {
    throw new InvalidInputError(`Malformed parameter: ${name}: Invalid boolean value '${value}'.`);
  }
  return lower === 'true';
}

function checkRange(name: string, value: number, max: number): void {
  if (!Number.isInteger(value) || value < 0 || value > max) {
    throw new InvalidInputError(`Malformed parameter: ${name}: The value must be an integer between 0 and ${max}, got ${value}.`);
  }
}
