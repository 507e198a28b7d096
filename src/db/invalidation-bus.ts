import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from '../shared/logger.js';
import type { Database } from './database.js';
import { AnnouncementFile } from './announcement-file.js';
import { PostgresDatabase } from './postgres-driver.js';

/**
 * What another instance must forget: removed tokens (by token key), a deleted API client, a changed or
 * deleted project; or, where announcements do not say which (an SQLite file), every token; or the
 * rate-limit counts it read (published only on an exact bus, see `exact`).
 */
export type Invalidation = { tokens: string[] } | { client: string } | { project: string } | { everyToken: true } | { rateLimits: true };

/**
 * Tells the other server instances on the same database what changed in the cached state (tokens,
 * API clients, projects).
 *
 * On PostgreSQL through LISTEN/NOTIFY: a revocation there is seen here within milliseconds rather
 * than after TOKEN_CACHE_TTL_MS, which stays the bound when the notification connection dropped
 * (after it is back, every cache is dropped once, since notifications sent meanwhile are lost).
 * On an SQLite file through a file beside it (announcement-file.ts), asked by `poll()` before every
 * use of a cached token or project: what another process announced is seen by the next request.
 */
export interface InvalidationBus {
  publish(event: Invalidation): void;
  /** Events published by other instances. */
  readonly received: Set<(event: Invalidation) => void>;
  /** Notifications may have been missed, or came without saying what changed: forget everything cached. */
  readonly missed: Set<() => void>;
  /**
   * Called before a cached token or project is used: on an SQLite file, fires `missed` if another
   * process announced a change since the last call (~1 µs). Elsewhere notifications are pushed.
   */
  poll(): void;
  /**
   * True where `poll()` delivers every change published (by any process) before it was called: an
   * SQLite file, or one process on an in-memory database. A cache kept behind such a bus may then answer
   * without the database and still never be stale, as long as it asks `poll()` first. On PostgreSQL
   * notifications arrive asynchronously, so there caches only shorten, never replace, a read.
   */
  readonly exact: boolean;
  /**
   * True when this instance is the one that runs once-per-deployment background jobs (the token
   * sweep): it holds a session advisory lock, given up with its connection. Always true on SQLite.
   */
  leads(): Promise<boolean>;
  close(): Promise<void>;
}

/** Advisory lock key of the background jobs ("cpa-jobs"). */
const JOBS_LOCK = 0x6370616a;
/** pg_notify payloads are limited to 8000 bytes; token keys are ~43 characters. */
const KEYS_PER_NOTIFICATION = 100;
const RECONNECT_MS = [100, 500, 1000, 2000, 5000];

/**
 * `listen: false` for a process that only announces its changes (the administration command line);
 * its close() waits until they are sent.
 */
export async function openInvalidationBus(db: Database, logger: Logger, { listen = true } = {}): Promise<InvalidationBus> {
  if (!(db instanceof PostgresDatabase)) {
    const path = db.url.replace(/^file:/, '');
    return path === '' || path.startsWith(':memory:') ? localBus() : fileBus(AnnouncementFile.open(`${path}-invalidations`, SLOTS));
  }
  const bus = new PostgresInvalidationBus(db, logger);
  if (listen) await bus.start();
  return bus;
}

/**
 * An in-memory database: one process, nobody else to tell. Its own rate-limit changes are delivered
 * back to it (the limiters of one process forget through the bus, as on a file); nothing else is.
 */
function localBus(): InvalidationBus {
  const received = new Set<(event: Invalidation) => void>();
  return {
    publish(event) {
      if ('rateLimits' in event) for (const listener of received) listener(event);
    },
    received,
    missed: new Set(),
    poll: () => undefined,
    exact: true,
    leads: async () => true,
    close: async () => undefined,
  };
}

/** The file's slots: token revocations and client deletions; project changes and deletions; rate-limit counts. */
const TOKENS_SLOT = 0;
const PROJECTS_SLOT = 1;
const RATE_LIMITS_SLOT = 2;
const SLOTS = 3;

/**
 * The processes on one SQLite file. An announcement says only what kind of thing changed, so a
 * process that sees one forgets every cached token (a revocation, a deleted client) or everything
 * (a changed or deleted project: its tokens may have gone with it). Both are rare next to reads.
 */
function fileBus(file: AnnouncementFile): InvalidationBus {
  const received = new Set<(event: Invalidation) => void>();
  const missed = new Set<() => void>();
  return {
    publish: (event) => file.announce('project' in event ? PROJECTS_SLOT : 'rateLimits' in event ? RATE_LIMITS_SLOT : TOKENS_SLOT),
    received,
    missed,
    poll() {
      const slots = file.changed();
      if (slots.length === 0) return;
      if (slots.includes(PROJECTS_SLOT)) {
        for (const listener of missed) listener();
        return;
      }
      if (slots.includes(TOKENS_SLOT)) for (const listener of received) listener({ everyToken: true });
      if (slots.includes(RATE_LIMITS_SLOT)) for (const listener of received) listener({ rateLimits: true });
    },
    exact: true,
    leads: async () => true,
    close: async () => file.close(),
  };
}

