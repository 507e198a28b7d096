import type { Db } from '../../src/db/sql-runner.js';
import { sql } from '../../src/db/statements.js';

/** COUNT(*) of a table under a `?`-placeholder condition, on either database. */
export async function countRows(db: Db, table: string, where: string, params: unknown[]): Promise<number> {
  const statement = sql(`SELECT COUNT(*) AS "n" FROM "${table}" WHERE ${where}`);
  return (await db.first<{ n: number }>(statement[db.dialect], params))?.n ?? -1;
}
