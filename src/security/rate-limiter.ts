import { hash } from 'node:crypto';
import { TtlCache } from '../cache.js';
import type { AppServices } from '../context.js';
import { sql } from '../db/statements.js';

const COUNT = sql(
  'INSERT INTO "RateLimitWindow" ("limiter", "key", "windowStart", "expiresAt", "count") VALUES (?, ?, ?, ?, 1) ' +
    'ON CONFLICT ("limiter", "key", "windowStart") DO UPDATE SET "count" = "RateLimitWindow"."count" + 1 RETURNING "count"',
);
const READ = sql('SELECT "count" FROM "RateLimitWindow" WHERE "limiter" = ? AND "key" = ? AND "windowStart" = ?');
const RESET = sql('DELETE FROM "RateLimitWindow" WHERE "limiter" = ? AND "key" = ?');
const SWEEP = sql('DELETE FROM "RateLimitWindow" WHERE "expiresAt" <= ?');

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

  constructor(
    private readonly app: Pick<AppServices, 'db' | 'clock'>,
    /** Names the counter in the table; two limiters never share a name. */
    readonly name: string,
    private readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.refused = new TtlCache(windowMs, 100_000, () => app.clock.now());
  }

  /** Whether `key` may act now, without counting. */
  async check(key: string): Promise<RateLimitCheck> {
    const digest = digestOf(key);
    const window = this.window();
    const known = this.knownRefusal(digest);
    if (known) return known;
    const db = this.app.db;
    const count = Number((await db.value<number>(READ[db.dialect], [this.name, digest, window.start])) ?? 0);
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
    const db = this.app.db;
    const rows = await db.rows<{ count: number | string }>(COUNT[db.dialect], [this.name, digest, window.start, window.end]);
    const count = Number(rows[0]?.count ?? 1);
    return this.decide(digest, window, count, count > this.limit).retryAfter;
  }

  /** Forgets the counts of `key` (a success clears its failures), on every instance. */
  async reset(key: string): Promise<void> {
    const digest = digestOf(key);
    this.refused.delete(digest);
    const db = this.app.db;
    await db.executeRaw(RESET[db.dialect], [this.name, digest]);
  }

  /** Forgets what this process remembers (the table was rewritten, see the embedded server's reset). */
  clear(): void {
    this.refused.clear();
  }

  private window(): { start: string; end: string; endMs: number } {
    const startMs = Math.floor(this.app.clock.now() / this.windowMs) * this.windowMs;
    const endMs = startMs + this.windowMs;
    return { start: new Date(startMs).toISOString(), end: new Date(endMs).toISOString(), endMs };
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

/** One-shot: no Hash object per call (two of these run on every token request). */
function digestOf(key: string): string {
  return hash('sha256', key, 'base64url');
}
