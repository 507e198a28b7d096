import { LRUCache } from 'lru-cache';

/**
 * A small in-process cache: least recently used entries go first when it is full, and each entry
 * lives at most its TTL. Writers in this process update or delete entries exactly; the TTL bounds how
 * long a change made by another server instance on the same database can go unseen here.
 */
export class TtlCache<K extends NonNullable<unknown>, V extends NonNullable<unknown>> {
  private readonly entries: LRUCache<K, V>;
  /** Lookups answered from the cache and not, since start (the metrics' hit rate). */
  readonly stats = { hits: 0, misses: 0 };
  private forgotten = 0;

  constructor(
    private readonly ttlMs: number,
    maxEntries = 100_000,
    now: () => number = Date.now,
  ) {
    this.entries = new LRUCache<K, V>({
      // The bound on entries as a size of 1 per entry rather than `max`: with `max`, lru-cache allocates
      // and fills six arrays of `max` slots when built and again on every `clear()`, and it clears itself
      // whenever its last entry is deleted (an expired token in a cache of one). At 100,000 slots that was
      // ~50 ms per cache at start (a dozen caches per server) and a ~1 ms stall on the request that found
      // the last entry expired. Without `max` its arrays grow with the entries actually held.
      maxSize: maxEntries,
      sizeCalculation: () => 1,
      // Expired entries are dropped when read, not by timers (nothing keeps the process awake).
      ttlAutopurge: false,
      // The clock is injected (tests move it by hand); lru-cache would otherwise reuse one reading
      // of it for up to a millisecond.
      perf: { now },
      ttlResolution: 0,
    });
  }

  get(key: K): V | undefined {
    const value = this.entries.get(key);
    if (value === undefined) this.stats.misses += 1;
    else this.stats.hits += 1;
    return value;
  }

  /** A TTL of 0 or less stores nothing (lru-cache would read 0 as "never expires"). */
  set(key: K, value: V, ttlMs = this.ttlMs): void {
    if (ttlMs > 0) this.entries.set(key, value, { ttl: ttlMs });
    else this.entries.delete(key);
  }

  /**
   * Moves with every delete and clear. A value read from the database is stored with `setIfCurrent`
   * and the generation taken before the read: if anything was forgotten meanwhile, the read may
   * predate the change that made the cache forget, so it is not kept.
   */
  get generation(): number {
    return this.forgotten;
  }

  setIfCurrent(generation: number, key: K, value: V, ttlMs = this.ttlMs): void {
    if (generation === this.forgotten) this.set(key, value, ttlMs);
  }

  delete(key: K): void {
    this.forgotten++;
    this.entries.delete(key);
  }

  deleteWhere(predicate: (value: V, key: K) => boolean): void {
    this.forgotten++;
    // Collected first: the cache is not changed while it is being walked.
    const doomed = [...this.entries.entries()].filter(([key, value]) => predicate(value, key)).map(([key]) => key);
    for (const key of doomed) this.entries.delete(key);
  }

  clear(): void {
    this.forgotten++;
    this.entries.clear();
  }
}
