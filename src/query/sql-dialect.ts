import type { Dialect } from '../db/sql-runner.js';
import { InvalidInputError } from '../errors/api-error.js';

/**
 * Where a JSON value lives in SQL: a path below a JSON expression (the `data` column, or an array
 * element), or an array element itself while iterating (`element` is the iteration alias).
 */
export interface JsonLoc {
  base: string;
  path: ReadonlyArray<string | number>;
  element?: string;
}

export type JsonType = 'string' | 'number' | 'boolean' | 'object' | 'array' | 'null';
export type ParamCast = 'text' | 'numeric' | 'float8';

/**
 * The few SQL fragments whose spelling differs between SQLite (json1) and PostgreSQL (jsonb). Each
 * boolean fragment is written so that it is never SQL NULL: `not(...)` must be a plain negation.
 */
export interface SqlDialect {
  readonly name: Dialect;
  placeholder(index: number, cast?: ParamCast): string;
  typeIs(loc: JsonLoc, types: readonly JsonType[]): string;
  /** The value as SQL text / number; only meaningful where typeIs() said so. */
  text(loc: JsonLoc): string;
  num(loc: JsonLoc): string;
  float(loc: JsonLoc): string;
  boolIs(loc: JsonLoc, value: boolean): string;
  /** True when the value is an array with an element satisfying `body`. */
  existsElement(loc: JsonLoc, alias: string, body: (element: JsonLoc) => string): string;
  /**
   * Like existsElement, but a value that is not an array is tested itself, as a one-element array.
   * `body` appears once in the SQL, so nested dynamic values do not multiply the statement's size.
   * Only for path locations (not array elements being iterated).
   */
  existsElementOrSelf(loc: JsonLoc, alias: string, body: (element: JsonLoc) => string): string;
  isEmpty(loc: JsonLoc): string;
  isDefined(loc: JsonLoc): string;
  /** Code-point ordering for text (SQLite's default BINARY collation already is). */
  collate(expr: string): string;
}

export function member(loc: JsonLoc, key: string | number): JsonLoc {
  return { base: loc.base, path: [...loc.path, key] };
}

