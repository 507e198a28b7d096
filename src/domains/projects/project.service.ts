import type { Project, ProjectUpdate, ProjectUpdateAction } from '../../../generated/openapi/client/types.gen.js';

import type { AppServices, RequestContext } from '../../context.js';

import { isoNow } from '../../shared/clock.js';

import { TtlCache } from '../../shared/cache.js';

import { sql } from '../../db/statements.js';

import { translateUniqueViolation } from '../../db/unique-violations.js';

import { DuplicateFieldError, ResourceNotFoundError, InvalidFieldError } from '../../errors/api-error.js';
import { resolveAssociateRoleKey } from '../../resources/reference-resolvers.js';

import { introspectionUrlProblem } from '../../security/outbound-address.js';

import { removeProjectData } from '../../flows/project-removal.js';

import { applyUpdateActions, type ActionHandlers } from '../../resources/update-actions.js';

import { checkVersion, lostRace } from '../../resources/versioning.js';
import type { DomainEventSink } from '../../resources/domain-events.js';

// Every statement names the region: a project of another region is not there for this deployment.
const SELECT = sql('SELECT $DATA AS "data" FROM "Project" WHERE "key" = ? AND "region" = ?');
const SELECT_ALL = sql('SELECT $DATA AS "data" FROM "Project" WHERE "region" = ? ORDER BY "key"');
const ELSEWHERE = sql('SELECT 1 AS "found" FROM "Project" WHERE "key" = ? AND "region" <> ?');
const SELECT_VERSION = sql('SELECT "version" FROM "Project" WHERE "key" = ? AND "region" = ?');
const INSERT = sql('INSERT INTO "Project" ("key", "region", "version", "createdAt", "lastModifiedAt", "data") VALUES (?, ?, ?, ?, ?, $JSON)');
const UPDATE = sql('UPDATE "Project" SET "version" = ?, "lastModifiedAt" = ?, "data" = $JSON WHERE "key" = ? AND "region" = ? AND "version" = ?');

export type ProjectDocument = Project;

export interface ProjectDraft {
  key: string;
  name?: string;
  countries?: string[];
  currencies?: string[];
  languages?: string[];
}

const KEY_PATTERN = /^[A-Za-z0-9_-]{2,256}$/;

const actions: ActionHandlers<ProjectDocument, ProjectUpdateAction> = {
  changeName: (doc, a) => void (doc.name = a.name),
  changeCountries: (doc, a) => void (doc.countries = a.countries),
  changeCurrencies: (doc, a) => void (doc.currencies = a.currencies),
  changeLanguages: (doc, a) => void (doc.languages = a.languages),
  changeShoppingListsConfiguration: (doc, a) => void (doc.shoppingLists = a.shoppingListsConfiguration ?? {}),
  changeMyBusinessUnitStatusOnCreation: (doc, a) => {
    doc.businessUnits = { ...doc.businessUnits, myBusinessUnitStatusOnCreation: a.status };
  },
  // Stored as a key reference, as the platform answers it; the role must be one of the project's.
  setMyBusinessUnitAssociateRoleOnCreation: async (doc, a, ctx) => {
    const roleKey = await resolveAssociateRoleKey(ctx, a.associateRole);
    doc.businessUnits = {
      myBusinessUnitStatusOnCreation: doc.businessUnits?.myBusinessUnitStatusOnCreation ?? 'Inactive',
      myBusinessUnitAssociateRoleOnCreation: { typeId: 'associate-role', key: roleKey },
    };
  },
  setExternalOAuth: (doc, a, ctx) => {
    if (a.externalOAuth) {
      // Checked here for a clear answer to the admin; checked again on every call (the rules may change).
      const problem = introspectionUrlProblem(a.externalOAuth.url, ctx.app.config.externalOAuthAllowedHosts);
      if (problem) throw new InvalidFieldError('externalOAuth.url', a.externalOAuth.url, undefined, problem);
      doc.externalOAuth = a.externalOAuth;
    } else delete doc.externalOAuth;
  },
};

/**
 * Projects: every resource lives in one. Reads are served from an in-process cache that this
 * process's writes keep exact; what other instances change arrives through the invalidation bus
 * (src/db/invalidation-bus.ts: on an SQLite file asked before every cached read, on PostgreSQL
 * pushed, with the cache TTL as the bound if a notification is lost).
 *
 * A project lives in the region of the deployment that created it (REGION, stored with the row).
 * Deployments of other regions do not see it, even on the same database: it is not found, its API
 * clients and tokens are refused, and its key cannot be taken (nothing moves between regions).
 */
/** What the project domain announces (see resources/domain-events.ts). */
export interface ProjectEvents {
  /** After a project changed, e.g. so the external-OAuth settings are re-read. */
  'project.changed': { project: ProjectDocument };
  /** After a project and everything in it was deleted. */
  'project.deleted': { key: string };
}

export class ProjectService {
  /** Projects by key; its `stats` feed the metrics. */
  readonly cache: TtlCache<string, ProjectDocument>;
  constructor(
    private readonly app: AppServices,
    private readonly events: DomainEventSink<ProjectEvents>,
  ) {
    this.cache = new TtlCache(app.config.tokenCacheTtlMs, 10_000, () => app.clock.now());
  }

