import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import type { Db, Row } from './sql-runner.js';
import { AsyncMutex } from './async-mutex.js';
import { CommittedReadCache } from './committed-read-cache.js';
import { bindValue, normalizeRow } from './row-values.js';
import { startCheckpointer, type Checkpointer } from './sqlite-checkpointer.js';
import { walCommitCounter, type CommitCounter } from './wal-index-version.js';
import { KnownVersions } from './known-versions.js';

type Statement = BetterSqlite3.Statement<unknown[], Row>;

interface PendingWrite {
  sql: string;
  params: readonly unknown[];
  /** `changes`: the number of rows written (executeRaw); `rows`: the rows a RETURNING clause answers. */
  answer: 'changes' | 'rows';
  resolve: (result: number | Row[]) => void;
  reject: (err: unknown) => void;
}

/** One better-sqlite3 connection with its prepared statements, kept for the life of the connection. */
class Connection {
  private readonly statements = new Map<string, Statement>();
  private readonly plucking = new Map<string, Statement>();

  constructor(readonly raw: BetterSqlite3.Database) {}

  prepare(sql: string): Statement {
    let statement = this.statements.get(sql);
    if (statement === undefined) {
      statement = this.raw.prepare<unknown[], Row>(sql);
      // Statements are cached by their text; the query engine produces a bounded set of shapes, but
      // a pathological client could still vary them, so the cache is bounded too.
      if (this.statements.size >= 2000) this.statements.clear();
      this.statements.set(sql, statement);
    }
    return statement;
  }

  /** First column of the first row: a plucking copy of the statement, so no row object is built. */
  value(sql: string, params: readonly unknown[]): unknown {
    let statement = this.plucking.get(sql);
    if (statement === undefined) {
      statement = this.raw.prepare<unknown[], Row>(sql).pluck(true);
      if (this.plucking.size >= 2000) this.plucking.clear();
      this.plucking.set(sql, statement);
    }
    return statement.get(...params.map(bindValue));
  }

  rows(sql: string, params: readonly unknown[]): Row[] {
    const statement = this.prepare(sql);
    const values = params.map(bindValue);
    if (statement.reader) return statement.all(...values);
    statement.run(...values);
    return [];
  }

  run(sql: string, params: readonly unknown[]): number {
    const statement = this.prepare(sql);
    const values = params.map(bindValue);
    if (statement.reader) {
      statement.all(...values);
      return 0;
    }
    return statement.run(...values).changes;
  }
}

function open(path: string, readonly: boolean): BetterSqlite3.Database {
  const raw = new BetterSqlite3(path, { readonly });
  raw.pragma('busy_timeout = 5000');
  raw.pragma('cache_size = -65536');
  return raw;
}

/**
 * The embedded database on better-sqlite3, driven directly (a prepared statement costs a few µs;
 * the same read through Prisma's query compiler costs a few hundred).
 *
 * One writer connection and, for a file, one read connection beside it: in WAL mode the reader sees
 * every committed write and never a transaction in progress, so reads made while a transaction holds
 * the writer go there. better-sqlite3 is synchronous, so a
 * single statement can never interleave with another; a transaction spans awaits, so it holds the
 * writer mutex, and writes outside it wait for the mutex while it is held (otherwise they would
 * silently join the open transaction).
 */
export class SqliteDatabase implements Db {
  readonly dialect = 'sqlite' as const;
  readonly inTransaction = false;
  readonly knownVersions = new KnownVersions();
  private readonly writer: Connection;
  private readonly reader: Connection | undefined;
  private readonly lock = new AsyncMutex();
  private readonly checkpointer: Checkpointer | undefined;
  /** Documents read by id or key, between commits (file databases only: the question needs the read connection). */
  readonly committedReads: CommittedReadCache | undefined;
  private readonly commits: CommitCounter | undefined;

