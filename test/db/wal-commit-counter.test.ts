import BetterSqlite3 from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { walCommitCounter } from '../../src/db/wal-index-version.js';

/**
 * The commit counter the committed-read cache asks before every read on an SQLite file
 * (src/db/wal-index-version.ts): it must move with every commit by any connection, in this process or
 * another, and must not move without one.
 */
describe('the WAL commit counter', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpa-wal-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  function walDatabase(path: string): BetterSqlite3.Database {
    const db = new BetterSqlite3(path);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE IF NOT EXISTS t (id INTEGER PRIMARY KEY, v TEXT)');
    return db;
  }

  it('moves with each commit of a connection of this process, and only then', () => {
    const path = join(dir, 'a.db');
    const db = walDatabase(path);
    const counter = walCommitCounter(path)!;
    expect(counter).toBeDefined();
    const start = counter();
    expect(counter()).toBe(start);
    db.prepare('SELECT count(*) FROM t').get();
    expect(counter()).toBe(start);
    let last = start;
    for (let i = 0; i < 5; i++) {
      db.prepare('INSERT INTO t (v) VALUES (?)').run(`row ${i}`);
      const now = counter();
      expect(now).not.toBe(last);
      expect(counter()).toBe(now);
      last = now;
    }
    // A transaction that writes nothing commits nothing.
    db.exec('BEGIN; SELECT 1; COMMIT');
    expect(counter()).toBe(last);
    counter.close();
    db.close();
  });

  it('moves with a commit made by another process, after a checkpoint restarted the log too', () => {
    const path = join(dir, 'b.db');
    const db = walDatabase(path);
    const counter = walCommitCounter(path)!;
    const start = counter();
    const write = (sql: string) =>
      execFileSync(
        process.execPath,
        ['-e', `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(path)}); d.exec(${JSON.stringify(sql)}); d.close();`],
        {
          cwd: process.cwd(),
        },
      );
    write("INSERT INTO t (v) VALUES ('other process')");
    const afterFirst = counter();
    expect(afterFirst).not.toBe(start);
    // The log is checkpointed and restarts from its first frame: the next commit still moves the counter.
    db.pragma('wal_checkpoint(TRUNCATE)');
    const afterCheckpoint = counter();
    write("INSERT INTO t (v) VALUES ('after the checkpoint')");
    expect(counter()).not.toBe(afterCheckpoint);
    expect(db.prepare('SELECT count(*) AS n FROM t').get()).toEqual({ n: 2 });
    counter.close();
    db.close();
  });

  it('is undefined for a file that is not in WAL mode (the caller then asks SQLite)', () => {
    const path = join(dir, 'c.db');
    const db = new BetterSqlite3(path);
    db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY)');
    expect(walCommitCounter(path)).toBeUndefined();
    db.close();
  });
});
