import type { Database } from './database.js';
import type { Db, Row } from './sql-runner.js';
import { tablesParentsFirst } from './schema-tables.js';
import { q } from './statements.js';

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
  for (const row of rows)
    await tx.executeRaw(
      statement,
      columns.map((c) => row[c]),
    );
}
