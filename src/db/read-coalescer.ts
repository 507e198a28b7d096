import type { Db } from './sql-runner.js';
import type { DialectSql } from './statements.js';
import { inBatches, padded, TurnBatches } from './turn-batches.js';

/**
 * A read of one row by one value (an id, a key) that can also be asked for many values at once.
 * `one` takes `[...before, value, ...after]`; `many(n)` takes `[...before, ...n values, ...after]`
 * and answers each row's value as `v` beside its `data`.
 */
export interface CoalescibleRead {
  readonly id: number;
  one: DialectSql;
  many(count: number): DialectSql;
}

interface Waiter {
  resolve: (text: string | undefined) => void;
  reject: (err: unknown) => void;
}

/** The reads of one turn for one statement with the same other parameters: each wanted value with who waits for it. */
interface Group {
  read: CoalescibleRead;
  before: readonly unknown[];
  after: readonly unknown[];
  wanted: Map<string, Waiter[]>;
}

/**
 * Reads of single rows by id or key that arrive in the same event-loop turn go to PostgreSQL as one
 * statement (`… IN (…)`), the way DataLoader batches, instead of one round trip per request. On
 * PostgreSQL a one-row read costs far more in the round trip (the driver's messages, the socket
 * writes and reads, the server's own work per statement) than in the lookup, so ten GETs arriving
 * together cost about what two did. A read waits at most until the end of the current turn; it starts
 * after its request did, so it still sees every write acknowledged before the request began.
 * Reads inside a transaction are never coalesced (they must see that transaction's writes), nor on
 * SQLite, where a read is a synchronous call of a few µs and deferring it would only add a turn.
 */
export class ReadCoalescer {
  private readonly batches = new TurnBatches<Group>((db, group) => inBatches([...group.wanted.keys()], (values) => run(db, group, values)));

  /** `before` and `after` are the statement's other parameters (a project key, an associate id): strings. */
  read(db: Db, read: CoalescibleRead, before: readonly string[], value: string, after: readonly string[] = []): Promise<string | undefined> {
    if (!TurnBatches.applies(db)) return db.value<string>(read.one[db.dialect], [...before, value, ...after]);
    const groupKey = `${read.id}\u0000${before.join('\u0000')}\u0001${after.join('\u0000')}`;
    const { wanted } = this.batches.group(db, groupKey, () => ({ read, before, after, wanted: new Map() }));
    return new Promise((resolve, reject) => {
      const waiters = wanted.get(value);
      if (waiters) waiters.push({ resolve, reject });
      else wanted.set(value, [{ resolve, reject }]);
    });
  }
}

async function run(db: Db, group: Group, values: string[]): Promise<void> {
  const { read, before, after, wanted } = group;
  const answer = (value: string, text: string | undefined) => {
    for (const w of wanted.get(value)!) w.resolve(text);
  };
  const fail = (value: string, err: unknown) => {
    for (const w of wanted.get(value)!) w.reject(err);
  };
  const single = (value: string) =>
    db.value<string>(read.one[db.dialect], [...before, value, ...after]).then(
      (text) => answer(value, text ?? undefined),
      (err: unknown) => fail(value, err),
    );
  if (values.length === 1) return single(values[0]);
  const all = padded(values);
  let rows: Array<{ v: string; data: string }>;
  try {
    rows = await db.rows<{ v: string; data: string }>(read.many(all.length)[db.dialect], [...before, ...all, ...after]);
  } catch {
    // One value the database refuses (a NUL character in a key is a data exception on PostgreSQL)
    // must not fail the other requests of its turn: each is asked on its own and gets its own answer.
    await Promise.all(values.map(single));
    return;
  }
  const found = new Map(rows.map((row) => [row.v, row.data]));
  for (const value of values) answer(value, found.get(value));
}

let shapes = 0;

/** A CoalescibleRead whose `many` statements are rendered once per count. */
export function coalescible(one: DialectSql, many: (count: number) => DialectSql): CoalescibleRead {
  const rendered = new Map<number, DialectSql>();
  return {
    id: ++shapes,
    one,
    many(count) {
      let statement = rendered.get(count);
      if (statement === undefined) rendered.set(count, (statement = many(count)));
      return statement;
    },
  };
}

/** The one coalescer of the process (reads are grouped per database). */
export const readCoalescer = new ReadCoalescer();
