import type { Db } from './sql-runner.js';

/** More items than this in one group go out in several statements. */
const MAX_BATCH = 32;

/**
 * Collects work that arrives during one event-loop turn, grouped per database and per key, and hands
 * each group to `run` once the turn is over (setImmediate: after the sockets that were ready have
 * all been read). The read and insert coalescers use it only outside a transaction on PostgreSQL
 * (`applies`), where each statement is a round trip (read-coalescer.ts, insert-coalescer.ts); the
 * rate limiter on both databases, for one count upsert per key and turn (src/security/rate-limiter.ts).
 */
export class TurnBatches<G> {
  /** By database first: servers of one process (tests) may run on different databases. */
  private pending = new Map<Db, Map<string, G>>();

  constructor(private readonly run: (db: Db, group: G) => void) {}

  static applies(db: Db): boolean {
    return db.dialect === 'postgresql' && !db.inTransaction;
  }

  /** The group for `key` in this turn, made by `create` when it is the first. */
  group(db: Db, key: string, create: () => G): G {
    if (this.pending.size === 0) setImmediate(() => this.flush());
    let groups = this.pending.get(db);
    if (groups === undefined) this.pending.set(db, (groups = new Map()));
    let group = groups.get(key);
    if (group === undefined) groups.set(key, (group = create()));
    return group;
  }

  private flush(): void {
    const pending = this.pending;
    this.pending = new Map();
    for (const [db, groups] of pending) for (const group of groups.values()) this.run(db, group);
  }
}

/** `items` in slices of at most MAX_BATCH, each handed to `run` (whose promise is not awaited: it answers its own callers). */
export function inBatches<T>(items: readonly T[], run: (batch: T[]) => Promise<void>): void {
  for (let start = 0; start < items.length; start += MAX_BATCH) void run(items.slice(start, start + MAX_BATCH));
}

/**
 * `items` padded with repeats of the first to the next power of two, so a statement over a list has
 * few shapes (a repeated id or key in `IN (…)` matches its row once; a repeated insert is skipped).
 */
export function padded<T>(items: readonly T[]): T[] {
  const size = 2 ** Math.ceil(Math.log2(items.length));
  const out = [...items];
  while (out.length < size) out.push(items[0]);
  return out;
}
