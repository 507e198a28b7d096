import BetterSqlite3 from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { memoryMappingAvailable, PolledBytes } from '../../src/db/polled-bytes.js';

/**
 * The bytes other processes change, looked at before every use of a cached token or document
 * (src/db/polled-bytes.ts). Both ways of reading them (the shared mapping, and `pread` where the
 * mapping's addon did not build) must see every change, by this process or another, at the next look.
 */
describe('polled bytes', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpa-polled-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('read through a shared mapping wherever the optional addon is installed', () => {
    // The addon is an optional dependency: where npm installed it, a failure to load it must not pass unnoticed.
    expect(memoryMappingAvailable).toBe(existsSync(join(process.cwd(), 'node_modules/@riaskov/mmap-io/package.json')));
    const path = join(dir, 'f');
    writeFileSync(path, Buffer.alloc(32));
    const bytes = new PolledBytes(openSync(path, 'r'), 32);
    expect(bytes.memoryMapped).toBe(memoryMappingAvailable);
    bytes.close();
  });

  for (const memoryMapped of [true, false]) {
    describe(memoryMapped ? 'through the mapping' : 'with pread', () => {
      it('sees a write by this process and one by another process at the next poll, and nothing else', () => {
        const path = join(dir, 'f');
        writeFileSync(path, Buffer.alloc(32, 1));
        const bytes = new PolledBytes(openSync(path, 'r'), 32, { memoryMapped });
        expect(bytes.poll()).toBeUndefined();

        const writer = openSync(path, 'r+');
        writeSync(writer, Buffer.from([7]), 0, 1, 31);
        expect(bytes.poll()?.[31]).toBe(1);
        expect(bytes.bytes[31]).toBe(7);
        expect(bytes.poll()).toBeUndefined();

        execFileSync(process.execPath, [
          '-e',
          `const fs = require('fs'); const fd = fs.openSync(${JSON.stringify(path)}, 'r+'); fs.writeSync(fd, Buffer.from([9]), 0, 1, 0);`,
        ]);
        expect(bytes.poll()?.[0]).toBe(1);
        expect(bytes.bytes[0]).toBe(9);
        expect(bytes.poll()).toBeUndefined();
        bytes.close();
      });

      it("sees every commit of another process in SQLite's WAL-index header", () => {
        const path = join(dir, 'a.db');
        const db = new BetterSqlite3(path);
        db.pragma('journal_mode = WAL');
        db.exec('CREATE TABLE t (id INTEGER PRIMARY KEY, v TEXT)');
        const header = new PolledBytes(openSync(`${path}-shm`, 'r'), 96, { memoryMapped });
        expect(header.poll()).toBeUndefined();
        for (let i = 0; i < 3; i++) {
          execFileSync(
            process.execPath,
            ['-e', `const D = require('better-sqlite3'); const d = new D(${JSON.stringify(path)}); d.exec("INSERT INTO t (v) VALUES ('x')"); d.close();`],
            {
              cwd: process.cwd(),
            },
          );
          expect(header.poll()).toBeDefined();
          expect(header.poll()).toBeUndefined();
        }
        db.prepare('SELECT count(*) FROM t').get();
        expect(header.poll()).toBeUndefined();
        header.close();
        db.close();
      });
    });
  }
});
