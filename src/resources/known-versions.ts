import { LRUCache } from 'lru-cache';
import type { Db } from '../db/sql-runner.js';

/** At most this many documents' text per resource table, and this many characters of it. */
const MAX_ENTRIES = 2_000;
const MAX_CHARACTERS = 8 * 1024 * 1024;

interface Known {
  version: number;
  /** The document as JSON.stringify wrote it (so it compares equal to a re-serialized copy). */
  text: string;
}

/**
 * The committed text of documents of one table that this instance last wrote (or read to update),
 * with their version: what an update by id starts from when the client sends that same version,
 * instead of reading the row again.
 *
 * Why it can never make an update stale: the text of a document at a version never changes, because
 * every write of a document goes through the conditional write that bumps its version
 * (DocumentRepository.replace), and only committed text is remembered (never inside a transaction,
 * which may still roll back; after a group commit has answered). What this instance cannot know is
 * whether the version is still the latest, since another instance may have written since. The update
 * never answers on that assumption: a write is conditional on the version (`WHERE version = ?`), and
 * an update that writes nothing (no change, or an action refused) first confirms the version in the
 * database. Reads (GET, queries) never use it.
 */
export class KnownVersions {
  private readonly entries = new LRUCache<string, Known>({ max: MAX_ENTRIES, maxSize: MAX_CHARACTERS, sizeCalculation: (known) => known.text.length + 64 });

  /** The text at `version`, if that is the version this instance last knew. */
  recall(db: Db, projectKey: string, id: string, version: number): string | undefined {
    if (db.inTransaction) return undefined;
    const known = this.entries.get(entryKey(projectKey, id));
    return known?.version === version ? known.text : undefined;
  }

  /** After a committed write or a read outside a transaction; an older version never replaces a newer one. */
  remember(db: Db, projectKey: string, id: string, version: number, text: string): void {
    if (db.inTransaction || text.length > MAX_CHARACTERS / 4) return;
    const key = entryKey(projectKey, id);
    const known = this.entries.peek(key);
    if (known === undefined || known.version < version) this.entries.set(key, { version, text });
  }

  forget(projectKey: string, id: string): void {
    this.entries.delete(entryKey(projectKey, id));
  }
}

function entryKey(projectKey: string, id: string): string {
  return `${projectKey}\u0000${id}`;
}
