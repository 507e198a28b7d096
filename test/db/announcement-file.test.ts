import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { AnnouncementFile } from '../../src/db/announcement-file.js';

/**
 * The file through which the processes on one SQLite file tell each other that cached tokens or
 * projects changed (src/db/announcement-file.ts): every announcement, by any process, must be seen
 * by every other holder of the file at its next look, in its own slot, and nothing else may look like one.
 */
describe('the announcement file', () => {
  let dir: string;
  let path: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'cpa-announce-'));
    path = join(dir, 'db-invalidations');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is created readable by its owner only, and reports nothing until someone announces', () => {
    const a = AnnouncementFile.open(path, 2);
    const b = AnnouncementFile.open(path, 2);
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(path).size).toBe(32);
    expect([a.changed(), b.changed(), a.changed()]).toEqual([[], [], []]);
    a.close();
    b.close();
  });

  it('shows each announcement to every other holder once, in its slot', () => {
    const [a, b, c] = [AnnouncementFile.open(path, 2), AnnouncementFile.open(path, 2), AnnouncementFile.open(path, 2)];
    a.announce(0);
    expect(b.changed()).toEqual([0]);
    expect(b.changed()).toEqual([]);
    b.announce(1);
    a.announce(0);
    expect(c.changed()).toEqual([0, 1]);
    expect(b.changed()).toEqual([0, 1]);
    for (const f of [a, b, c]) f.close();
  });

  it("shows a holder its own announcement too, so one that overwrote another holder's value misses nothing", () => {
    const [a, b] = [AnnouncementFile.open(path, 2), AnnouncementFile.open(path, 2)];
    // b announces while a has not looked since; a then announces in the same slot, overwriting b's value.
    b.announce(0);
    a.announce(0);
    expect(a.changed()).toEqual([0]);
    for (const f of [a, b]) f.close();
  });

  it('gives a file made with fewer slots (by an older version) the missing ones, without disturbing its holders', () => {
    const old = AnnouncementFile.open(path, 2);
    const current = AnnouncementFile.open(path, 3);
    expect(statSync(path).size).toBe(48);
    expect(old.changed()).toEqual([]);
    current.announce(2);
    const later = AnnouncementFile.open(path, 3);
    expect(later.changed()).toEqual([]);
    expect(current.changed()).toEqual([2]);
    old.announce(0);
    expect(current.changed()).toEqual([0]);
    for (const f of [old, current, later]) f.close();
  });

  it('shows an announcement made by another process', () => {
    const a = AnnouncementFile.open(path, 2);
    const root = fileURLToPath(new URL('../../', import.meta.url));
    const script = `import { AnnouncementFile } from './src/db/announcement-file.ts'; const f = AnnouncementFile.open(${JSON.stringify(path)}, 2); f.announce(1); f.close();`;
    execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: root, env: { ...process.env, NODE_OPTIONS: '' } });
    expect(a.changed()).toEqual([1]);
    expect(a.changed()).toEqual([]);
    a.close();
  });
});
