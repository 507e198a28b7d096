import { closeSync, readSync } from 'node:fs';

/**
 * The first bytes of a file that other processes change, read again (one `pread`) on every `poll()`
 * and compared with the previous read: the shared mechanism of wal-index-version.ts and
 * announcement-file.ts, where a change anywhere in the bytes must never go unseen.
 */
export class PolledBytes {
  /** The bytes as of the latest read. */
  private latest: Buffer;
  private spare: Buffer;

  constructor(
    private readonly fd: number,
    length: number,
  ) {
    this.latest = Buffer.alloc(length);
    this.spare = Buffer.alloc(length);
    this.read(this.latest);
  }

  /** The bytes as of the latest read (a view, valid until the next `poll()`). */
  get bytes(): Buffer {
    return this.latest;
  }

  /** Reads the bytes again: the previous ones if they differ (a view, valid until the next call), else undefined. */
  poll(): Buffer | undefined {
    this.read(this.spare);
    if (this.spare.equals(this.latest)) return undefined;
    [this.latest, this.spare] = [this.spare, this.latest];
    return this.spare;
  }

  close(): void {
    closeSync(this.fd);
  }

  private read(into: Buffer): void {
    // A short read (a file cut by hand) leaves zeros: a change, never a missed one.
    into.fill(0);
    readSync(this.fd, into, 0, into.length, 0);
  }
}
