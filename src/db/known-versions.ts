import { LRUCache } from 'lru-cache';
/** The handle a call runs on: outside a transaction, or in one (which may still roll back). */
type Handle = { readonly inTransaction: boolean };

/**
 * At most this many documents' text per resource table, and this many characters of it. The cache
 * belongs to the database handle (Db.knownVersions), so it lives and ends with it.
 */
const MAX_ENTRIES = 2_000;
const MAX_CHARACTERS = 8 * 1024 * 1024;

interface Known {
  version: number;
  /** The document as JSON.stringify wrote it (so it compares equal to a re-serialized copy). */
  text: string;
}

/**
 * The committed text of documents that this instance last wrote (or read to update), per table,
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
  private readonly tables = new Map<string, LRUCache<string, Known>>();

  private entries(table: string): LRUCache<string, Known> {
    let entries = this.tables.get(table);
    if (entries === undefined) {
      entries = new LRUCache<string, Known>({ max: MAX_ENTRIES, maxSize: MAX_CHARACTERS, sizeCalculation: (known) => known.text.length + 64 });
      this.tables.set(table, entries);
    }
    return entries;
  }

  /** The text at `version`, if that is the version this instance last knew. */
  recall(db: Handle, table: string, projectKey: string, id: string, version: number): string | undefined {
    if (db.inTransaction) return undefined;
    const known = this.entries(table).get(entryKey(projectKey, id));
    return known?.version === version ? known.text : undefined;
  }

  /** After a committed write or a read outside a transaction; an older version never replaces a newer one. */
  remember(db: Handle, table: string, projectKey: string, id: string, version: number, text: string): void {
    if (db.inTransaction || text.length > MAX_CHARACTERS / 4) return;
    const entries = this.entries(table);
    const key = entryKey(projectKey, id);
    const known = entries.peek(key);
    if (known === undefined || known.version < version) entries.set(key, { version, text });
  }

  /** Inside a transaction too: what it changes must not be recalled at the old version. */
  forget(table: string, projectKey: string, id: string): void {
    this.tables.get(table)?.delete(entryKey(projectKey, id));
  }
}

function entryKey(projectKey: string, id: string): string {
  return `${projectKey}\u0000${id}`;
}