  /** The region of this deployment: where projects are created and the only one whose projects are seen. */
  get region(): string {
    return this.app.config.region;
  }

  /** The project, or 404 in the platform body. */
  async get(ctx: Pick<RequestContext, 'projectKey'>): Promise<ProjectDocument> {
    const doc = await this.find(ctx.projectKey);
    if (!doc) throw new ResourceNotFoundError(ctx.projectKey, `The project with key '${ctx.projectKey}' was not found.`);
    return doc;
  }

  async find(key: string): Promise<ProjectDocument | undefined> {
    this.app.invalidations?.poll();
    const cached = this.cache.get(key);
    if (cached) return cached;
    const db = this.app.db;
    const generation = this.cache.generation;
    const row = await db.first<{ data: string }>(SELECT[db.dialect], [key, this.app.config.region]);
    if (!row) return undefined;
    const doc = JSON.parse(row.data) as ProjectDocument;
    this.cache.setIfCurrent(generation, key, doc);
    return doc;
  }

  /** Whether `key` is a project of another region (stored in this database, served by that region's deployment). */
  async inOtherRegion(key: string): Promise<boolean> {
    const db = this.app.db;
    return (await db.value(ELSEWHERE[db.dialect], [key, this.app.config.region])) !== undefined;
  }

  async list(): Promise<ProjectDocument[]> {
    const db = this.app.db;
    const rows = await db.rows<{ data: string }>(SELECT_ALL[db.dialect], [this.app.config.region]);
    return rows.map((r) => JSON.parse(r.data) as ProjectDocument);
  }

  async create(draft: ProjectDraft): Promise<ProjectDocument> {
    if (!KEY_PATTERN.test(draft.key))
      throw new DuplicateFieldError('key', draft.key, `Invalid project key '${draft.key}': use 2-256 characters of [A-Za-z0-9_-].`);
    if (await this.find(draft.key)) throw new DuplicateFieldError('key', draft.key);
    const now = isoNow(this.app.clock);
    const doc: ProjectDocument = {
      key: draft.key,
      name: draft.name ?? draft.key,
      version: 1,
      countries: draft.countries ?? [],
      currencies: draft.currencies ?? [],
      languages: draft.languages ?? ['en'],
      createdAt: now,
      lastModifiedAt: now,
      messages: { enabled: false, deleteDaysAfterCreation: 15 },
      carts: { countryTaxRateFallbackEnabled: false, deleteDaysAfterLastModification: 90 },
      businessUnits: { myBusinessUnitStatusOnCreation: 'Inactive' },
    };
    const db = this.app.db;
    try {
      await db.executeRaw(INSERT[db.dialect], [doc.key, this.app.config.region, 1, now, now, doc]);
    } catch (err) {
      // Another instance created it first (concurrent bootstraps on one database), or the key is
      // taken in another region.
      throw translateUniqueViolation(err, [{ model: 'Project', fields: ['key'], primaryKey: true, error: () => new DuplicateFieldError('key', draft.key) }]);
    }
    this.cache.set(doc.key, doc);
    return doc;
  }

  /** Applies all actions or none; a stale `version` is a ConcurrentModification, never a lost update. */
  async update(ctx: RequestContext, update: ProjectUpdate): Promise<ProjectDocument> {
    const current = await this.readFresh(ctx.projectKey);
    checkVersion(current.key, update.version, current.version);
    const { doc, changed } = await applyUpdateActions(ctx, current, update.actions, actions);
    if (!changed) return current;
    doc.version = current.version + 1;
    doc.lastModifiedAt = isoNow(this.app.clock);
    const written = await ctx.db.executeRaw(UPDATE[ctx.db.dialect], [
      doc.version,
      doc.lastModifiedAt,
      doc,
      current.key,
      this.app.config.region,
      current.version,
    ]);
    if (written === 0) {
      this.cache.delete(current.key);
      await lostRace(
        current.key,
        update.version,
        async () => (await ctx.db.first<{ version: number }>(SELECT_VERSION[ctx.db.dialect], [current.key, this.app.config.region]))?.version,
      );
    }
    this.cache.set(doc.key, doc);
    await this.events.emit('project.changed', { project: doc });
    return doc;
  }

  /**
   * Deletes the project and everything in it (API clients and their tokens, resources), all or
   * nothing. Not an operation of the API: the administration command line offers it.
   */
  async delete(key: string): Promise<ProjectDocument> {
    const doc = await this.get({ projectKey: key });
    await this.app.db.transaction((tx) => removeProjectData(tx, key));
    this.cache.delete(key);
    await this.events.emit('project.deleted', { key });
    return doc;
  }

  /** Forgets one cached project (another instance changed it). */
  forget(key: string): void {
    this.cache.delete(key);
  }

  /** Forgets every cached project (the embedded server's reset() rewrote the table; another process announced a change). */
  forgetAll(): void {
    this.cache.clear();
  }

  private async readFresh(key: string): Promise<ProjectDocument> {
    this.cache.delete(key);
    return this.get({ projectKey: key });
  }
}
