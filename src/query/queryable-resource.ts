import { memberOf, type FieldSchema, type ScalarKind } from './field-schema.js';

/** A field (top-level, or reached through objects: `parent.id`) stored in its own, indexed column besides its copy inside `data`. */
export interface ColumnSpec {
  column: string;
  type: ScalarKind;
  /** Lets the compiler drop null guards, which keeps comparisons and sorting index-friendly. */
  notNull?: boolean;
}

/** Everything the query engine needs to know about one resource type's table. */
export interface QueryableResource {
  /** SQL table name (mixed case, always double-quoted in SQL). */
  table: string;
  /** ReferenceTypeId of the resource, e.g. `store`. */
  typeId: string;
  /** Schema of the resource's JSON representation (an object schema). */
  fields: FieldSchema;
  /**
   * Fields that have their own column, keyed by field name or dotted path (`parent.id`). A dotted
   * path's column must be NULL whenever the path reaches no value (no `parent`, or no `id` in it):
   * the compiler then takes a non-null column as proof that the objects on the path exist.
   */
  columns: Record<string, ColumnSpec>;
}

/** The columns every resource table has (see prisma/schema.prisma). */
export const standardColumns: Readonly<Record<string, ColumnSpec>> = {
  id: { column: 'id', type: 'string', notNull: true },
  key: { column: 'key', type: 'string' },
  version: { column: 'version', type: 'number', notNull: true },
  createdAt: { column: 'createdAt', type: 'datetime', notNull: true },
  lastModifiedAt: { column: 'lastModifiedAt', type: 'datetime', notNull: true },
};

// Table and column names are pasted into SQL (quoted), so they are restricted to plain identifiers.
const SQL_IDENTIFIER = /^[A-Za-z_][A-Za-z0-9_]*$/;

/**
 * Declares a queryable resource: the standard columns plus per-resource extras. Checks at startup that
 * names are plain identifiers and that every column's type agrees with the field schema, so a
 * mismatch is a programming error found at boot rather than a wrong query result.
 */
export function defineQueryableResource(input: {
  table: string;
  typeId: string;
  fields: FieldSchema;
  extraColumns?: Record<string, ColumnSpec>;
  /** Standard columns this table lacks (e.g. a table without `key`). */
  omitColumns?: string[];
}): QueryableResource {
  const columns: Record<string, ColumnSpec> = {};
  for (const [name, spec] of Object.entries({ ...standardColumns, ...input.extraColumns })) {
    if (!input.omitColumns?.includes(name)) columns[name] = spec;
  }
  if (!SQL_IDENTIFIER.test(input.table)) throw new Error(`Invalid table name ${input.table}`);
  if (input.fields.kind !== 'object') throw new Error(`Fields of ${input.typeId} must be an object schema`);
  for (const [name, spec] of Object.entries(columns)) {
    if (!SQL_IDENTIFIER.test(spec.column)) throw new Error(`Invalid column name ${spec.column}`);
    const field = fieldAt(input.fields, name);
    if (field === undefined) throw new Error(`Column field ${input.typeId}.${name} is missing from the field schema`);
    if (field.kind !== spec.type) {
      throw new Error(`Column ${input.typeId}.${name} is ${spec.type} but the schema says ${field.kind}`);
    }
  }
  return { table: input.table, typeId: input.typeId, fields: input.fields, columns };
}

/** The schema of a dotted path (`parent.id`) through objects and references; undefined if the path leaves the schema. */
function fieldAt(root: FieldSchema, dotted: string): FieldSchema | undefined {
  let current: FieldSchema | undefined = root;
  for (const part of dotted.split('.')) {
    if (current === undefined || current.kind === 'array') return undefined;
    current = memberOf(current, part);
  }
  return current;
}
