import type { Db } from './sql-runner.js';

/** Bookkeeping tables that hold no data of the service (the migrations applied). */
const BOOKKEEPING = new Set(['_app_migrations', '_prisma_migrations']);

const TABLES = {
  sqlite: `SELECT "name" FROM sqlite_master WHERE "type" = 'table' AND "name" NOT LIKE 'sqlite_%'`,
  postgresql: `SELECT tablename AS "name" FROM pg_tables WHERE schemaname = current_schema()`,
};

/** Child-to-parent foreign keys of one table (SQLite) or of the whole schema (PostgreSQL). */
const SQLITE_PARENTS = `SELECT DISTINCT "table" AS "parent" FROM pragma_foreign_key_list(?)`;
const POSTGRES_FOREIGN_KEYS = `SELECT c.relname AS "child", p.relname AS "parent"
  FROM pg_constraint k JOIN pg_class c ON c.oid = k.conrelid JOIN pg_class p ON p.oid = k.confrelid
  WHERE k.contype = 'f' AND c.relnamespace = (SELECT oid FROM pg_namespace WHERE nspname = current_schema())`;

const COLUMNS = {
  sqlite: `SELECT "name" FROM pragma_table_info(?)`,
  postgresql: `SELECT column_name AS "name" FROM information_schema.columns WHERE table_schema = current_schema() AND table_name = $1`,
};

/**
 * The service's tables as the database has them (so tables added by later migrations are included),
 * parents before children: deleting in reverse order and inserting in this order keeps every foreign key.
 */
export async function tablesParentsFirst(db: Db): Promise<string[]> {
  const names = (await db.rows<{ name: string }>(TABLES[db.dialect])).map((r) => r.name).filter((n) => !BOOKKEEPING.has(n));
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

/** The columns of `table`. */
export async function columnsOf(db: Db, table: string): Promise<string[]> {
  return (await db.rows<{ name: string }>(COLUMNS[db.dialect], [table])).map((r) => r.name);
}
