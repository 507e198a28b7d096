import { hash } from 'node:crypto';
import { TtlCache } from '../shared/cache.js';
import type { AppServices } from '../context.js';
import type { InvalidationBus } from '../db/invalidation-bus.js';
import type { Db } from '../db/sql-runner.js';
import { sql } from '../db/statements.js';
import { TurnBatches } from '../db/turn-batches.js';

/** The events of one key in one window, counted in one event-loop turn, with who waits for each count. */
interface TurnHits {
  digest: string;
  window: Window;
  waiters: Array<{ resolve: (count: number) => void; reject: (err: unknown) => void }>;
}

const COUNT = sql(
  'INSERT INTO "RateLimitWindow" ("limiter", "key", "windowStart", "expiresAt", "count") VALUES (?, ?, ?, ?, ?) ' +
    'ON CONFLICT ("limiter", "key", "windowStart") DO UPDATE SET "count" = "RateLimitWindow"."count" + excluded."count" RETURNING "count"',
);
const READ = sql('SELECT "count" FROM "RateLimitWindow" WHERE "limiter" = ? AND "key" = ? AND "windowStart" = ?');
const RESET = sql('DELETE FROM "RateLimitWindow" WHERE "limiter" = ? AND "key" = ?');
const SWEEP = sql('DELETE FROM "RateLimitWindow" WHERE "expiresAt" <= ?');

interface Window {
  startMs: number;
  start: string;
  end: string;
  endMs: number;
}

/** What a check found: seconds until the key may act again (0: now), and the events counted so far. */
export interface RateLimitCheck {
  retryAfter: number;
  count: number;
}

/**
 * Events per key in fixed windows aligned to the clock (minute 12:04:00–12:05:00, ...), counted in
 * the database (`RateLimitWindow`) so that every instance and worker on it shares one budget: N
 * instances allow the configured number, not N times it. One upsert per counted event; a check
 * reads one row. Fixed rather than sliding windows: both cost one statement per event (see
 * BENCHMARKS.md, "Shared rate limits"), but only in a fixed window does a key at its limit stay
 * refused until a known moment (the window's end), so "refused until the minute is over" is exact
 * and each instance may remember that refusal itself instead of asking the database again.
 *
 * Keys are stored as SHA-256 digests: the table holds no addresses or e-mails. Counting always uses
 * the database handle of the process, never a request's transaction: a failed attempt must stay
 * counted when the request that made it rolls back.
 */
export class RateLimiter {
  /** Keys this process saw at or over the limit, with the end of that window: refused without a query. */
  private readonly refused: TtlCache<string, number>;
  /**
   * With `announced` on an exact invalidation bus (an SQLite file; one process in memory): the counts
   * this process read, by key digest, for the window they were read in. Every change of a count, by
   * any process, is announced on the bus before it is acknowledged, and `check` asks the bus first, so
   * a remembered count is never behind the table. Where checks far outnumber counted events (failed
   * authentications checked on every token request) this saves a query per check.
   */
  private readonly counts: TtlCache<string, { windowStart: string; count: number }> | undefined;
  private readonly bus: InvalidationBus | undefined;
  private current: Window | undefined;
  /** Events counted in this turn and not yet written (see `counted`), by window and key digest. */
  private readonly turnHits = new TurnBatches<TurnHits>((db, hits) => this.countTurn(db, hits));

  constructor(
    private readonly app: Pick<AppServices, 'db' | 'clock' | 'invalidations'>,
    /** Names the counter in the table; two limiters never share a name. */
    readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
    /**
     * `announced`: for limiters checked far more often than they count (failures): counts are
     * announced and checks answered from memory where that is exact (see `counts`). A limiter that
     * counts every request (token requests) would only announce on every request, so it does not.
     */
    options: { announced?: boolean } = {},
  ) {
    this.refused = new TtlCache(windowMs, 100_000, () => app.clock.now());
    const bus = app.invalidations;
    if (options.announced && bus?.exact) {
      this.bus = bus;
      this.counts = new TtlCache(windowMs, 100_000, () => app.clock.now());
      bus.received.add((event) => {
        if ('rateLimits' in event) this.forgetCounts();
      });
      bus.missed.add(() => this.forgetCounts());
    }
  }

  /** Whether `key` may act now, without counting. */
  async check(key: string): Promise<RateLimitCheck> {
    const digest = digestOf(key);
    const window = this.window();
    const known = this.knownRefusal(digest);
    if (known) return known;
    const counts = this.counts;
    if (counts) {
      this.bus!.poll();
      const remembered = counts.get(digest);
      if (remembered?.windowStart === window.start) return this.decide(digest, window, remembered.count, remembered.count >= this.limit);
    }
    const generation = counts?.generation ?? 0;
    const db = this.app.db;
    const count = Number((await db.value<number>(READ[db.dialect], [this.name, digest, window.start])) ?? 0);
    counts?.setIfCurrent(generation, digest, { windowStart: window.start, count });
    return this.decide(digest, window, count, count >= this.limit);
  }

