import type { Db } from './sql-runner.js';
import { list, q, sql, type DialectSql } from './statements.js';

interface Waiter {
  resolve: (text: string | undefined) => void;
  reject: (err: unknown) => void;
}

/** The reads of one turn for one project and one column: each wanted value with who waits for it. */
interface Group {
  db: Db;
  projectKey: string;
  column: 'id' | 'key';
  wanted: Map<string, Waiter[]>;
}

/** More values than this in one turn go out in several statements. */
const MAX_BATCH = 32;

/**
 * Reads of single documents by id or key that arrive in the same event-loop turn go to PostgreSQL
 * as one statement (`WHERE "id" IN (…)`), the way DataLoader batches, instead of one round trip per
 * request. On PostgreSQL a one-row read costs far more in the round trip (the driver's messages, two
 * socket writes and reads, the server's own work) than in the lookup, so ten GETs arriving together
 * cost about what two did. A read waits at most until the end of the current turn; it starts after
 * the request did, so it still sees every write acknowledged before the request began. Reads inside
 * a transaction are never coalesced (they must see that transaction's writes), nor on SQLite, where
 * a read is a synchronous call of a few µs and deferring it would only add a turn.
 */
export class ReadCoalescer {
  private readonly groups = new Map<string, Group>();
  private scheduled = false;
  private readonly statements = new Map<string, DialectSql>();

  /** `single`: the table's one-row reads, used when a turn asks for one value only. */
  constructor(
    private readonly table: string,
    private readonly single: Record<'id' | 'key', DialectSql>,
  ) {}

  static applies(db: Db): boolean {
    return db.dialect === 'postgresql' && !db.inTransaction;
  }

  read(db: Db, projectKey: string, column: 'id' | 'key', value: string): Promise<string | undefined> {
    const groupKey = `${column}\u0000${projectKey}`;
    let group = this.groups.get(groupKey);
    if (group === undefined) {
      group = { db, projectKey, column, wanted: new Map() };
      this.groups.set(groupKey, group);
    }
    if (!this.scheduled) {
      this.scheduled = true;
      setImmediate(() => this.flush());
    }
    const g = group;
    return new Promise((resolve, reject) => {
      const waiters = g.wanted.get(value);
      if (waiters) waiters.push({ resolve, reject });
      else g.wanted.set(value, [{ resolve, reject }]);
    });
  }

  private flush(): void {
    this.scheduled = false;
    const groups = [...this.groups.values()];
    this.groups.clear();
    for (const group of groups) {
      const values = [...group.wanted.keys()];
      for (let start = 0; start < values.length; start += MAX_BATCH) void this.run(group, values.slice(start, start + MAX_BATCH));
    }
  }

  private async run(group: Group, values: string[]): Promise<void> {
    const { db, projectKey, column, wanted } = group;
    try {
      if (values.length === 1) {
        const text = await db.value<string>(this.single[column][db.dialect], [projectKey, values[0]]);
        for (const w of wanted.get(values[0])!) w.resolve(text ?? undefined);
        return;
      }
      // Padded to a power of two with repeats of the first value, so a table needs few statement shapes.
      const size = 2 ** Math.ceil(Math.log2(values.length));
      const params = [projectKey, ...values];
      while (params.length <= size) params.push(values[0]);
      const rows = await db.rows<{ v: string; data: string }>(this.batchSql(column, size)[db.dialect], params);
      const found = new Map(rows.map((row) => [row.v, row.data]));
      for (const value of values) for (const w of wanted.get(value)!) w.resolve(found.get(value));
    } catch (err) {
      for (const value of values) for (const w of wanted.get(value)!) w.reject(err);
    }
  }

  private batchSql(column: 'id' | 'key', count: number): DialectSql {
    const name = `${column}:${count}`;
    let statement = this.statements.get(name);
    if (statement === undefined) {
      statement = sql(`SELECT ${q(column)} AS "v", $DATA AS "data" FROM ${q(this.table)} WHERE "projectKey" = ? AND ${q(column)} IN (${list(count)})`);
      this.statements.set(name, statement);
    }
    return statement;
  }
}
