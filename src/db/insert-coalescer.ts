import type { Db } from './sql-runner.js';
import { q, sql, type DialectSql } from './statements.js';
import { inBatches, padded, TurnBatches } from './turn-batches.js';

interface PendingInsert {
  params: readonly unknown[];
  resolve: () => void;
  reject: (err: unknown) => void;
}

interface Group {
  table: InsertStatements;
  rows: PendingInsert[];
}

/**
 * The inserts of one table: one row as a statement of its own, and `count` rows in one statement
 * that skips a row breaking a unique constraint (`ON CONFLICT DO NOTHING`) and answers the ids it
 * inserted. `columns` lists the row's parameters in order; `id` must be one of them; `data` is JSON.
 */
export class InsertStatements {
  readonly one: DialectSql;
  readonly idIndex: number;
  private readonly many = new Map<number, DialectSql>();

  constructor(
    readonly table: string,
    private readonly columns: readonly string[],
  ) {
    this.one = sql(`INSERT INTO ${q(table)} (${columns.map(q).join(', ')}) VALUES (${this.row()})`);
    this.idIndex = columns.indexOf('id');
  }

  rows(count: number): DialectSql {
    let statement = this.many.get(count);
    if (statement === undefined) {
      const values = Array.from({ length: count }, () => `(${this.row()})`).join(', ');
      statement = sql(`INSERT INTO ${q(this.table)} (${this.columns.map(q).join(', ')}) VALUES ${values} ON CONFLICT DO NOTHING RETURNING "id"`);
      this.many.set(count, statement);
    }
    return statement;
  }

  private row(): string {
    return this.columns.map((c) => (c === 'data' ? '$JSON' : '?')).join(', ');
  }
}

/**
 * Inserts into one table that arrive in the same event-loop turn go to PostgreSQL as one multi-row
 * statement instead of one round trip (and one commit) each. The rows the statement skipped, because
 * they break a unique constraint (a duplicate key, also within the batch), and every row of a batch
 * the database refused, are inserted again one by one: each caller gets exactly the answer or the
 * error its own statement would have given, and is answered only after its row is committed.
 * Inside a transaction, and on SQLite (whose writes are group-committed by the driver), an insert
 * is its own statement.
 */
export class InsertCoalescer {
  private readonly batches = new TurnBatches<Group>((db, group) => inBatches(group.rows, (rows) => run(db, group.table, rows)));

  async insert(db: Db, table: InsertStatements, params: readonly unknown[]): Promise<void> {
    if (!TurnBatches.applies(db)) {
      await db.executeRaw(table.one[db.dialect], params);
      return;
    }
    const { rows } = this.batches.group(db, table.table, () => ({ table, rows: [] }));
    return new Promise((resolve, reject) => rows.push({ params, resolve, reject }));
  }
}

async function run(db: Db, table: InsertStatements, rows: PendingInsert[]): Promise<void> {
  const single = (row: PendingInsert) => db.executeRaw(table.one[db.dialect], row.params).then(() => row.resolve(), row.reject);
  if (rows.length === 1) return single(rows[0]);
  // Padded with copies of the first row: their id is taken by then, so the statement skips them.
  const all = padded(rows);
  let inserted: Set<unknown>;
  try {
    inserted = new Set(
      (
        await db.rows<{ id: string }>(
          table.rows(all.length)[db.dialect],
          all.flatMap((r) => r.params),
        )
      ).map((r) => r.id),
    );
  } catch {
    await Promise.all(rows.map(single));
    return;
  }
  await Promise.all(rows.map((row) => (inserted.has(row.params[table.idIndex]) ? row.resolve() : single(row))));
}

/** The one insert coalescer of the process (inserts are grouped per database and table). */
export const insertCoalescer = new InsertCoalescer();
