import type { Db } from './sql-runner.js';
import { insertCoalescer, InsertStatements } from './insert-coalescer.js';
import { coalescible, readCoalescer, type CoalescibleRead } from './read-coalescer.js';
import { list, q, sql, type DialectSql } from './statements.js';
import { padded } from './turn-batches.js';

/** Where a document is: by id or by key, always within one project. */
export type RowAddress = { id: string } | { key: string };

/**
 * The statements of one document table (id, projectKey, key, version, createdAt, lastModifiedAt,
 * data, plus the table's own indexed columns), rendered once per dialect. Every write is conditional
 * on the version the caller read: the one optimistic-concurrency check every versioned resource
 * goes through.
 */
export class DocumentTable {
  private readonly byId: CoalescibleRead;
  private readonly byKey: CoalescibleRead;
  private readonly versionById: DialectSql;
  private readonly inserts: InsertStatements;
  private readonly updateSql: DialectSql;
  private readonly deleteSql: DialectSql;
  private readonly insertColumns: readonly string[];

  /** `columns`: every column written on insert and update besides id, projectKey and createdAt. */
  constructor(
    readonly table: string,
    private readonly columns: readonly string[],
  ) {
    const t = q(table);
    const json = (c: string) => (c === 'data' ? '$JSON' : '?');
    const read = (column: string) =>
      coalescible(sql(`SELECT $DATA AS "data" FROM ${t} WHERE "projectKey" = ? AND ${q(column)} = ?`), (count) =>
        sql(`SELECT ${q(column)} AS "v", $DATA AS "data" FROM ${t} WHERE "projectKey" = ? AND ${q(column)} IN (${list(count)})`),
      );
    this.byId = read('id');
    this.byKey = read('key');
    this.versionById = sql(`SELECT "version" FROM ${t} WHERE "projectKey" = ? AND "id" = ?`);
    this.insertColumns = ['id', 'projectKey', 'createdAt', ...columns];
    this.inserts = new InsertStatements(table, this.insertColumns);
    this.updateSql = sql(`UPDATE ${t} SET ${columns.map((c) => `${q(c)} = ${json(c)}`).join(', ')} WHERE "projectKey" = ? AND "id" = ? AND "version" = ?`);
    this.deleteSql = sql(`DELETE FROM ${t} WHERE "projectKey" = ? AND "id" = ? AND "version" = ?`);
  }

  /**
   * The stored document as JSON text, or undefined. Not async: the read's own promise is handed on
   * (an async wrapper would add turns to every GET).
   */
  readText(db: Db, projectKey: string, at: RowAddress): Promise<string | undefined> {
    // On SQLite, from memory while nothing was committed since (see committed-read-cache.ts).
    if (db.cachedText) {
      return 'id' in at
        ? db.cachedText(`${this.table}\u0000id\u0000${projectKey}\u0000${at.id}`, this.byId.one.sqlite, [projectKey, at.id])
        : db.cachedText(`${this.table}\u0000key\u0000${projectKey}\u0000${at.key}`, this.byKey.one.sqlite, [projectKey, at.key]);
    }
    // On PostgreSQL, reads of one turn share a statement (see read-coalescer.ts).
    return 'id' in at ? readCoalescer.read(db, this.byId, [projectKey], at.id) : readCoalescer.read(db, this.byKey, [projectKey], at.key);
  }

  async read<T>(db: Db, projectKey: string, at: RowAddress): Promise<T | undefined> {
    const text = await this.readText(db, projectKey, at);
    return text === undefined ? undefined : (JSON.parse(text) as T);
  }

  /** The stored documents of those ids that exist, in no particular order: one statement for all of them. */
  async readMany<T>(db: Db, projectKey: string, ids: readonly string[]): Promise<T[]> {
    if (ids.length === 0) return [];
    if (ids.length === 1) {
      const one = await this.read<T>(db, projectKey, { id: ids[0] });
      return one === undefined ? [] : [one];
    }
    // The coalesced reads' statement, padded the same way.
    const all = padded(ids);
    const rows = await db.rows<{ data: string }>(this.byId.many(all.length)[db.dialect], [projectKey, ...all]);
    return rows.map((row) => JSON.parse(row.data) as T);
  }

  async currentVersion(db: Db, projectKey: string, id: string): Promise<number | undefined> {
    return (await db.first<{ version: number }>(this.versionById[db.dialect], [projectKey, id]))?.version;
  }

  /** `values` holds every column of the constructor's list (`data` as an object). */
  async insert(db: Db, values: Record<string, unknown>): Promise<void> {
    // On PostgreSQL, inserts of one turn share a statement (see insert-coalescer.ts).
    await insertCoalescer.insert(
      db,
      this.inserts,
      this.insertColumns.map((c) => values[c]),
    );
  }

  /** Writes the new column values if the row is still at `version`; answers whether it was. */
  async updateIfVersion(db: Db, projectKey: string, id: string, version: number, values: Record<string, unknown>): Promise<boolean> {
    return (await db.executeRaw(this.updateSql[db.dialect], [...this.columns.map((c) => values[c]), projectKey, id, version])) > 0;
  }

  async deleteIfVersion(db: Db, projectKey: string, id: string, version: number): Promise<boolean> {
    return (await db.executeRaw(this.deleteSql[db.dialect], [projectKey, id, version])) > 0;
  }
}
