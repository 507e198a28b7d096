/**
 * Query engine at scale: by-key lookup, an indexed `where`, and the "iterate over all elements"
 * recipe (sort id asc, withTotal=false, where id > last) at 10k, 100k and 1M stored resources, run
 * through the engine on the embedded database. Each figure is the mean latency of one call.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { openDatabase, type Database } from '../src/db/database.js';
import { defineQueryableResource, localizedString, object, string, number, datetime, array, normalizeQueryParams, queryResources } from '../src/query/index.js';

const stores = defineQueryableResource({
  table: 'Store',
  typeId: 'store',
  fields: object({
    id: string(),
    key: string(),
    version: number(),
    createdAt: datetime(),
    lastModifiedAt: datetime(),
    name: localizedString(),
    languages: array(string()),
  }),
});

const PROJECT = 'bench';
const SIZES = (process.env.BENCH_SCALE_SIZES ?? '10000,100000,1000000').split(',').map(Number);
const OPS = Number(process.env.BENCH_SCALE_OPS ?? 2000);

async function fill(db: Database, from: number, to: number, ids: string[]): Promise<void> {
  const BATCH = 500;
  const now = new Date().toISOString();
  for (let start = from; start < to; start += BATCH) {
    const end = Math.min(to, start + BATCH);
    const values: string[] = [];
    const params: unknown[] = [];
    for (let i = start; i < end; i++) {
      const id = randomUUID();
      ids.push(id);
      const key = `store-${i}`;
      const doc = {
        id,
        key,
        version: 1,
        createdAt: now,
        lastModifiedAt: now,
        name: { en: `Store ${i}` },
        languages: ['en'],
        countries: [],
        distributionChannels: [],
        supplyChannels: [],
        productSelections: [],
      };
      const base = params.length;
      const ph = (n: number) => (db.dialect === 'sqlite' ? '?' : `$${base + n}`);
      values.push(`(${ph(1)}, ${ph(2)}, ${ph(3)}, 1, ${ph(4)}, ${ph(5)}, ${ph(6)})`);
      params.push(id, PROJECT, key, now, now, db.dialect === 'sqlite' ? JSON.stringify(doc) : doc);
    }
    await db.executeRaw(
      `INSERT INTO "Store" ("id", "projectKey", "key", "version", "createdAt", "lastModifiedAt", "data") VALUES ${values.join(', ')}`,
      params,
    );
  }
}

async function time(ops: number, fn: (i: number) => Promise<unknown>): Promise<number> {
  for (let i = 0; i < Math.min(200, ops); i++) await fn(i);
  const start = process.hrtime.bigint();
  for (let i = 0; i < ops; i++) await fn(i);
  return Number(process.hrtime.bigint() - start) / 1e3 / ops;
}

export interface ScaleRow {
  size: number;
  byKeyUs: number;
  whereUs: number;
  pageUs: number;
}

export async function runQueryScale(): Promise<ScaleRow[]> {
  const dir = mkdtempSync(join(tmpdir(), 'cpa-scale-'));
  const db = await openDatabase(process.env.BENCH_SCALE_DATABASE_URL ?? `file:${join(dir, 'scale.db')}`);
  const rows: ScaleRow[] = [];
  const ids: string[] = [];
  let filled = 0;
  try {
    for (const size of SIZES) {
      await fill(db, filled, size, ids);
      filled = size;
      const sortedIds = [...ids].sort();
      const pick = (i: number) => (i * 7919) % size;
      const byKeySql =
        db.dialect === 'sqlite'
          ? 'SELECT "data" FROM "Store" WHERE "projectKey" = ? AND "key" = ?'
          : 'SELECT "data" FROM "Store" WHERE "projectKey" = $1 AND "key" = $2';
      const byKeyUs = await time(OPS, (i) => db.queryRaw(byKeySql, [PROJECT, `store-${pick(i)}`]));
      const whereUs = await time(OPS, (i) =>
        queryResources(db, stores, normalizeQueryParams({ where: [`key = "store-${pick(i)}"`], withTotal: true }), { projectKey: PROJECT }),
      );
      const pageUs = await time(OPS, (i) =>
        queryResources(db, stores, normalizeQueryParams({ where: [`id > "${sortedIds[pick(i)]}"`], sort: ['id asc'], limit: 100, withTotal: false }), {
          projectKey: PROJECT,
        }),
      );
      rows.push({ size, byKeyUs, whereUs, pageUs });
      console.log(`${size} resources: by key ${byKeyUs.toFixed(0)} µs, indexed where ${whereUs.toFixed(0)} µs, page of 100 after id ${pageUs.toFixed(0)} µs`);
    }
  } finally {
    await db.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return rows;
}

export function scaleTable(rows: ScaleRow[]): string {
  const base = rows[0];
  const cell = (us: number, ref: number) => `${us.toFixed(0)} µs (${(us / ref).toFixed(2)}×)`;
  return [
    '| stored resources | by-key lookup | indexed `where key = ...` | page of 100, `where id > ...` sorted by id |',
    '|---|---|---|---|',
    ...rows.map(
      (r) => `| ${r.size.toLocaleString('en')} | ${cell(r.byKeyUs, base.byKeyUs)} | ${cell(r.whereUs, base.whereUs)} | ${cell(r.pageUs, base.pageUs)} |`,
    ),
  ].join('\n');
}

if (process.argv[1]?.endsWith('query-scale.ts')) {
  console.log(scaleTable(await runQueryScale()));
}