class PostgresInvalidationBus implements InvalidationBus {
  readonly received = new Set<(event: Invalidation) => void>();
  readonly missed = new Set<() => void>();
  /** Notifications are pushed: nothing to ask. */
  readonly poll = (): void => undefined;
  readonly exact = false;
  /** Our own notifications come back to us too; they carry this id so they are skipped. */
  private readonly origin = randomUUID();
  /** One channel per schema: deployments (and test files) in other schemas of the database are not told. */
  private readonly channel: string;
  private client: pg.Client | undefined;
  private leading = false;
  private closed = false;
  private attempt = 0;
  private retry: NodeJS.Timeout | undefined;
  /** Notifications under way; close() waits for them so none is cut off by the pool closing. */
  private readonly sending = new Set<Promise<unknown>>();

  constructor(
    private readonly db: PostgresDatabase,
    private readonly logger: Logger,
  ) {
    this.channel = `cpa_invalidate:${db.schema ?? 'public'}`;
  }

  /** Connects and listens; a failure here is logged and retried in the background (the TTL covers meanwhile). */
  async start(): Promise<void> {
    try {
      await this.connect();
    } catch (err) {
      this.logger.warn({ err: (err as Error).message }, 'cache invalidation: cannot listen yet, retrying');
      this.scheduleReconnect();
    }
  }

  publish(event: Invalidation): void {
    const events =
      'tokens' in event && event.tokens.length > KEYS_PER_NOTIFICATION ? chunk(event.tokens, KEYS_PER_NOTIFICATION).map((tokens) => ({ tokens })) : [event];
    for (const e of events) {
      // Not awaited: the local change is done; other instances fall back to the TTL if this fails.
      const sent = this.db
        .executeRaw('SELECT pg_notify($1, $2)', [this.channel, JSON.stringify({ o: this.origin, e })])
        .catch((err: unknown) =>
          this.logger.warn({ err: (err as Error).message }, 'cache invalidation: notify failed; other instances rely on TOKEN_CACHE_TTL_MS'),
        )
        .finally(() => this.sending.delete(sent));
      this.sending.add(sent);
    }
  }

  async leads(): Promise<boolean> {
    if (this.leading || !this.client) return this.leading;
    try {
      const res = await this.client.query<{ locked: boolean }>('SELECT pg_try_advisory_lock($1) AS locked', [JOBS_LOCK]);
      this.leading = res.rows[0]?.locked === true;
    } catch {
      this.leading = false;
    }
    return this.leading;
  }

  async close(): Promise<void> {
    await Promise.all(this.sending);
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    this.leading = false;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = this.db.sessionClient('listen');
    client.on('error', () => this.dropped(client));
    client.on('end', () => this.dropped(client));
    client.on('notification', (msg) => {
      if (msg.channel === this.channel && msg.payload) this.deliver(msg.payload);
    });
    await client.connect();
    try {
      await client.query(`LISTEN "${this.channel.replace(/"/g, '""')}"`);
    } catch (err) {
      await client.end().catch(() => undefined);
      throw err;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    const reconnected = this.attempt > 0;
    this.client = client;
    this.attempt = 0;
    if (reconnected) {
      this.logger.info('cache invalidation: listening again; cached state dropped once');
      for (const listener of this.missed) listener();
    }
  }

  private deliver(payload: string): void {
    let message: { o?: string; e?: Invalidation };
    try {
      message = JSON.parse(payload) as typeof message;
    } catch {
      return;
    }
    if (message.o === this.origin || !message.e) return;
    for (const listener of this.received) listener(message.e);
  }

  private dropped(client: pg.Client): void {
    if (this.client !== client) return;
    this.client = undefined;
    // The session lock went with the connection; another instance may take the jobs over.
    this.leading = false;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.logger.warn("cache invalidation: notification connection lost; other instances' changes are seen within TOKEN_CACHE_TTL_MS until it is back");
    this.scheduleReconnect();
  }

  private scheduleReconnect(): void {
    if (this.closed) return;
    const delay = RECONNECT_MS[Math.min(this.attempt, RECONNECT_MS.length - 1)];
    this.attempt += 1;
    this.retry = setTimeout(() => {
      this.connect().catch(() => this.scheduleReconnect());
    }, delay);
    this.retry.unref();
  }
}

function chunk<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}