  /** Seconds until `key` may act again, or 0 if it is under its limit now. Does not count. */
  async retryAfter(key: string): Promise<number> {
    return (await this.check(key)).retryAfter;
  }

  /** Counts one event for `key`; answers retryAfter after counting it (0 while within the limit). */
  async hit(key: string): Promise<number> {
    const digest = digestOf(key);
    const window = this.window();
    // Past the limit already: counting more changes nothing until the window ends.
    const known = this.knownRefusal(digest);
    if (known) return known.retryAfter;
    const count = await this.counted(digest, window);
    return this.decide(digest, window, count, count > this.limit).retryAfter;
  }

  /**
   * Counts one event and answers the key's count with it. The events of one key that arrive in the
   * same event-loop turn (token requests of one client under load) are counted by one upsert of
   * `count + n`, each answered as if counted in turn (the first `total - n + 1`, ...): one statement
   * per key and turn instead of one per event.
   */
  private counted(digest: string, window: Window): Promise<number> {
    const { waiters } = this.turnHits.group(this.app.db, `${window.start}\u0000${digest}`, () => ({ digest, window, waiters: [] }));
    return new Promise<number>((resolve, reject) => waiters.push({ resolve, reject }));
  }

  private countTurn(db: Db, { digest, window, waiters }: TurnHits): void {
    db.rows<{ count: number | string }>(COUNT[db.dialect], [this.name, digest, window.start, window.end, waiters.length]).then(
      (rows) => {
        this.announce();
        const total = Number(rows[0]?.count ?? waiters.length);
        waiters.forEach((waiter, i) => waiter.resolve(total - waiters.length + i + 1));
      },
      (err: unknown) => {
        for (const waiter of waiters) waiter.reject(err);
      },
    );
  }

  /** Forgets the counts of `key` (a success clears its failures), on every instance. */
  async reset(key: string): Promise<void> {
    const digest = digestOf(key);
    this.refused.delete(digest);
    const db = this.app.db;
    await db.executeRaw(RESET[db.dialect], [this.name, digest]);
    this.announce();
  }

  /** Forgets what this process remembers (the table was rewritten, see the embedded server's reset). */
  clear(): void {
    this.refused.clear();
    this.forgetCounts();
  }

  /** After a committed change of a count: every process (this one too, at its next check) forgets the counts it read. */
  private announce(): void {
    if (!this.counts) return;
    this.forgetCounts();
    this.bus!.publish({ rateLimits: true });
  }

  private forgetCounts(): void {
    this.counts?.clear();
  }

  private window(): Window {
    const startMs = Math.floor(this.app.clock.now() / this.windowMs) * this.windowMs;
    // The same window for a minute or more: its ISO strings are made once (two toISOString calls cost ~2 µs per check).
    if (this.current?.startMs !== startMs) {
      const endMs = startMs + this.windowMs;
      this.current = { startMs, start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), endMs };
    }
    return this.current;
  }

  private knownRefusal(digest: string): RateLimitCheck | undefined {
    const until = this.refused.get(digest);
    if (until === undefined) return undefined;
    return { retryAfter: this.secondsUntil(until), count: this.limit };
  }

  /** Counts only grow within a window (apart from reset), so once at the limit the key stays refused until the window ends. */
  private decide(digest: string, window: { endMs: number }, count: number, refuse: boolean): RateLimitCheck {
    if (count >= this.limit) this.refused.set(digest, window.endMs, window.endMs - this.app.clock.now());
    return { retryAfter: refuse ? this.secondsUntil(window.endMs) : 0, count };
  }

  private secondsUntil(endMs: number): number {
    return Math.max(1, Math.ceil((endMs - this.app.clock.now()) / 1000));
  }
}

/** Deletes the counters of ended windows; answers how many. Run by the once-per-deployment sweep. */
export async function sweepRateLimits(app: Pick<AppServices, 'db' | 'clock'>): Promise<number> {
  const db = app.db;
  return db.executeRaw(SWEEP[db.dialect], [new Date(app.clock.now()).toISOString()]);
}

/** Digests of recent keys: the same few (a client id, a source address) come with every token request. */
const digests = new Map<string, string>();
const MAX_DIGESTS = 10_000;

/** One-shot: no Hash object per call (two of these run on every token request), and remembered. */
function digestOf(key: string): string {
  let digest = digests.get(key);
  if (digest === undefined) {
    digest = hash('sha256', key, 'base64url');
    if (digests.size >= MAX_DIGESTS) digests.clear();
    digests.set(key, digest);
  }
  return digest;
}
