import type { ApiError } from '../errors/api-error.js';

/**
 * The one place where the database's unique-constraint errors become platform errors. Services let the database enforce uniqueness (so concurrent writers cannot both win) and
 * describe here which platform error each unique constraint stands for.
 *
 * The drivers report a violation differently: better-sqlite3 as SQLITE_CONSTRAINT_UNIQUE /
 * _PRIMARYKEY with the columns in the message ("UNIQUE constraint failed: Store.projectKey,
 * Store.key"), pg as SQLSTATE 23505 with the table and the constraint's name (Prisma's default names:
 * `Model_col1_col2_key` for @@unique, `Model_pkey` for @@id).
 */

export interface UniqueViolation {
  /** Table (model) of the violated constraint. */
  model?: string;
  /** Columns of the violated constraint, when the driver names them. */
  fields: string[];
  /** Constraint name, when the driver names it instead. */
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

/** The unique-constraint details of a driver error, or undefined for any other error. */
export function uniqueViolation(err: unknown): UniqueViolation | undefined {
  if (!isObj(err)) return undefined;
  if (err.code === 'SQLITE_CONSTRAINT_UNIQUE' || err.code === 'SQLITE_CONSTRAINT_PRIMARYKEY') {
    const columns = /constraint failed: (.*)$/.exec(String(err.message))?.[1] ?? '';
    const qualified = columns.split(',').map((c) => c.trim().replace(/"/g, ''));
    return { model: qualified[0]?.split('.')[0], fields: qualified.map((c) => c.split('.').pop() ?? c) };
  }
  if (err.code === '23505') {
    return {
      model: typeof err.table === 'string' ? err.table : undefined,
      fields: [],
      index: typeof err.constraint === 'string' ? err.constraint : undefined,
    };
  }
  return undefined;
}

function matches(v: UniqueViolation, rule: UniqueRule): boolean {
  if (v.model !== undefined && v.model !== rule.model) return false;
  if (v.fields.length > 0) return v.fields.length === rule.fields.length && rule.fields.every((f) => v.fields.includes(f));
  if (v.index !== undefined) return v.index === (rule.primaryKey ? `${rule.model}_pkey` : `${rule.model}_${rule.fields.join('_')}_key`);
  return false;
}

/**
 * Returns the platform error for a unique-constraint violation named in `rules`, else the error
 * unchanged, so call sites read `catch (err) { throw translateUniqueViolation(err, rules); }`.
 */
export function translateUniqueViolation(err: unknown, rules: readonly UniqueRule[]): unknown {
  const violation = uniqueViolation(err);
  if (!violation) return err;
  const rule = rules.find((r) => matches(violation, r));
  return rule ? rule.error() : err;
}
