import { InvalidInputError } from '../errors/api-error.js';
import { isScalar, memberOf, type FieldSchema, type ScalarKind } from './field-schema.js';
import type { ColumnSpec, QueryableResource } from './queryable-resource.js';
import { member, quoteIdentifier, type JsonLoc, type SqlBuilder } from './sql-dialect.js';

/**
 * Sort expressions: `field asc|desc`, `name.en desc`, `custom.fields.x asc`. Sorting is by code
 * point (case-sensitive); missing values come last ascending and first descending; `id` always
 * ends the order so that paging is stable.
 */
export interface CheckedSort {
  path: string[];
  column?: ColumnSpec;
  kind: ScalarKind | 'dynamic';
  descending: boolean;
}

const SORT_EXPRESSION = /^\s*([A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z0-9_-]+)*)(?:\s+([A-Za-z]+))?\s*$/;

export function checkSorts(sorts: readonly string[], resource: QueryableResource): CheckedSort[] {
  return sorts.map((sort) => checkSort(sort, resource));
}

export function checkSort(sort: string, resource: QueryableResource): CheckedSort {
  const match = SORT_EXPRESSION.exec(sort);
  if (!match) throw invalidSort(sort, 'Expected `<field> asc` or `<field> desc`.');
  const direction = (match[2] ?? 'asc').toLowerCase();
  if (direction !== 'asc' && direction !== 'desc') throw invalidSort(sort, `Unknown sort direction '${match[2]}'.`);
  const path = match[1].split('.');
  let schema: FieldSchema | undefined = resource.fields;
  for (const segment of path) {
    schema = memberOf(schema, segment);
    if (schema === undefined) throw invalidSort(sort, `Unknown field '${segment}'.`);
    if (schema.kind === 'array') throw invalidSort(sort, `Cannot sort by '${segment}': it is an array.`);
  }
  if (schema === undefined || (!isScalar(schema) && schema.kind !== 'dynamic')) {
    throw invalidSort(sort, `Cannot sort by '${match[1]}': it is not a single value (for a localized string, sort by '<field>.<locale>').`);
  }
  const column = path.length === 1 && Object.hasOwn(resource.columns, path[0]) ? resource.columns[path[0]] : undefined;
  const kind = schema.kind;
  const checked: CheckedSort = { path, kind, descending: direction === 'desc' };
  return column !== undefined && column.type !== 'boolean' ? { ...checked, column } : checked;
}

function invalidSort(sort: string, reason: string): InvalidInputError {
  return new InvalidInputError(`Malformed parameter: sort: Invalid sort expression '${sort}'. ${reason}`);
}

/** The ORDER BY list, ending with the `id` tie-breaker unless the order already starts with `id`. */
export function compileSorts(sorts: readonly CheckedSort[], sql: SqlBuilder, resource: QueryableResource): string {
  const table = quoteIdentifier(resource.table);
  const keys = sorts.flatMap((sort) => sortKeys(sort, sql, table));
  const idColumn = resource.columns.id?.column ?? 'id';
  const idSorted = sorts.some((s) => s.column !== undefined && s.column.column === idColumn);
  if (!idSorted) keys.push(`${sql.dialect.collate(`${table}.${quoteIdentifier(idColumn)}`)} ASC`);
  return keys.join(', ');
}

function sortKeys(sort: CheckedSort, sql: SqlBuilder, table: string): string[] {
  const d = sql.dialect;
  const direction = sort.descending ? 'DESC NULLS FIRST' : 'ASC NULLS LAST';
  if (sort.column) {
    const col = `${table}.${quoteIdentifier(sort.column.column)}`;
    const expr = sort.column.type === 'number' ? col : d.collate(col);
    // Without the NULLS clause SQLite can walk an index for the order; not-null columns need none.
    return [`${expr} ${sort.column.notNull ? (sort.descending ? 'DESC' : 'ASC') : direction}`];
  }
  const loc = sort.path.reduce<JsonLoc>((l, segment) => member(l, segment), { base: `${table}."data"`, path: [] });
  const stringKey = `${d.collate(`(CASE WHEN ${d.typeIs(loc, ['string'])} THEN ${d.text(loc)} END)`)} ${direction}`;
  const numberKey = `(CASE WHEN ${d.typeIs(loc, ['number'])} THEN ${d.num(loc)} END) ${direction}`;
  const booleanKey = `(CASE WHEN ${d.boolIs(loc, true)} THEN 1 WHEN ${d.boolIs(loc, false)} THEN 0 END) ${direction}`;
  switch (sort.kind) {
    case 'string':
    case 'datetime':
      return [stringKey];
    case 'number':
      return [numberKey];
    case 'boolean':
      return [booleanKey];
    case 'dynamic': {
      // Custom field values of mixed types: numbers, then strings, then booleans, each in its own order.
      const rank = `(CASE WHEN ${d.typeIs(loc, ['number'])} THEN 1 WHEN ${d.typeIs(loc, ['string'])} THEN 2 WHEN ${d.typeIs(loc, ['boolean'])} THEN 3 END) ${direction}`;
      return [rank, numberKey, stringKey, booleanKey];
    }
  }
}
