import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqliteClient } from '../../generated/prisma/sqlite/client/client.js';
import { PrismaClient as PostgresClient } from '../../generated/prisma/postgresql/client/client.js';
import type { Dialect, SqlRunner } from './sql-runner.js';
import { applyMigrations } from './migrate.js';

/**
 * Both generated clients come from one model definition, so their model APIs are identical; the
 * SQLite client's type stands for both (the provider difference is confined to this module).
 */
export type PrismaClient = SqliteClient;

export interface Database extends SqlRunner {
  readonly prisma: PrismaClient;
  readonly url: string;
  /** Runs `fn` in one interactive transaction; the runner it receives shares that transaction. */
  transaction<T>(fn: (tx: TransactionRunner) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** The transaction-bound Prisma client plus raw SQL on the same connection. */
export interface TransactionRunner extends SqlRunner {
  readonly prisma: Omit<PrismaClient, '$connect' | '$disconnect' | '$on' | '$transaction' | '$extends'>;
}

export function dialectOf(url: string): Dialect {
  if (/^postgres(ql)?:\/\//.test(url)) return 'postgresql';
  if (url.startsWith('file:')) return 'sqlite';
  throw new Error(`Unsupported DATABASE_URL ${JSON.stringify(url.replace(/\/\/[^@]*@/, '//***@'))}: use file:<path> or postgresql://...`);
}

/** Opens the database named by `url`, applies pending migrations and returns the handle. */
export async function openDatabase(url: string): Promise<Database> {
  const dialect = dialectOf(url);
  const prisma = dialect === 'sqlite' ? await openSqlite(url) : openPostgres(url);
  const db = createDatabase(prisma, dialect, url);
  await applyMigrations(db);
  return db;
}

async function openSqlite(url: string): Promise<PrismaClient> {
  const path = url.replace(/^file:/, '');
  const inMemory = path === ':memory:' || path === '';
  if (!inMemory) mkdirSync(dirname(path), { recursive: true });
  const adapter = new PrismaBetterSqlite3({ url: inMemory ? ':memory:' : path });
  const prisma = new SqliteClient({ adapter });
  // WAL lets readers proceed during a write; NORMAL is durable across process crashes in WAL mode.
  if (!inMemory) await prisma.$queryRawUnsafe('PRAGMA journal_mode = WAL');
  await prisma.$executeRawUnsafe('PRAGMA synchronous = NORMAL');
  await prisma.$executeRawUnsafe('PRAGMA foreign_keys = ON');
  // A 64 MB page cache and memory-mapped reads keep point reads off the read() syscall path on large tables.
  await prisma.$executeRawUnsafe('PRAGMA cache_size = -65536');
  if (!inMemory) await prisma.$queryRawUnsafe('PRAGMA mmap_size = 268435456');
  return prisma;
}

function openPostgres(url: string): PrismaClient {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  const adapter = new PrismaPg(
    { connectionString: parsed.toString(), max: 10, options: schema ? `-c search_path="${schema}"` : undefined },
    schema ? { schema } : undefined,
  );
  return new PostgresClient({ adapter }) as unknown as PrismaClient;
}

type RawCapable = Pick<PrismaClient, '$queryRawUnsafe' | '$executeRawUnsafe'>;

function rawRunner(client: RawCapable, dialect: Dialect): SqlRunner {
  return {
    dialect,
    async queryRaw<T>(sql: string, params: readonly unknown[] = []): Promise<T[]> {
      const rows = await client.$queryRawUnsafe<Record<string, unknown>[]>(sql, ...params);
      return rows.map(normalizeRow) as T[];
    },
    async executeRaw(sql: string, params: readonly unknown[] = []): Promise<number> {
      return client.$executeRawUnsafe(sql, ...params);
    },
  };
}

function createDatabase(prisma: PrismaClient, dialect: Dialect, url: string): Database {
  return {
    ...rawRunner(prisma, dialect),
    prisma,
    url,
    transaction<T>(fn: (tx: TransactionRunner) => Promise<T>): Promise<T> {
      return prisma.$transaction((tx) => fn({ ...rawRunner(tx, dialect), prisma: tx }), { timeout: 15000, maxWait: 15000 });
    },
    close: () => prisma.$disconnect(),
  };
}

/** SQLite hands back BigInt integers and JSON as text; PostgreSQL parsed jsonb. Make both look the same. */
function normalizeRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) {
    if (typeof v === 'bigint') out[k] = Number(v);
    else if (k === 'data' && typeof v === 'string') out[k] = JSON.parse(v);
    else out[k] = v;
  }
  return out;
}
