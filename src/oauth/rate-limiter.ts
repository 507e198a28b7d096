/**
 * Fixed-window counters per key, in this process only (the bound across instances is the limit times
 * the number of instances). Keys with no traffic fall out when their window ends.
 */
export class RateLimiter {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(
    private readonly limit: number,
    private readonly windowMs: number,
    private readonly now: () => number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Seconds until `key` may act again, or 0 if it is under its limit now. Does not count. */
  retryAfter(key: string): number {
    const w = this.current(key);
    if (!w || w.count < this.limit) return 0;
    return Math.max(1, Math.ceil((w.start + this.windowMs - this.now()) / 1000));
  }

  /** Counts one event for `key`; returns retryAfter after counting it (0 while within the limit). */
  hit(key: string): number {
    let w = this.current(key);
    if (!w) {
      if (this.windows.size >= this.maxKeys) this.evictExpired();
      w = { start: this.now(), count: 0 };
      this.windows.set(key, w);
    }
    w.count += 1;
    return w.count > this.limit ? Math.max(1, Math.ceil((w.start + this.windowMs - this.now()) / 1000)) : 0;
  }

  reset(key: string): void {
    this.windows.delete(key);
  }

  clear(): void {
    this.windows.clear();
  }

  private current(key: string): { start: number; count: number } | undefined {
    const w = this.windows.get(key);
    if (w && w.start + this.windowMs <= this.now()) {
      this.windows.delete(key);
      return undefined;
    }
    return w;
  }

  private evictExpired(): void {
    const now = this.now();
    for (const [key, w] of this.windows) if (w.start + this.windowMs <= now) this.windows.delete(key);
    // Still full: forget the oldest key rather than grow without bound.
    if (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (!oldest.done) this.windows.delete(oldest.value);
    }
  }
}
