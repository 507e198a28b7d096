import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { PrismaClient as SqliteClient } from '../../generated/prisma/sqlite/client/client.js';
import { PrismaClient as PostgresClient } from '../../generated/prisma/postgresql/client/client.js';
import { dialectOf } from '../../src/db/database.js';

/**
 * Both generated clients come from one model definition, so their model APIs are identical; the
 * SQLite client's type stands for both (the provider difference is confined to this module).
 */
export type PrismaClient = SqliteClient;

/**
 * A Prisma client on the same database, for checking the direct data path against Prisma's reading of
 * the schema (test/db/driver-equivalence.test.ts). On SQLite it opens its own connection, so it needs a file database.
 */
export function openPrisma(url: string): PrismaClient {
  if (dialectOf(url) === 'sqlite') return new SqliteClient({ adapter: new PrismaBetterSqlite3({ url: url.replace(/^file:/, '') }) });
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema') ?? undefined;
  parsed.searchParams.delete('schema');
  const adapter = new PrismaPg(
    { connectionString: parsed.toString(), max: 2, options: schema ? `-c search_path="${schema}"` : undefined },
    schema ? { schema } : undefined,
  );
  return new PostgresClient({ adapter }) as unknown as PrismaClient;
}
