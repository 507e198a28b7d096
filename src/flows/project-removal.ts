import type { Db } from '../db/sql-runner.js';
import { columnsOf, tablesParentsFirst } from '../db/schema-tables.js';
import { q } from '../db/statements.js';

const SELECT_CLIENT_IDS = 'SELECT "id" FROM "ApiClient" WHERE "projectKey" = ?';

/**
 * Deletes everything of a project, the project last: every row of every table that has a
 * `projectKey` column, and rows that name one of its API clients in a `clientId` column (tokens).
 * Tables are found in the schema, so resources added later go with their project too. Runs in the
 * caller's transaction: all of it, or nothing.
 */
export async function removeProjectData(tx: Db, projectKey: string): Promise<void> {
  const p = (text: string) => (tx.dialect === 'sqlite' ? text : text.replace(/\?/g, '$1'));
  const tables = (await tablesParentsFirst(tx)).reverse();
  const columns = new Map<string, string[]>();
  for (const table of tables) columns.set(table, await columnsOf(tx, table));
  // Rows tied to the project only through one of its clients go first, while the clients are still there.
  for (const table of tables) {
    if (table !== 'ApiClient' && columns.get(table)!.includes('clientId')) {
      await tx.executeRaw(p(`DELETE FROM ${q(table)} WHERE "clientId" IN (${SELECT_CLIENT_IDS})`), [projectKey]);
    }
  }
  for (const table of tables) {
    if (columns.get(table)!.includes('projectKey')) await tx.executeRaw(p(`DELETE FROM ${q(table)} WHERE "projectKey" = ?`), [projectKey]);
  }
  await tx.executeRaw(p('DELETE FROM "Project" WHERE "key" = ?'), [projectKey]);
}