  constructor(path: string) {
    const inMemory = path === '' || path === ':memory:';
    if (!inMemory) mkdirSync(dirname(path), { recursive: true });
    const writer = open(inMemory ? ':memory:' : path, false);
    // WAL lets the reader proceed during a write; NORMAL is durable across process crashes in WAL mode.
    if (!inMemory) writer.pragma('journal_mode = WAL');
    writer.pragma('synchronous = NORMAL');
    writer.pragma('foreign_keys = ON');
    if (!inMemory) writer.pragma('mmap_size = 268435456');
    this.writer = new Connection(writer);
    if (!inMemory) {
      const reader = open(path, true);
      reader.pragma('mmap_size = 268435456');
      this.reader = new Connection(reader);
      // The reader never writes, so its data_version moves with every commit, this process's included;
      // the WAL-index header answers the same question without SQLite's read lock (wal-index-version.ts).
      const dataVersion = reader.prepare('PRAGMA data_version').pluck(true);
      // The first read opens the file's WAL index (the `-shm` file) for this process.
      dataVersion.get();
      this.commits = walCommitCounter(path);
      this.committedReads = new CommittedReadCache(this.commits ?? (() => dataVersion.get()));
      // Checkpoints run on a worker thread (see sqlite-checkpointer.ts); the log is cut back to
      // 64 MB whenever it restarts after one.
      writer.pragma('wal_autocheckpoint = 0');
      writer.pragma('journal_size_limit = 67108864');
      this.checkpointer = startCheckpointer(path);
    }
  }

