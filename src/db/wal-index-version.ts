import { openSync } from 'node:fs';
import { PolledBytes } from './polled-bytes.js';
import { endianness } from 'node:os';

/** Both copies of the WAL-index header (48 bytes each) at the start of the `-shm` file. */
const HEADER_BYTES = 96;
/** The header's first field, `iVersion`, in every SQLite since WAL mode exists (sqlite.org/walformat.html). */
const WAL_INDEX_VERSION = 3007000;

export interface CommitCounter {
  /** A number that changes whenever any connection has committed to the file since the last call. */
  (): number;
  close(): void;
}

/**
 * Whether anyone committed to an SQLite file in WAL mode, read from its WAL-index header.
 *
 * Why: `PRAGMA data_version` answers the same question but takes and drops SQLite's WAL read lock
 * (fcntl calls on the `-shm` file), ~2.3 µs in a loop and ~9 µs of a request's wall time under load;
 * comparing the header through a shared mapping of the file costs well under 1 µs, and one `pread` where
 * the mapping is not available ~1 µs (polled-bytes.ts; bench/notes.md, sessions 13 and 14).
 *
 * Why it is exact: every commit, by any connection of any process, rewrites the header (its change
 * counter `iChange` grows by one, `mxFrame` moves) before the commit is visible to readers, and
 * so before it can be acknowledged; the `-shm` file is shared memory that every process maps, and
 * this process maps or reads the same pages. The two copies are written one after the other, so a read
 * during a commit may see them differ: any difference from the previous read counts as a change, which
 * only empties a cache too often, never too rarely. The format is shared by every SQLite version that
 * may open the file at the same time, so it does not change; a header that does not start with the
 * known version makes this answer undefined (the caller then asks SQLite).
 */
export function walCommitCounter(databasePath: string): CommitCounter | undefined {
  let header: PolledBytes;
  try {
    header = new PolledBytes(openSync(`${databasePath}-shm`, 'r'), HEADER_BYTES);
  } catch {
    return undefined;
  }
  // The wal-index is in the machine's byte order.
  const version = endianness() === 'LE' ? header.bytes.readUInt32LE(0) : header.bytes.readUInt32BE(0);
  // The file stays open (see below) even when it is not used.
  if (version !== WAL_INDEX_VERSION) return undefined;
  let commits = 0;
  const counter = (): number => {
    if (header.poll() !== undefined) commits++;
    return commits;
  };
  // Closing a descriptor of the `-shm` file would release every POSIX lock this process holds on it,
  // SQLite's included (fcntl locks belong to the process, not the descriptor): another process opening
  // the database would then find no live connection and reset the file under this process's mappings,
  // which read past its end (SIGBUS). So the descriptor and its mapping live as long as the process:
  // one per database file opened, a few hundred bytes.
  return Object.assign(counter, { close: () => undefined });
}
