import type { SqlRunner } from '../db/sql-runner.js';
import { checkPredicates, type PredicateVariables } from './predicate-checker.js';
import { compilePredicate } from './predicate-compiler.js';
import { QUERY_LIMITS, type QueryParams } from './query-params.js';
import type { QueryableResource } from './queryable-resource.js';
import { checkSorts, compileSorts } from './sort-compiler.js';
import { dialectOf, quoteIdentifier, SqlBuilder } from './sql-dialect.js';

/** A SQL condition with its own placeholders (`?`, or `$1..$n` on PostgreSQL, numbered from 1). */
export interface SqlFragment {
  sql: string;
  params: readonly unknown[];
}

export interface QueryOptions {
  projectKey: string;
  /** An extra restriction decided by the service (e.g. what an associate may see); never capped. */
  base?: SqlFragment;
}

/** PagedQueryResult without facets: `total` is absent when withTotal=false. */
export interface PagedQueryResult<T> {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: T[];
}

export type ResourceDocument = Record<string, unknown>;

/**
 * Runs a paged query: `where` predicates, sorting and paging are all executed by the database.
 * Everything is validated before the first statement runs, so a bad sort fails even with limit=0.
 */
export async function queryResources<T = ResourceDocument>(
  db: SqlRunner,
  resource: QueryableResource,
  params: Pick<QueryParams, 'where' | 'vars' | 'sort' | 'limit' | 'offset' | 'withTotal'>,
  options: QueryOptions,
): Promise<PagedQueryResult<T>> {
  const { sql, condition, hasPredicate } = buildCondition(db, resource, params, options);
  const orderBy = compileSorts(checkSorts(params.sort, resource), sql, resource);
  const table = quoteIdentifier(resource.table);

  let results: T[] = [];
  if (params.limit > 0) {
    // limit and offset are validated integers, so they are written into the statement directly.
    const rows = await db.queryRaw<{ data: unknown }>(
      `SELECT ${table}."data" AS "data" FROM ${table} WHERE ${condition} ORDER BY ${orderBy} LIMIT ${params.limit} OFFSET ${params.offset}`,
      sql.params,
    );
    results = rows.map((row) => parseDocument<T>(row.data));
  }
  const page: PagedQueryResult<T> = { limit: params.limit, offset: params.offset, count: results.length, results };
  if (!params.withTotal) return page;

  const cap = hasPredicate ? QUERY_LIMITS.maxTotalWithPredicate : Infinity;
  if (results.length > 0 && results.length < params.limit) {
    // A short, non-empty page ends the result set: the total is known without counting.
    return { ...page, total: Math.min(params.offset + results.length, cap) };
  }
  const counted = hasPredicate
    ? `SELECT COUNT(*) AS "total" FROM (SELECT 1 AS "one" FROM ${table} WHERE ${condition} LIMIT ${cap}) AS "capped"`
    : `SELECT COUNT(*) AS "total" FROM ${table} WHERE ${condition}`;
  const [row] = await db.queryRaw<{ total: unknown }>(counted, sql.params);
  return { ...page, total: Number(row?.total ?? 0) };
}

/** HEAD on a collection: does anything match? */
export async function resourceExists(
  db: SqlRunner,
  resource: QueryableResource,
  params: { where: readonly string[]; vars?: PredicateVariables },
  options: QueryOptions,
): Promise<boolean> {
  const { sql, condition } = buildCondition(db, resource, { where: params.where, vars: params.vars ?? {} }, options);
  const table = quoteIdentifier(resource.table);
  const rows = await db.queryRaw(`SELECT 1 AS "found" FROM ${table} WHERE ${condition} LIMIT 1`, sql.params);
  return rows.length > 0;
}

/** Loads documents by id within a project (reference expansion, batch lookups). */
export async function loadByIds(
  db: SqlRunner,
  resource: QueryableResource,
  projectKey: string,
  ids: readonly string[],
): Promise<Map<string, ResourceDocument>> {
  const found = new Map<string, ResourceDocument>();
  const table = quoteIdentifier(resource.table);
  const unique = [...new Set(ids)];
  // Chunked to stay far below the bound-parameter limits of both databases.
  for (let i = 0; i < unique.length; i += 500) {
    const chunk = unique.slice(i, i + 500);
    const sql = new SqlBuilder(dialectOf(db.dialect));
    const condition = `${table}."projectKey" = ${sql.bind(projectKey, 'text')} AND ${table}."id" IN (${chunk.map((id) => sql.bind(id, 'text')).join(', ')})`;
    const rows = await db.queryRaw<{ id: unknown; data: unknown }>(
      `SELECT ${table}."id" AS "id", ${table}."data" AS "data" FROM ${table} WHERE ${condition}`,
      sql.params,
    );
    for (const row of rows) found.set(String(row.id), parseDocument<ResourceDocument>(row.data));
  }
  return found;
}

function buildCondition(
  db: SqlRunner,
  resource: QueryableResource,
  params: { where: readonly string[]; vars: PredicateVariables },
  options: QueryOptions,
): { sql: SqlBuilder; condition: string; hasPredicate: boolean } {
  const predicate = checkPredicates(params.where, resource, params.vars);
  const sql = new SqlBuilder(dialectOf(db.dialect));
  const table = quoteIdentifier(resource.table);
  const parts = [`${table}."projectKey" = ${sql.bind(options.projectKey, 'text')}`];
  if (options.base) parts.push(`(${sql.embed(options.base)})`);
  if (predicate) parts.push(compilePredicate(predicate, sql, resource.table));
  return { sql, condition: parts.join(' AND '), hasPredicate: predicate !== undefined };
}

/** SQLite hands JSON columns back as text; PostgreSQL (jsonb) as objects. */
export function parseDocument<T>(data: unknown): T {
  return (typeof data === 'string' ? JSON.parse(data) : data) as T;
}
