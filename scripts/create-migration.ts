/**
 * `npm run db:migration -- <name>`: writes a new migration for both databases from the change to
 * prisma/schema.prisma since the last migration.
 *
 * Prisma's CLI needs a native schema engine downloaded from Prisma's own host, which this project may
 * not reach; the same engine is published on npm compiled to WASM (@prisma/schema-engine-wasm). Each
 * migration folder keeps a snapshot of the datamodel it was made from, so a migration is a pure
 * diff snapshot -> current schema, needing no database at all.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createRequire } from 'node:module';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import { withPartialIndexes } from './partial-indexes.js';
import { renderSchema, PROVIDERS, type Provider } from './prisma-schema.js';

const name = process.argv[2];
if (!name || !/^[a-z0-9_]+$/.test(name)) {
  console.error('usage: npm run db:migration -- <snake_case_name>');
  process.exit(2);
}

// The package's entry imports the .wasm file as an ES module, which Node 20 cannot; instantiate it by hand.
const wasmPath = join(dirname(createRequire(import.meta.url).resolve('@prisma/schema-engine-wasm')), 'schema_engine_bg.wasm');
const { instance } = await WebAssembly.instantiate(readFileSync(wasmPath), { './schema_engine_bg.js': engineBindings });
engineBindings.__wbg_set_wasm(instance.exports);
(instance.exports.__wbindgen_start as () => void)();
const { SchemaEngine } = engineBindings;

/**
 * Tables PostgreSQL keeps out of its write-ahead log: a commit that touched only them does not wait
 * for a disk flush (the rate-limit counters: one upsert per counted event, ~0.3 ms instead of ~1.8 ms
 * on the benchmark machine). Their rows are lost in a crash or a failover, which for counters of
 * one-minute windows only means a fresh budget.
 */
const UNLOGGED = ['RateLimitWindow'];

const stampArg = process.argv.find((a) => a.startsWith('--stamp='));
const stamp = stampArg ? stampArg.slice('--stamp='.length) : new Date().toISOString().replace(/[-:T]/g, '').slice(0, 14);
let wrote = false;
for (const provider of PROVIDERS) {
  const dir = join('prisma', 'migrations', provider);
  mkdirSync(dir, { recursive: true });
  const previous = readdirSync(dir)
    .filter((d) => existsSync(join(dir, d, 'schema.snapshot.prisma')))
    .sort()
    .at(-1);
  const current = renderSchema(provider);
  let sql = await diff(provider, previous ? readFileSync(join(dir, previous, 'schema.snapshot.prisma'), 'utf8') : null, current);
  if (!sql.trim() || /^-- This is an empty migration/.test(sql.trim())) {
    console.log(`${provider}: no changes`);
    continue;
  }
  const folder = join(dir, `${stamp}_${name}`);
  // Text columns compare and sort by code point on PostgreSQL as on SQLite; with the "C" collation the
  // B-tree indexes also serve range conditions and ORDER BY (Prisma's schema cannot say this itself).
  if (provider === 'postgresql') sql = sql.replace(/^(\s+"\w+" TEXT)\b/gm, '$1 COLLATE "C"');
  if (provider === 'postgresql') for (const table of UNLOGGED) sql = sql.replace(`CREATE TABLE "${table}"`, `CREATE UNLOGGED TABLE "${table}"`);
  sql = withPartialIndexes(sql);
  mkdirSync(folder, { recursive: true });
  writeFileSync(join(folder, 'migration.sql'), sql);
  writeFileSync(join(folder, 'schema.snapshot.prisma'), current);
  console.log(`${provider}: wrote ${folder}/migration.sql`);
  wrote = true;
}
if (!wrote) console.log('nothing to migrate');

async function diff(provider: Provider, from: string | null, to: string): Promise<string> {
  const factory =
    provider === 'sqlite'
      ? new PrismaBetterSqlite3({ url: ':memory:' })
      : new PrismaPg({ connectionString: process.env.SHADOW_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres' });
  const engine = await SchemaEngine.new({ datamodels: [['schema.prisma', to]] }, () => undefined, bindMigrationAwareSqlAdapterFactory(factory));
  try {
    const result = await engine.diff({
      from: from === null ? { tag: 'empty' } : { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: from }] },
      to: { tag: 'schemaDatamodel', files: [{ path: 'schema.prisma', content: to }] },
      script: true,
      exitCode: null,
      filters: { externalTables: [], externalEnums: [] },
    });
    return result.stdout ?? '';
  } finally {
    engine.free();
  }
}
