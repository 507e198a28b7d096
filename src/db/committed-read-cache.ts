/**
 * Stored documents' text kept in memory between commits to an SQLite file, for the hot reads by id
 * and by key.
 *
 * Why it is exact: every lookup first asks whether any connection (this process's writer, another
 * worker or instance on the file, the administration command line) has committed since the last
 * lookup: the file's WAL-index header, which every commit rewrites before it is visible
 * (src/db/wal-index-version.ts, ~1 µs), or where that cannot be read the read connection's
 * `PRAGMA data_version` (~2.3 µs: SQLite takes and drops its WAL read lock). A change empties the
 * cache. So a read that starts after a commit was acknowledged, by whichever process, never gets a
 * text from before it. A read of the row costs ~5 µs in a tight loop, and under load about 12 µs more
 * in a whole request, as its B-tree pages evict the request path's own data from the CPU caches
 * (bench/notes.md).
 *
 * Never used inside a transaction (its reads must see its own writes) nor on PostgreSQL, where no such
 * cheap question exists. Misses are not remembered: a 404 always asks the database.
 */
export class CommittedReadCache {
  private texts = new Map<string, string>();
  private characters = 0;
  private seenVersion: unknown;
  /** Lookups answered from memory and not, since start. */
  readonly stats = { hits: 0, misses: 0 };

  constructor(
    /** A value that changes whenever anyone committed to the file since the previous call. */
    private readonly version: () => unknown,
    private readonly limits = { entries: 20_000, characters: 32 * 1024 * 1024, perText: 256 * 1024 },
  ) {}

  /** The text under `key`, or `read()`'s answer (kept when found). */
  get(key: string, read: () => string | undefined): string | undefined {
    const version = this.version();
    if (version !== this.seenVersion) {
      this.seenVersion = version;
      if (this.texts.size > 0) this.clear();
    }
    const known = this.texts.get(key);
    if (known !== undefined) {
      this.stats.hits++;
      return known;
    }
    this.stats.misses++;
    const text = read();
    if (text !== undefined && text.length <= this.limits.perText) this.keep(key, text);
    return text;
  }

  clear(): void {
    this.texts = new Map();
    this.characters = 0;
  }

  private keep(key: string, text: string): void {
    this.texts.set(key, text);
    this.characters += text.length;
    // Oldest first (a Map iterates in insertion order): enough for a bound, no bookkeeping per hit.
    while (this.texts.size > this.limits.entries || this.characters > this.limits.characters) {
      const [oldest, value] = this.texts.entries().next().value!;
      this.texts.delete(oldest);
      this.characters -= value.length;
    }
  }
}
