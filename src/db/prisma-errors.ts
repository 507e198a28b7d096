import type { ApiError } from '../errors/api-error.js';

/**
 * The one place where Prisma's database errors become platform errors (house style §5). Services
 * let the database enforce uniqueness (so concurrent writers cannot both win) and describe here
 * which platform error each unique constraint stands for.
 *
 * Prisma reports a violated unique constraint as P2002, but where it puts the constraint differs by
 * driver adapter and version: `meta.target` (columns or index name) in the classic engine,
 * `meta.driverAdapterError.cause.constraint` ({ fields } or { index }) with driver adapters. Both
 * generated clients (SQLite, PostgreSQL) have their own error classes, so errors are recognised by
 * shape, not by `instanceof`.
 */

export interface UniqueViolation {
  /** Model named by Prisma, e.g. 'CustomerEmail', when it says. */
  model?: string;
  /** Columns of the violated constraint, when the driver names them. */
  fields: string[];
  /** Index name, when the driver names the index instead (e.g. PostgreSQL's 'Customer_projectKey_key_key'). */
  index?: string;
}

/** Maps one unique constraint to the platform error it means. */
export interface UniqueRule {
  model: string;
  /** All columns of the constraint in schema order, e.g. ['projectKey', 'key']. */
  fields: readonly string[];
  /** The model's @@id: PostgreSQL names it `Model_pkey`, without its columns. */
  primaryKey?: boolean;
  error: () => ApiError;
}

type Obj = Record<string, unknown>;

const isObj = (v: unknown): v is Obj => typeof v === 'object' && v !== null;

/** The unique-constraint details of a Prisma P2002 error, or undefined for any other error. */
export function uniqueViolation(err: unknown): UniqueViolation | undefined {
  if (!isObj(err) || err.code !== 'P2002') return undefined;
  const meta = isObj(err.meta) ? err.meta : {};
  const model = typeof meta.modelName === 'string' ? meta.modelName : undefined;
  const cause = isObj(meta.driverAdapterError) && isObj(meta.driverAdapterError.cause) ? meta.driverAdapterError.cause : undefined;
  const constraint = cause && isObj(cause.constraint) ? cause.constraint : undefined;
  const fields: string[] = [];
  let index: string | undefined;
  if (constraint && Array.isArray(constraint.fields)) fields.push(...constraint.fields.map((f) => unquote(String(f))));
  if (constraint && typeof constraint.index === 'string') index = constraint.index;
  if (Array.isArray(meta.target)) fields.push(...meta.target.map((f) => unquote(String(f))));
  else if (typeof meta.target === 'string') index = meta.target;
  return { model, fields, index };
}

/** SQLite names columns as `"Table"."column"` or `Table.column`; keep the column. */
function unquote(field: string): string {
  return field.replace(/"/g, '').split('.').pop() ?? field;
}

function matches(v: UniqueViolation, rule: UniqueRule): boolean {
  if (v.model !== undefined && v.model !== rule.model) return false;
  if (v.fields.length > 0) return v.fields.length === rule.fields.length && rule.fields.every((f) => v.fields.includes(f));
  // Prisma's default constraint names: Model_col1_col2_key for @@unique, Model_pkey for @@id.
  if (v.index !== undefined) return v.index === (rule.primaryKey ? `${rule.model}_pkey` : `${rule.model}_${rule.fields.join('_')}_key`);
  return false;
}

/**
 * Returns the platform error for a unique-constraint violation named in `rules`, else the error
 * unchanged, so call sites read `catch (err) { throw translatePrismaError(err, rules); }`.
 */
export function translatePrismaError(err: unknown, rules: readonly UniqueRule[]): unknown {
  const violation = uniqueViolation(err);
  if (!violation) return err;
  const rule = rules.find((r) => matches(violation, r));
  return rule ? rule.error() : err;
}
