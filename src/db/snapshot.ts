import type { Database } from './database.js';
import type { Db, Row } from './sql-runner.js';
import { q } from './statements.js';

/** Bookkeeping tables that a snapshot leaves alone (the migrations applied). */
const KEPT = new Set(['_app_migrations', '_prisma_migrations']);

const TABLES = {
  sqlite: `SELECT "name" FROM sqlite_master WHERE "type" = 'table' AND "name" NOT LIKE 'sqlite_%'`,
  postgresql: `SELECT tablename AS "name" FROM pg_tables WHERE schemaname = current_schema()`,
};

/** Child-to-parent foreign keys of one table (SQLite) or of the whole schema (PostgreSQL). */
const SQLITE_PARENTS = `SELECT DISTINCT "table" AS "parent" FROM pragma_foreign_key_list(?)`;
const POSTGRES_FOREIGN_KEYS = `SELECT c.relname AS "child", p.relname AS "parent"
  FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
  WHERE k.contype = 'f' AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`;

interface TableRows {
  table: string;
  /** SQLite: the rows as the driver read them; PostgreSQL: the rows as one JSON array (lossless for every column type). */
  rows: Row[] | string;
}

/**
 * Every table's rows at one moment, put back by `restore`: the embedded server's `reset()`. Tables
 * are found in the schema, not listed here, so tables added later are covered. Rows are deleted
 * children first and inserted parents first, so foreign keys hold at every statement.
 */
export class DatabaseSnapshot {
  private constructor(
    /** Parents before children. */
    private readonly tables: readonly string[],
    private readonly data: readonly TableRows[],
  ) {}

  static async capture(db: Database): Promise<DatabaseSnapshot> {
    const tables = await tablesParentsFirst(db);
    const data: TableRows[] = [];
    for (const table of tables) {
      if (db.dialect === 'sqlite') {
        const rows = await db.rows<Row>(`SELECT * FROM ${q(table)}`);
        if (rows.length > 0) data.push({ table, rows });
      } else {
        const json = await db.value<string>(`SELECT COALESCE(json_agg(t), '[]')::text FROM ${q(table)} t`);
        if (json !== undefined && json !== '[]') data.push({ table, rows: json });
      }
    }
    return new DatabaseSnapshot(tables, data);
  }

  /** Replaces the content of every table with the captured rows, in one transaction. */
  async restore(db: Database): Promise<void> {
    await db.transaction(async (tx) => {
      for (const table of [...this.tables].reverse()) await tx.executeRaw(`DELETE FROM ${q(table)}`);
      for (const { table, rows } of this.data) await insert(tx, table, rows);
    });
  }
}

async function insert(tx: Db, table: string, rows: Row[] | string): Promise<void> {
  if (typeof rows === 'string') {
    await tx.executeRaw(`INSERT INTO ${q(table)} SELECT * FROM json_populate_recordset(NULL::${q(table)}, $1::json)`, [rows]);
    return;
  }
  const columns = Object.keys(rows[0]);
  const statement = `INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`;
  for (const row of rows) await tx.executeRaw(statement, columns.map((c) => row[c]));
}

async function tablesParentsFirst(db: Database): Promise<string[]> {
  const names = (await db.rows<{ name: string }>(TABLES[db.dialect])).map((r) => r.name).filter((n) => !KEPT.has(n));
  const parents = new Map<string, Set<string>>(names.map((n) => [n, new Set<string>()]));
  if (db.dialect === 'sqlite') {
    for (const name of names) for (const r of await db.rows<{ parent: string }>(SQLITE_PARENTS, [name])) parents.get(name)!.add(r.parent);
  } else {
    for (const r of await db.rows<{ child: string; parent: string }>(POSTGRES_FOREIGN_KEYS)) parents.get(r.child)?.add(r.parent);
  }
  const ordered: string[] = [];
  const visit = (name: string, path: Set<string>): void => {
    if (ordered.includes(name) || path.has(name)) return;
    path.add(name);
    for (const parent of parents.get(name) ?? []) if (parent !== name) visit(parent, path);
    ordered.push(name);
  };
  for (const name of names.sort()) visit(name, new Set());
  return ordered;
}