export function quoteIdentifier(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

// Path keys are pasted into SQL string literals, so only characters the predicate lexer accepts
// in identifiers may pass; anything else is refused rather than escaped.
const SAFE_KEY = /^[A-Za-z0-9_-]+$/;

function checkKey(key: string | number): string {
  const text = String(key);
  if (!SAFE_KEY.test(text)) throw new InvalidInputError(`Invalid field name '${text}'.`);
  return text;
}

const SQLITE_TYPES: Record<JsonType, string[]> = {
  string: ['text'],
  number: ['integer', 'real'],
  boolean: ['true', 'false'],
  object: ['object'],
  array: ['array'],
  null: ['null'],
};

function sqlitePath(path: JsonLoc['path']): string {
  return `'$${path.map((k) => (typeof k === 'number' ? `[${checkKey(k)}]` : `."${checkKey(k)}"`)).join('')}'`;
}

function sqliteArgs(loc: JsonLoc): string {
  return loc.element !== undefined ? `${loc.element}.value` : `${loc.base}, ${sqlitePath(loc.path)}`;
}

export const sqliteDialect: SqlDialect = {
  name: 'sqlite',
  placeholder: () => '?',
  typeIs(loc, types) {
    const names = types.flatMap((t) => SQLITE_TYPES[t]).map((t) => `'${t}'`);
    return `COALESCE(${sqliteType(loc)} IN (${names.join(', ')}), FALSE)`;
  },
  text: (loc) => (loc.element !== undefined ? `${loc.element}.value` : `json_extract(${sqliteArgs(loc)})`),
  num: (loc) => sqliteDialect.text(loc),
  float: (loc) => sqliteDialect.text(loc),
  boolIs: (loc, value) => `COALESCE(${sqliteType(loc)} = '${value}', FALSE)`,
  existsElement(loc, alias, body) {
    // json_each also walks objects and yields scalars themselves, hence the array guard.
    const element: JsonLoc = { base: `${alias}.value`, path: [], element: alias };
    return `CASE WHEN ${sqliteDialect.typeIs(loc, ['array'])} THEN EXISTS (SELECT 1 FROM json_each(${sqliteArgs(loc)}) AS ${alias} WHERE ${body(element)}) ELSE FALSE END`;
  },
  existsElementOrSelf(loc, alias, body) {
    // `->` yields the JSON text of any value, so a scalar or object can be wrapped into an array.
    const json = `(${loc.base} -> ${sqlitePath(loc.path)})`;
    const element: JsonLoc = { base: `${alias}.value`, path: [], element: alias };
    const source = `CASE WHEN ${sqliteDialect.typeIs(loc, ['array'])} THEN ${json} ELSE '[' || ${json} || ']' END`;
    return `EXISTS (SELECT 1 FROM json_each(${source}) AS ${alias} WHERE ${body(element)})`;
  },
  isEmpty(loc) {
    const t = sqliteType(loc);
    return `CASE WHEN ${t} IS NULL OR ${t} = 'null' THEN TRUE WHEN ${t} = 'array' THEN json_array_length(${sqliteArgs(loc)}) = 0 WHEN ${t} = 'object' THEN NOT EXISTS (SELECT 1 FROM json_each(${sqliteArgs(loc)})) ELSE FALSE END`;
  },
  isDefined(loc) {
    const t = sqliteType(loc);
    return `(${t} IS NOT NULL AND ${t} <> 'null')`;
  },
  collate: (expr) => expr,
};

function sqliteType(loc: JsonLoc): string {
  return loc.element !== undefined ? `${loc.element}.type` : `json_type(${sqliteArgs(loc)})`;
}

function pgPath(path: JsonLoc['path']): string {
  return `'{${path.map((k) => `"${checkKey(k)}"`).join(',')}}'`;
}

function pgJson(loc: JsonLoc): string {
  return loc.path.length === 0 ? loc.base : `(${loc.base} #> ${pgPath(loc.path)})`;
}

export const postgresDialect: SqlDialect = {
  name: 'postgresql',
  placeholder: (index, cast) => (cast ? `$${index}::${cast}` : `$${index}`),
  typeIs: (loc, types) => `COALESCE(jsonb_typeof(${pgJson(loc)}) IN (${types.map((t) => `'${t}'`).join(', ')}), FALSE)`,
  text: (loc) => `(${loc.base} #>> ${loc.path.length === 0 ? "'{}'" : pgPath(loc.path)})`,
  num: (loc) => `(${postgresDialect.text(loc)})::numeric`,
  float: (loc) => `(${postgresDialect.text(loc)})::float8`,
  boolIs: (loc, value) => `COALESCE(${pgJson(loc)} = '${value}'::jsonb, FALSE)`,
  existsElement(loc, alias, body) {
    const json = pgJson(loc);
    const element: JsonLoc = { base: `${alias}.value`, path: [], element: alias };
    // jsonb_array_elements() raises on non-arrays, so non-arrays iterate an empty array instead.
    return `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} ELSE '[]'::jsonb END) AS ${alias}(value) WHERE ${body(element)})`;
  },
  existsElementOrSelf(loc, alias, body) {
    const json = pgJson(loc);
    const element: JsonLoc = { base: `${alias}.value`, path: [], element: alias };
    return `EXISTS (SELECT 1 FROM jsonb_array_elements(CASE WHEN jsonb_typeof(${json}) = 'array' THEN ${json} ELSE jsonb_build_array(${json}) END) AS ${alias}(value) WHERE ${body(element)})`;
  },
  isEmpty(loc) {
    const json = pgJson(loc);
    const t = `jsonb_typeof(${json})`;
    return `CASE WHEN ${json} IS NULL OR ${t} = 'null' THEN TRUE WHEN ${t} = 'array' THEN jsonb_array_length(${json}) = 0 WHEN ${t} = 'object' THEN ${json} = '{}'::jsonb ELSE FALSE END`;
  },
  isDefined(loc) {
    const json = pgJson(loc);
    return `(${json} IS NOT NULL AND jsonb_typeof(${json}) <> 'null')`;
  },
  collate: (expr) => `${expr} COLLATE "C"`,
};

export function dialectOf(name: Dialect): SqlDialect {
  return name === 'postgresql' ? postgresDialect : sqliteDialect;
}

/** Collects bound parameters while a statement is assembled, numbering placeholders for the dialect. */
export class SqlBuilder {
  readonly params: unknown[] = [];
  private aliases = 0;

  constructor(readonly dialect: SqlDialect) {}

  bind(value: unknown, cast?: ParamCast): string {
    this.params.push(value);
    return this.dialect.placeholder(this.params.length, cast);
  }

  /** Appends a fragment written with its own placeholders numbered from 1 (`?` or `$1..$n`). */
  embed(fragment: { sql: string; params: readonly unknown[] }): string {
    const offset = this.params.length;
    this.params.push(...fragment.params);
    if (this.dialect.name !== 'postgresql') return fragment.sql;
    return renumberPlaceholders(fragment.sql, offset);
  }

  alias(): string {
    return `e${++this.aliases}`;
  }
}

/** Shifts `$n` placeholders by `offset`, leaving quoted strings and identifiers alone. */
function renumberPlaceholders(sql: string, offset: number): string {
  return sql.replace(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\$(\d+)/g, (match, n: string | undefined) => (n === undefined ? match : `$${Number(n) + offset}`));
}
