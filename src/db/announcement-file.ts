import { randomFillSync } from 'node:crypto';
import { fstatSync, openSync, writeFileSync, writeSync } from 'node:fs';
import { PolledBytes } from './polled-bytes.js';

/** Bytes of one slot: a random value, new with every announcement. */
const SLOT = 16;

/**
 * A small file beside an SQLite database through which the processes on it (workers, instances,
 * the administration command line) tell each other that something they may hold in memory changed,
 * one slot per kind of change (tokens revoked, projects changed, ...).
 *
 * Why a file and not the database: the question "did anyone announce something?" is asked before
 * every use of a cached token, so it must cost no more than a look at shared memory (or one `pread`;
 * polled-bytes.ts), and a commit that
 * revokes nothing (every create or update) must not count as an announcement.
 *
 * Why it is exact: an announcement writes a value no process wrote before (random) into its slot after
 * the change it announces was committed and before that change is acknowledged; Linux serves every
 * process's reads of the file from the same page cache, so a request that starts after the
 * acknowledgement reads a value other than the one its process saw last. A read during a write may
 * see a mix of both values: also a change, which only makes a process forget its caches once too often.
 */
export class AnnouncementFile {
  private readonly file: PolledBytes;

  private constructor(
    private readonly fd: number,
    private readonly slots: number,
  ) {
    this.file = new PolledBytes(fd, slots * SLOT);
  }

  static open(path: string, slots: number): AnnouncementFile {
    try {
      writeFileSync(path, randomFillSync(Buffer.alloc(slots * SLOT)), { flag: 'wx', mode: 0o600 });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    }
    const fd = openSync(path, 'r+');
    // A file made by an older version with fewer slots gets the missing ones (random, like new ones)
    // before it is mapped: the mapping must never reach past the file's end. Another process doing the
    // same at once writes other random bytes there, which reads as one announcement too many, never a missed one.
    const size = fstatSync(fd).size;
    if (size < slots * SLOT) writeSync(fd, randomFillSync(Buffer.alloc(slots * SLOT - size)), 0, slots * SLOT - size, size);
    return new AnnouncementFile(fd, slots);
  }

  /**
   * Announces a change of one kind. What this process itself saw last stays as it was: another
   * process may have announced something just before, which its own next `changed()` must not miss.
   */
  announce(slot: number): void {
    writeSync(this.fd, randomFillSync(Buffer.alloc(SLOT)), 0, SLOT, slot * SLOT);
  }

  /** The slots in which anyone (this process included) announced something since the previous call. */
  changed(): number[] {
    const previous = this.file.poll();
    if (previous === undefined) return [];
    const slots: number[] = [];
    for (let slot = 0; slot < this.slots; slot++) {
      const start = slot * SLOT;
      if (this.file.bytes.compare(previous, start, start + SLOT, start, start + SLOT) !== 0) slots.push(slot);
    }
    return slots;
  }

  close(): void {
    this.file.close();
  }
}