  async queryRaw<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return (await this.rows(sql, params)).map(normalizeRow) as T[];
  }

  /**
   * Reads run on the writer while no transaction is open: its page cache holds what was just
   * written, where the reader would re-read changed pages through the WAL. While a transaction holds
   * the writer, plain reads go to the reader, which sees only committed data.
   */
  async rows<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    // A write that answers rows (RETURNING) is committed with the others of its turn, as executeRaw's.
    if (isWrite(sql)) return this.enqueue(sql, params, 'rows') as Promise<T[]>;
    if (!this.lock.locked) return this.writer.rows(sql, params) as T[];
    if (this.reader && isRead(sql)) return this.reader.rows(sql, params) as T[];
    return this.lock.run(async () => this.writer.rows(sql, params) as T[]);
  }

  async first<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return (await this.rows<T>(sql, params))[0];
  }

  async value<T = unknown>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    if (!this.lock.locked) return this.writer.value(sql, params) as T | undefined;
    if (this.reader && isRead(sql)) return this.reader.value(sql, params) as T | undefined;
    return this.lock.run(async () => this.writer.value(sql, params) as T | undefined);
  }

  /** `value` for a stored document's text, through the committed-read cache under `key` when there is one. */
  async cachedText(key: string, sql: string, params: readonly unknown[]): Promise<string | undefined> {
    if (!this.committedReads) return this.value<string>(sql, params);
    // The same connection choice as value(): both see only committed data here.
    const connection = this.lock.locked ? this.reader! : this.writer;
    return this.committedReads.get(key, () => connection.value(sql, params) as string | undefined);
  }

  /**
   * Writes outside a transaction are committed in groups: the writes that arrive while the event
   * loop is busy are committed together in one transaction a turn later (a failing statement is
   * rolled back alone, so it fails only its own caller). A commit is the expensive part of
   * a write; each caller is answered only after the commit that holds its write.
   */
  executeRaw(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.enqueue(sql, params, 'changes') as Promise<number>;
  }

  private enqueue(sql: string, params: readonly unknown[], answer: PendingWrite['answer']): Promise<number | Row[]> {
    return new Promise((resolve, reject) => {
      this.pending.push({ sql, params, answer, resolve, reject });
      // The commit runs two turns after the first write's, so that the writes of the requests whose
      // bytes arrive in those turns join it: under load a commit then holds more writes (with one turn
      // ~7 creates instead of ~5 with none). A commit's cost grows far less than its writes: the writes
      // of a group mostly change the same last pages of each B-tree, and each changed page goes to the
      // log once per commit (a frame of its own, two pwrites). The second turn measured (6 alternating
      // rounds, CPU per request): token 202 against 208 µs, create 71 against 75 µs (bench/notes.md). An idle loop runs the next turns at once, so a lone write waits a few µs more.
      if (this.pending.length === 1) setImmediate(() => setImmediate(() => setImmediate(() => void this.lock.run(async () => this.commitPending()))));
    });
  }

  private readonly pending: PendingWrite[] = [];

  private commitPending(): void {
    const batch = this.pending.splice(0);
    const writer = this.writer;
    if (batch.length === 1) {
      const [only] = batch;
      try {
        only.resolve(only.answer === 'rows' ? writer.rows(only.sql, only.params) : writer.run(only.sql, only.params));
      } catch (err) {
        only.reject(err);
      }
      return;
    }
    // Each write is one statement, and a failing statement is rolled back on its own (SQLite's
    // default ABORT conflict resolution) while the transaction stays open: so no savepoints are needed.
    const outcomes: Array<{ result: number | Row[] } | { error: unknown }> = [];
    try {
      writer.run('BEGIN IMMEDIATE', []);
      for (const write of batch) {
        try {
          outcomes.push({ result: write.answer === 'rows' ? writer.rows(write.sql, write.params) : writer.run(write.sql, write.params) });
        } catch (error) {
          outcomes.push({ error });
        }
      }
      writer.run('COMMIT', []);
    } catch (err) {
      if (writer.raw.inTransaction) writer.raw.exec('ROLLBACK');
      for (const write of batch) write.reject(err);
      return;
    }
    batch.forEach((write, i) => {
      const outcome = outcomes[i];
      if ('error' in outcome) write.reject(outcome.error);
      else write.resolve(outcome.result);
    });
  }

  /** All-or-nothing: `fn`'s statements commit together, or none of them is visible to anyone. */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    return this.lock.run(async () => {
      const writer = this.writer;
      // IMMEDIATE takes the write lock now, so another process on the same file cannot make this
      // transaction fail at its first write.
      writer.raw.exec('BEGIN IMMEDIATE');
      const tx: Db = {
        dialect: 'sqlite',
        inTransaction: true,
        knownVersions: this.knownVersions,
        queryRaw: async <R>(sql: string, params: readonly unknown[] = []) => writer.rows(sql, params).map(normalizeRow) as R[],
        rows: async <R>(sql: string, params: readonly unknown[] = []) => writer.rows(sql, params) as R[],
        first: async <R>(sql: string, params: readonly unknown[] = []) => writer.rows(sql, params)[0] as R | undefined,
        value: async <R>(sql: string, params: readonly unknown[] = []) => writer.value(sql, params) as R | undefined,
        executeRaw: async (sql: string, params: readonly unknown[] = []) => writer.run(sql, params),
      };
      try {
        const result = await fn(tx);
        writer.raw.exec('COMMIT');
        return result;
      } catch (err) {
        if (writer.raw.inTransaction) writer.raw.exec('ROLLBACK');
        throw err;
      }
    });
  }

  async close(): Promise<void> {
    await this.checkpointer?.stop();
    await this.lock.run(async () => {
      this.reader?.raw.close();
      this.commits?.close();
      this.writer.raw.close();
    });
  }
}

/** INSERT, UPDATE and DELETE (with or without RETURNING) are group-committed; PRAGMAs and DDL through rows() are not. */
function isWrite(sql: string): boolean {
  return /^\s*(INSERT|UPDATE|DELETE)\b/i.test(sql);
}

/** Plain SELECTs go to the read connection; anything else (PRAGMA, writes, RETURNING) to the writer. */
function isRead(sql: string): boolean {
  return /^\s*(SELECT|WITH)\b/i.test(sql) && !/\bRETURNING\b/i.test(sql);
}
