import { closeSync, fstatSync, readSync } from 'node:fs';
import { createRequire } from 'node:module';

/** The part of `@riaskov/mmap-io` used here. */
interface MmapIo {
  map(size: number, protection: number, flags: number, fd: number, offset?: number): Buffer;
  PROT_READ: number;
  MAP_SHARED: number;
}

/**
 * The optional dependency that maps a file into memory, or undefined where it did not build (it is a
 * native addon): the bytes are then read with `pread`, which is exact too, only dearer.
 */
const mmapIo: MmapIo | undefined = (() => {
  try {
    return createRequire(import.meta.url)('@riaskov/mmap-io') as MmapIo;
  } catch {
    return undefined;
  }
})();

/** Whether `PolledBytes` reads through a shared memory mapping on this installation. */
export const memoryMappingAvailable = mmapIo !== undefined;

/**
 * The first bytes of a file that other processes change, read again on every `poll()` and compared
 * with the previous read: the shared mechanism of wal-index-version.ts and announcement-file.ts,
 * where a change anywhere in the bytes must never go unseen.
 *
 * Why a shared mapping: every request asks this twice (the announcement file before a cached token,
 * the WAL-index header before a cached document). A `pread` costs ~1-3 µs in a loop, and under load it
 * is also where the kernel hands the core to the load generator. In three A/B runs of GET store by id
 * (6 to 10 alternating rounds each) the mapping's median CPU per request was 84, 73 and 69 µs against
 * 104, 75 and 88 with `pread` (bench/notes.md). A
 * `MAP_SHARED` mapping reads the same page-cache pages that `pread` reads and that other processes'
 * `pwrite`s (the announcements) and SQLite's own mapping of its `-shm` file (the WAL-index header)
 * change, so the answer is the same, without a system call.
 *
 * What the mapping asks of the file: it must not shrink below the mapped bytes while mapped (reading
 * a page past the end of a file kills the process with SIGBUS). SQLite never shrinks the `-shm` file
 * while a connection of this process holds it open, and the mapping is dropped before the connection
 * closes; the announcement file is created at its full size and never written shorter.
 */
export class PolledBytes {
  /** The bytes as of the latest read. */
  private latest: Buffer;
  private spare: Buffer;
  /** The file's bytes themselves, live, when mapped. */
  private mapped: Buffer | undefined;

  constructor(
    private readonly fd: number,
    length: number,
    options: { memoryMapped?: boolean } = {},
  ) {
    this.latest = Buffer.alloc(length);
    this.spare = Buffer.alloc(length);
    // A file still shorter than the bytes (a `-shm` file SQLite has not set up yet) is read with pread, whose short read shows zeros.
    if (mmapIo && options.memoryMapped !== false && fstatSync(fd).size >= length) {
      try {
        this.mapped = mmapIo.map(length, mmapIo.PROT_READ, mmapIo.MAP_SHARED, fd, 0);
      } catch {
        // A file system that cannot map files: pread answers the same.
      }
    }
    this.read(this.latest);
  }

  /** Whether this instance reads through the mapping. */
  get memoryMapped(): boolean {
    return this.mapped !== undefined;
  }

  /** The bytes as of the latest read (a view, valid until the next `poll()`). */
  get bytes(): Buffer {
    return this.latest;
  }

  /** Reads the bytes again: the previous ones if they differ (a view, valid until the next call), else undefined. */
  poll(): Buffer | undefined {
    if (this.mapped) {
      if (this.mapped.equals(this.latest)) return undefined;
      // A copy: another process may be writing the bytes while they are compared later.
      this.mapped.copy(this.spare);
    } else {
      this.read(this.spare);
      if (this.spare.equals(this.latest)) return undefined;
    }
    [this.latest, this.spare] = [this.spare, this.latest];
    return this.spare;
  }

  close(): void {
    // The mapping itself goes with the buffer's garbage collection; nothing reads it after this.
    this.mapped = undefined;
    closeSync(this.fd);
  }

  private read(into: Buffer): void {
    if (this.mapped) {
      this.mapped.copy(into);
      return;
    }
    // A short read (a file cut by hand) leaves zeros: a change, never a missed one.
    into.fill(0);
    readSync(this.fd, into, 0, into.length, 0);
  }
}
