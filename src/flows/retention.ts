import type { Project } from '../../generated/openapi/client/types.gen.js';
import type { AppServices } from '../context.js';
import type { Db } from '../db/sql-runner.js';
import { q, sql, type DialectSql } from '../db/statements.js';

import { DAY_MS } from '../resources/retention-deadline.js';
/** Any constant: the lock that makes one instance at a time run the job on a shared PostgreSQL. */
const RETENTION_LOCK = 727_311;

/**
 * What the retention job deletes of one kind of resource (spec "Limits"): its table has the columns
 * `projectKey`, `id`, `lastModifiedAt` and `deleteAfter` (the resource's own deadline, see
 * `ownDeadline`).
 */
export interface RetentionRule {
  table: string;
  /** Days after the last modification, for resources that set none themselves: the project's setting, else the platform's default. */
  days(project: Project): number;
  /** Resources a project may keep; past it the least recently modified are deleted first. */
  maxPerProject: number;
}

interface Statements {
  deleteExpired: DialectSql;
  count: DialectSql;
  deleteOldest: DialectSql;
}
const statements = new Map<string, Statements>();

function statementsFor(table: string): Statements {
  let found = statements.get(table);
  if (!found) {
    const t = q(table);
    found = {
      deleteExpired: sql(
        `DELETE FROM ${t} WHERE "projectKey" = ? AND (("deleteAfter" IS NOT NULL AND "deleteAfter" <= ?) OR ("deleteAfter" IS NULL AND "lastModifiedAt" <= ?))`,
      ),
      count: sql(`SELECT COUNT(*) AS "n" FROM ${t} WHERE "projectKey" = ?`),
      deleteOldest: sql(`DELETE FROM ${t} WHERE "id" IN (SELECT "id" FROM ${t} WHERE "projectKey" = ? ORDER BY "lastModifiedAt", "id" LIMIT ?)`),
    };
    statements.set(table, found);
  }
  return found;
}

/** This deployment's projects only: another region's deployment keeps its own resources. */
const PROJECTS = sql('SELECT "key", $DATA AS "data" FROM "Project" WHERE "region" = ?');

/**
 * Deletes, per project and rule, the resources past their retention: their own deadline, else the
 * rule's days after their last modification; then, in a project over the allowed number, the least
 * recently modified first. One transaction; on PostgreSQL it holds an advisory lock, so with several
 * instances on one database one runs it and the others skip (answer undefined) instead of deleting
 * the same rows concurrently.
 */
export async function runRetention(
  app: Pick<AppServices, 'db' | 'clock' | 'config'>,
  rules: readonly RetentionRule[],
): Promise<{ deleted: number } | undefined> {
  return app.db.transaction(async (db) => {
    if (db.dialect === 'postgresql' && !(await tryLock(db))) return undefined;
    const now = app.clock.now();
    let deleted = 0;
    for (const row of await db.rows<{ key: string; data: string }>(PROJECTS[db.dialect], [app.config.region])) {
      const project = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as Project;
      for (const rule of rules) {
        const s = statementsFor(rule.table);
        const cutoff = new Date(now - rule.days(project) * DAY_MS).toISOString();
        deleted += await db.executeRaw(s.deleteExpired[db.dialect], [row.key, new Date(now).toISOString(), cutoff]);
        const count = Number((await db.first<{ n: number | string }>(s.count[db.dialect], [row.key]))?.n ?? 0);
        if (count > rule.maxPerProject) deleted += await db.executeRaw(s.deleteOldest[db.dialect], [row.key, count - rule.maxPerProject]);
      }
    }
    return { deleted };
  });
}

async function tryLock(db: Db): Promise<boolean> {
  const locked = await db.value<boolean | string>(`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS "locked"`);
  return locked === true || locked === 't';
}

/** Runs the retention job every `intervalMs` in the background; answers a function that stops it. */
export function startRetention(app: AppServices, rules: readonly RetentionRule[], intervalMs: number): () => void {
  if (intervalMs <= 0) return () => {};
  const timer = setInterval(() => {
    runRetention(app, rules).then(
      (result) => {
        if (result && result.deleted > 0) app.logger.info({ deleted: result.deleted }, 'retention: deleted resources past their retention');
      },
      (err: unknown) => app.logger.warn({ err }, 'retention failed; retried at the next interval'),
    );
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

/** The platform's default retention periods (spec "Limits"), in days after the last modification. */
export const DEFAULT_RETENTION_DAYS = { carts: 90, shoppingLists: 360 } as const;

/** Carts: their own deleteDaysAfterLastModification, else the project's `carts` setting, else 90 days. */
export const cartRetention = (maxPerProject: number): RetentionRule => ({
  table: 'Cart',
  days: (project) => project.carts?.deleteDaysAfterLastModification ?? DEFAULT_RETENTION_DAYS.carts,
  maxPerProject,
});

/** Shopping lists: their own deleteDaysAfterLastModification, else the project's `shoppingLists` setting, else 360 days. */
export const shoppingListRetention = (maxPerProject: number): RetentionRule => ({
  table: 'ShoppingList',
  days: (project) => project.shoppingLists?.deleteDaysAfterLastModification ?? DEFAULT_RETENTION_DAYS.shoppingLists,
  maxPerProject,
});
