import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SqliteDatabase } from '../../src/db/sqlite-driver.js';

// The embedded database's writer never checkpoints its write-ahead log itself (that cost up to two
// fsyncs inside some request's commit); a worker thread does. If it did not, the database file would
// never receive the rows below and the log would grow without end.
const sqliteOnly = process.env.TEST_DATABASE_URL ? describe.skip : describe;

sqliteOnly('write-ahead log checkpoints (SQLite file)', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpa-ckpt-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('copies committed writes into the database file off the writer, and keeps them readable', async () => {
    const path = join(dir, 'db.sqlite');
    const db = new SqliteDatabase(path);
    try {
      await db.executeRaw('CREATE TABLE "t" ("id" INTEGER PRIMARY KEY, "v" TEXT)');
      const before = statSync(path).size;
      const writes = Array.from({ length: 2000 }, (_, i) => db.executeRaw('INSERT INTO "t" ("v") VALUES (?)', [`${i}`.padEnd(1000, 'x')]));
      await Promise.all(writes);
      // ~2 MB committed into the log; the checkpointer copies it into the file within a few ticks.
      const deadline = Date.now() + 10_000;
      while (statSync(path).size < before + 2_000_000 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
      expect(statSync(path).size).toBeGreaterThanOrEqual(before + 2_000_000);
      expect(await db.value('SELECT COUNT(*) FROM "t"')).toBe(2000);
    } finally {
      await db.close();
    }
  });

  it('stops its worker on close, so the file can be reopened and still holds every write', async () => {
    const path = join(dir, 'db.sqlite');
    const first = new SqliteDatabase(path);
    await first.executeRaw('CREATE TABLE "t" ("id" INTEGER PRIMARY KEY)');
    await Promise.all(Array.from({ length: 100 }, () => first.executeRaw('INSERT INTO "t" DEFAULT VALUES')));
    await first.close();
    const second = new SqliteDatabase(path);
    try {
      expect(await second.value('SELECT COUNT(*) FROM "t"')).toBe(100);
    } finally {
      await second.close();
    }
  });
});
