import pg from 'pg';
import { DatabaseUnavailableError, InvalidInputError } from '../errors/api-error.js';
import type { Db, Row } from './sql-runner.js';
import { bindValue, normalizeRow } from './row-values.js';
import { KnownVersions } from './known-versions.js';

const INT8 = 20;
// COUNT(*) is bigint; every count this service makes fits a JS number.
const types = {
  getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
    oid === INT8 ? (v: string) => Number(v) : pg.types.getTypeParser(oid, format ?? 'text')) as typeof pg.types.getTypeParser,
};

/**
 * Statement texts seen so far get a name, so each pooled connection parses and plans them once
 * (a named prepared statement). The set is bounded: past it, statements run unnamed, which is only
 * slower, never wrong.
 */
class StatementNames {
  private readonly names = new Map<string, string>();

  nameOf(sql: string): string | undefined {
    let name = this.names.get(sql);
    if (name === undefined && this.names.size < 1000) {
      name = `cpa_${this.names.size + 1}`;
      this.names.set(sql, name);
    }
    return name;
  }
}

type Queryable = pg.Pool | pg.PoolClient;

/** SQLSTATE classes and driver errors that mean "no usable connection", as opposed to a bad statement. */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  '57P01',
  '57P02',
  '57P03',
  '53300',
]);

function isUnavailable(err: unknown): boolean {
  const e = err as { code?: string; message?: string };
  if (typeof e?.code === 'string' && (UNAVAILABLE_CODES.has(e.code) || e.code.startsWith('08'))) return true;
  const message = e?.message ?? '';
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended unexpectedly/i.test(message);
}

/** Runs a database call; losing the connection becomes a clean 503 instead of an internal error. */
async function guarded<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (isUnavailable(err)) throw new DatabaseUnavailableError(err);
    // Class 22, data exceptions: a value the client sent that PostgreSQL cannot hold or compare
    // (a NUL character in text or JSON, a number or date out of its range). SQLite takes them; here
    // they are the client's error, not the server's.
    const code = (err as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('22')) {
      throw new InvalidInputError(`A value in the request cannot be stored or compared: ${(err as Error).message}.`);
    }
    throw err;
  }
}

function executor(client: Queryable, names: StatementNames, inTransaction: boolean, knownVersions: KnownVersions): Db {
  const query = (sql: string, params: readonly unknown[]) =>
    guarded(() => client.query<Row>({ name: names.nameOf(sql), text: sql, values: params.map(bindValue) }));
  return {
    dialect: 'postgresql',
    inTransaction,
    knownVersions,
    queryRaw: async <T>(sql: string, params: readonly unknown[] = []) => (await query(sql, params)).rows.map(normalizeRow) as T[],
    rows: async <T>(sql: string, params: readonly unknown[] = []) => (await query(sql, params)).rows as T[],
    first: async <T>(sql: string, params: readonly unknown[] = []) => (await query(sql, params)).rows[0] as T | undefined,
    value: async <T>(sql: string, params: readonly unknown[] = []) => {
      const row = (await query(sql, params)).rows[0];
      return row === undefined ? undefined : (Object.values(row)[0] as T);
    },
    executeRaw: async (sql: string, params: readonly unknown[] = []) => (await query(sql, params)).rowCount ?? 0,
  };
}

/** PostgreSQL, the production database, on a pool of the `pg` driver with named prepared statements. */
export class PostgresDatabase implements Db {
  readonly dialect = 'postgresql' as const;
  readonly inTransaction = false;
  readonly knownVersions = new KnownVersions();
  private readonly pool: pg.Pool;
  private readonly names = new StatementNames();
  private readonly direct: Db;
  /** The `?schema=` of the URL (Prisma's convention): the search path of every connection. */
  readonly schema?: string;

  constructor(private readonly connectionUrl: string) {
    const parsed = new URL(connectionUrl);
    const schema = parsed.searchParams.get('schema') ?? undefined;
    this.schema = schema;
    parsed.searchParams.delete('schema');
    this.pool = new pg.Pool({
      connectionString: parsed.toString(),
      max: 10,
      // While the database is unreachable a request fails within seconds instead of waiting forever.
      connectionTimeoutMillis: 3000,
      keepAlive: true,
      options: schema ? `-c search_path="${schema}"` : undefined,
      types,
    });
    // An idle connection that dies (server restart) must not crash the process; the next query reconnects.
    this.pool.on('error', () => undefined);
    this.direct = executor(this.pool, this.names, false, this.knownVersions);
  }

  queryRaw<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.direct.queryRaw<T>(sql, params);
  }

  rows<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
    return this.direct.rows<T>(sql, params);
  }

  first<T = Row>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return this.direct.first<T>(sql, params);
  }

  value<T = unknown>(sql: string, params: readonly unknown[] = []): Promise<T | undefined> {
    return this.direct.value<T>(sql, params);
  }

  executeRaw(sql: string, params: readonly unknown[] = []): Promise<number> {
    return this.direct.executeRaw(sql, params);
  }

  /** All-or-nothing on one pooled connection: `fn`'s statements commit together or roll back. */
  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    const client = await guarded(() => this.pool.connect());
    let broken: Error | undefined;
    try {
      await client.query('BEGIN');
      const result = await fn(executor(client, this.names, true, this.knownVersions));
      await client.query('COMMIT');
      return result;
    } catch (err) {
      try {
        await client.query('ROLLBACK');
      } catch (rollbackError) {
        broken = rollbackError as Error;
      }
      throw err;
    } finally {
      client.release(broken);
    }
  }

  /**
   * A connection of its own, outside the pool, with the pool's settings: for LISTEN and for session
   * advisory locks, which live exactly as long as the connection (see invalidation-bus.ts).
   */
  sessionClient(purpose: string): pg.Client {
    const parsed = new URL(this.connectionUrl);
    parsed.searchParams.delete('schema');
    // Named, so an operator can tell it apart in pg_stat_activity.
    const applicationName = `cpa-${purpose} ${this.schema ?? 'public'}`.slice(0, 63);
    return new pg.Client({ connectionString: parsed.toString(), connectionTimeoutMillis: 3000, keepAlive: true, types, application_name: applicationName });
  }

  /** Creates the URL's schema when it does not exist yet (a new deployment names a schema of its own). */
  async ensureSchema(): Promise<void> {
    if (this.schema === undefined || this.schema === 'public') return;
    await this.direct.executeRaw(`CREATE SCHEMA IF NOT EXISTS "${this.schema.replace(/"/g, '""')}"`);
  }

  /** Connections of the pool: open, idle, and requests waiting for one. */
  poolStats(): { total: number; idle: number; waiting: number } {
    return { total: this.pool.totalCount, idle: this.pool.idleCount, waiting: this.pool.waitingCount };
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
