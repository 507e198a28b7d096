import type { Project, ProjectUpdate, ProjectUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { AppServices, RequestContext } from '../context.js';
import { isoNow } from '../clock.js';
import { TtlCache } from '../cache.js';
import { ConcurrentModificationError, DuplicateFieldError, ResourceNotFoundError } from '../errors/api-error.js';
import { applyUpdateActions, type ActionHandlers } from './update-actions.js';

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
  setExternalOAuth: (doc, a) => {
    if (a.externalOAuth) doc.externalOAuth = a.externalOAuth;
    else delete doc.externalOAuth;
  },
};

/**
 * Projects: every resource lives in one. Reads are served from an in-process cache that this
 * process's writes keep exact; other instances see a change within the cache TTL.
 */
export class ProjectService {
  private readonly cache: TtlCache<string, ProjectDocument>;
  /** Called after a project changed, e.g. so the external-OAuth settings are re-read. */
  readonly changed = new Set<(doc: ProjectDocument) => void>();

  constructor(private readonly app: AppServices) {
    this.cache = new TtlCache(app.config.tokenCacheTtlMs, 10_000, () => app.clock.now());
  }

  /** The project, or 404 in the platform body. */
  async get(ctx: Pick<RequestContext, 'projectKey'>): Promise<ProjectDocument> {
    const doc = await this.find(ctx.projectKey);
    if (!doc) throw new ResourceNotFoundError(ctx.projectKey, `The project with key '${ctx.projectKey}' was not found.`);
    return doc;
  }

  async find(key: string): Promise<ProjectDocument | undefined> {
    const cached = this.cache.get(key);
    if (cached) return cached;
    const row = await this.app.db.prisma.project.findUnique({ where: { key } });
    if (!row) return undefined;
    const doc = row.data as unknown as ProjectDocument;
    this.cache.set(key, doc);
    return doc;
  }

  async list(): Promise<ProjectDocument[]> {
    const rows = await this.app.db.prisma.project.findMany({ orderBy: { key: 'asc' } });
    return rows.map((r) => r.data as unknown as ProjectDocument);
  }

  async create(draft: ProjectDraft): Promise<ProjectDocument> {
    if (!KEY_PATTERN.test(draft.key)) throw new DuplicateFieldError('key', draft.key, `Invalid project key '${draft.key}': use 2-256 characters of [A-Za-z0-9_-].`);
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
    };
    await this.app.db.prisma.project.create({ data: { key: doc.key, version: 1, createdAt: now, lastModifiedAt: now, data: doc as object } });
    this.cache.set(doc.key, doc);
    return doc;
  }

  /** Applies all actions or none; a stale `version` is a ConcurrentModification, never a lost update. */
  async update(ctx: RequestContext, update: ProjectUpdate): Promise<ProjectDocument> {
    const current = await this.readFresh(ctx.projectKey);
    if (current.version !== update.version) throw new ConcurrentModificationError(current.key, update.version, current.version);
    const { doc, changed } = await applyUpdateActions(ctx, current, update.actions, actions);
    if (!changed) return current;
    doc.version = current.version + 1;
    doc.lastModifiedAt = isoNow(this.app.clock);
    const { count } = await this.app.db.prisma.project.updateMany({
      where: { key: current.key, version: current.version },
      data: { version: doc.version, lastModifiedAt: doc.lastModifiedAt, data: doc as object },
    });
    if (count === 0) {
      const latest = await this.readFresh(ctx.projectKey);
      throw new ConcurrentModificationError(current.key, update.version, latest.version);
    }
    this.cache.set(doc.key, doc);
    for (const listener of this.changed) listener(doc);
    return doc;
  }

  private async readFresh(key: string): Promise<ProjectDocument> {
    this.cache.delete(key);
    return this.get({ projectKey: key });
  }
}
