import type { AppServices } from '../context.js';
import type { Db } from '../db/sql-runner.js';
import { sql } from '../db/statements.js';

/** The platform's default cart retention (spec "Limits"): 90 days after the last modification. */
export const DEFAULT_CART_RETENTION_DAYS = 90;
const DAY_MS = 86_400_000;
/** Any constant: the lock that makes one instance at a time run the job on a shared PostgreSQL. */
const RETENTION_LOCK = 727_311;

/** This deployment's projects only: another region's deployment keeps its own carts. */
const PROJECTS = sql('SELECT "key", $DATA AS "data" FROM "Project" WHERE "region" = ?');
const DELETE_EXPIRED = sql(
  'DELETE FROM "Cart" WHERE "projectKey" = ? AND (("deleteAfter" IS NOT NULL AND "deleteAfter" <= ?) OR ("deleteAfter" IS NULL AND "lastModifiedAt" <= ?))',
);
const COUNT = sql('SELECT COUNT(*) AS "n" FROM "Cart" WHERE "projectKey" = ?');
const DELETE_OLDEST = sql(
  'DELETE FROM "Cart" WHERE "id" IN (SELECT "id" FROM "Cart" WHERE "projectKey" = ? ORDER BY "lastModifiedAt", "id" LIMIT ?)',
);

export interface CartRetentionOptions {
  /** Carts a project may keep; past it the least recently modified are deleted. */
  maxCartsPerProject: number;
}

/**
 * Deletes the carts past their retention (spec "Limits"): a cart's own deleteDaysAfterLastModification,
 * else the project's `carts.deleteDaysAfterLastModification`, else 90 days; then, in a project over
 * its allowed number of carts, the least recently modified first. One transaction; on PostgreSQL it
 * holds an advisory lock, so with several instances on one database one runs it and the others skip
 * (answer undefined) instead of deleting the same rows concurrently.
 */
export async function runCartRetention(app: Pick<AppServices, 'db' | 'clock' | 'config'>, options: CartRetentionOptions): Promise<{ deleted: number } | undefined> {
  return app.db.transaction(async (db) => {
    if (db.dialect === 'postgresql' && !(await tryLock(db))) return undefined;
    const now = app.clock.now();
    let deleted = 0;
    for (const project of await db.rows<{ key: string; data: string }>(PROJECTS[db.dialect], [app.config.region])) {
      const data = (typeof project.data === 'string' ? JSON.parse(project.data) : project.data) as { carts?: { deleteDaysAfterLastModification?: number } };
      const days = data.carts?.deleteDaysAfterLastModification ?? DEFAULT_CART_RETENTION_DAYS;
      deleted += await db.executeRaw(DELETE_EXPIRED[db.dialect], [project.key, new Date(now).toISOString(), new Date(now - days * DAY_MS).toISOString()]);
      const count = Number((await db.first<{ n: number | string }>(COUNT[db.dialect], [project.key]))?.n ?? 0);
      if (count > options.maxCartsPerProject) deleted += await db.executeRaw(DELETE_OLDEST[db.dialect], [project.key, count - options.maxCartsPerProject]);
    }
    return { deleted };
  });
}

async function tryLock(db: Db): Promise<boolean> {
  const locked = await db.value<boolean | string>(`SELECT pg_try_advisory_xact_lock(${RETENTION_LOCK}) AS "locked"`);
  return locked === true || locked === 't';
}

/** Runs the retention job every `intervalMs` in the background; answers a function that stops it. */
export function startCartRetention(app: AppServices, options: CartRetentionOptions & { intervalMs: number }): () => void {
  if (options.intervalMs <= 0) return () => {};
  const timer = setInterval(() => {
    runCartRetention(app, options).then(
      (result) => {
        if (result && result.deleted > 0) app.logger.info({ deleted: result.deleted }, 'cart retention: deleted carts');
      },
      (err: unknown) => app.logger.warn({ err }, 'cart retention failed; retried at the next interval'),
    );
  }, options.intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}
