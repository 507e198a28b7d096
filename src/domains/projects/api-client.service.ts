import type { AppServices, RequestContext } from '../../context.js';
import { isoNow } from '../../shared/clock.js';
import { InvalidInputError, ResourceNotFoundError } from '../../errors/api-error.js';
import { queryResources, resourceExists, type PagedQueryResult, type PredicateVariables, type QueryParams } from '../../query/index.js';
import { LRUCache } from 'lru-cache';
import { TtlCache } from '../../shared/cache.js';
import { list, sql } from '../../db/statements.js';
import { digestsEqual, hashSecret, randomToken, secretDigest, verifySecret } from '../../security/secrets.js';
import { apiClientResource } from '../../resources/queryable-resources.js';
import type { DomainEventSink } from '../../resources/domain-events.js';

/** The API representation of an API client; `secret` appears only in the create response. */
export interface ApiClientDocument {
  id: string;
  name: string;
  scope: string;
  createdAt: string;
  lastUsedAt?: string;
  deleteAt?: string;
  accessTokenValiditySeconds?: number;
  refreshTokenValiditySeconds?: number;
  secret?: string;
}

export interface ApiClientDraft {
  name: string;
  scope: string;
  accessTokenValiditySeconds?: number;
  refreshTokenValiditySeconds?: number;
  deleteDaysAfterCreation?: number;
}

/** What the API clients announce (see resources/domain-events.ts). */
export interface ApiClientEvents {
  /** After an API client was deleted (the OAuth module revokes its tokens). */
  'apiClient.deleted': { client: ApiClientRecord };
}

/** What the client operations read of the caller's context: the project, and the database or the caller's transaction. */
type ClientContext = Pick<RequestContext, 'db' | 'projectKey'>;

export interface ApiClientRecord {
  id: string;
  projectKey: string;
  scopes: string[];
  accessTokenValiditySeconds?: number;
  refreshTokenValiditySeconds?: number;
}

const INSERT = sql(
  'INSERT INTO "ApiClient" ("id", "projectKey", "createdAt", "lastModifiedAt", "name", "scope", "secretHash", ' +
    '"accessTokenValiditySeconds", "refreshTokenValiditySeconds", "data") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, $JSON)',
);
const COLUMNS = '"id", "projectKey", "scope", "secretHash", "accessTokenValiditySeconds", "refreshTokenValiditySeconds", "lastUsedAt", $DATA AS "data"';
/** Credentials are looked up by id alone: a client of another region's project is unknown here (see ProjectService). */
const BY_ID = sql(`SELECT ${COLUMNS} FROM "ApiClient" WHERE "id" = ? AND "projectKey" NOT IN (SELECT "key" FROM "Project" WHERE "region" <> ?)`);
const BY_PROJECT_AND_ID = sql(`SELECT ${COLUMNS} FROM "ApiClient" WHERE "projectKey" = ? AND "id" = ?`);
const BY_PROJECT = sql(`SELECT ${COLUMNS} FROM "ApiClient" WHERE "projectKey" = ? ORDER BY "createdAt"`);
const DELETE = sql('DELETE FROM "ApiClient" WHERE "id" = ?');
// `NOT (lastUsedAt = today)` is NULL, not true, for a client never used: name the null case.
const TOUCH = sql('UPDATE "ApiClient" SET "lastUsedAt" = ? WHERE "id" = ? AND ("lastUsedAt" IS NULL OR "lastUsedAt" <> ?)');

interface ApiClientRow {
  id: string;
  projectKey: string;
  scope: string;
  secretHash: string;
  accessTokenValiditySeconds: number | null;
  refreshTokenValiditySeconds: number | null;
  lastUsedAt: string | null;
  data: string;
}

/** A client's row as token requests use it. */
interface CachedClient {
  record: ApiClientRecord;
  secretHash: string;
  /** Epoch milliseconds. */
  deleteAt: number | undefined;
}

/**
 * OAuth clients of a project. The secret is generated here, shown once, and stored only as a salted
 * scrypt hash; credentials are checked in constant time.
 */
export class ApiClientService {
  /**
   * Credentials verified before, as a SHA-256 digest of the secret (never the secret) together with
   * the stored hash they were verified against. A token request still reads the client's row (a
   * prepared statement: microseconds), so a deleted or replaced client is refused at once on every
   * instance; only the scrypt run is skipped while the stored hash is unchanged. Client secrets are
   * 192-bit random strings, so a fast digest of them cannot be brute-forced; the slow hash at rest
   * protects the stored copy.
   */
  private readonly verified = new LRUCache<string, { digest: Buffer; secretHash: string }>({ maxSize: 10_000, sizeCalculation: () => 1 });
  /**
   * Client rows by id, kept only where the invalidation bus is exact (an SQLite file, or one process
   * on an in-memory database): every token request asks the bus first, and a deletion anywhere (or a
   * change of projects) is announced before it is acknowledged, so a deleted client is still refused
   * by the very next request on every process. On PostgreSQL, where announcements arrive
   * asynchronously, the row is read on every request. A process that stops between committing a
   * deletion and announcing it leaves the others holding the row for at most TOKEN_CACHE_TTL_MS: they
   * may issue tokens to it meanwhile, but none of them works (a token's first use reads the client's
   * row, see findRecord).
   */
  private readonly rows: TtlCache<string, CachedClient>;
  /** Concurrent requests with the same unverified credentials share one scrypt run. */
  private readonly verifying = new Map<string, Promise<boolean>>();

  constructor(
    private readonly app: AppServices,
    private readonly events: DomainEventSink<ApiClientEvents>,
  ) {
    this.rows = new TtlCache(app.config.tokenCacheTtlMs, 10_000, () => app.clock.now());
  }

  async create(ctx: ClientContext, draft: ApiClientDraft): Promise<ApiClientDocument> {
    const scopes = draft.scope.split(' ').filter(Boolean);
    if (scopes.length === 0) throw new InvalidInputError('An API client needs at least one scope.');
    const id = randomToken(24);
    const secret = randomToken(32);
    const now = isoNow(this.app.clock);
    const doc: ApiClientDocument = { id, name: draft.name, scope: scopes.join(' '), createdAt: now };
    if (draft.accessTokenValiditySeconds !== undefined) doc.accessTokenValiditySeconds = draft.accessTokenValiditySeconds;
    if (draft.refreshTokenValiditySeconds !== undefined) doc.refreshTokenValiditySeconds = draft.refreshTokenValiditySeconds;
    if (draft.deleteDaysAfterCreation !== undefined) {
      doc.deleteAt = new Date(this.app.clock.now() + draft.deleteDaysAfterCreation * 86_400_000).toISOString();
    }
    const db = ctx.db;
    await db.executeRaw(INSERT[db.dialect], [
      id,
      ctx.projectKey,
      now,
      now,
      doc.name,
      doc.scope,
      await hashSecret(secret, this.app.config.passwordHashCost),
      doc.accessTokenValiditySeconds ?? null,
      doc.refreshTokenValiditySeconds ?? null,
      doc,
    ]);
    return { ...doc, secret };
  }

  /** A page of clients: where, sort and paging run in the database (query engine). */
  async query(ctx: ClientContext, params: QueryParams): Promise<PagedQueryResult<ApiClientDocument>> {
    const page = await queryResources<ApiClientDocument>(ctx.db, apiClientResource, params, { projectKey: ctx.projectKey });
    if (page.results.length === 0) return page;
    // lastUsedAt lives only in its column (see touch), so the page's values are read in one query.
    const db = ctx.db;
    const ids = page.results.map((doc) => doc.id);
    const statement = sql(`SELECT "id", "lastUsedAt" FROM "ApiClient" WHERE "projectKey" = ? AND "id" IN (${list(ids.length)}) AND "lastUsedAt" IS NOT NULL`);
    const used = await db.rows<{ id: string; lastUsedAt: string }>(statement[db.dialect], [ctx.projectKey, ...ids]);
    const lastUsed = new Map(used.map((row) => [row.id, row.lastUsedAt]));
    return { ...page, results: page.results.map((doc) => withoutSecret(doc, lastUsed.get(doc.id) ?? null)) };
  }

  async list(ctx: ClientContext): Promise<ApiClientDocument[]> {
    return (await ctx.db.rows<ApiClientRow>(BY_PROJECT[ctx.db.dialect], [ctx.projectKey])).map((r) => this.toDocument(r));
  }

  /** HEAD on the collection: does any client of the project match the predicates? */
  anyMatches(ctx: ClientContext, params: { where: readonly string[]; vars?: PredicateVariables }): Promise<boolean> {
    return resourceExists(ctx.db, apiClientResource, params, { projectKey: ctx.projectKey });
  }

  async find(ctx: ClientContext, id: string): Promise<ApiClientDocument | undefined> {
    const row = await ctx.db.first<ApiClientRow>(BY_PROJECT_AND_ID[ctx.db.dialect], [ctx.projectKey, id]);
    return row && this.toDocument(row);
  }

  async get(ctx: ClientContext, id: string): Promise<ApiClientDocument> {
    const doc = await this.find(ctx, id);
    if (!doc) throw new ResourceNotFoundError(id);
    return doc;
  }

  async delete(ctx: ClientContext, id: string): Promise<ApiClientDocument> {
    const row = await ctx.db.first<ApiClientRow>(BY_PROJECT_AND_ID[ctx.db.dialect], [ctx.projectKey, id]);
    if (!row) throw new ResourceNotFoundError(id);
    await ctx.db.executeRaw(DELETE[ctx.db.dialect], [id]);
    this.verified.delete(id);
    this.forget(id);
    const record = this.toRecord(row);
    await this.events.emit('apiClient.deleted', { client: record });
    return this.toDocument(row);
  }

  /**
   * The client if `secret` matches; undefined otherwise. Client ids are not secret (they appear in
   * createdBy), so an unknown id is refused without spending a slow hash on it.
   */
  async verify(id: string, secret: string): Promise<ApiClientRecord | undefined> {
    const client = await this.credentialsOf(id);
    if (!client) return undefined;
    if (client.deleteAt !== undefined && client.deleteAt <= this.app.clock.now()) return undefined;
    const digest = secretDigest(secret);
    const hit = this.verified.get(id);
    const known = hit !== undefined && hit.secretHash === client.secretHash && digestsEqual(hit.digest, digest);
    if (!known && !(await this.verifyOnce(id, digest, secret, client.secretHash))) return undefined;
    return client.record;
  }

  /** Forgets the client rows this process holds (see `rows`). */
  forget(id: string): void {
    this.rows.delete(id);
  }

  forgetAll(): void {
    this.rows.clear();
  }

  /** What verify needs of a client's row: from `rows` where the bus is exact, else from the database. */
  private async credentialsOf(id: string): Promise<CachedClient | undefined> {
    const bus = this.app.invalidations;
    const cacheable = bus?.exact === true && this.app.config.tokenCacheTtlMs > 0;
    if (cacheable) {
      bus.poll();
      const cached = this.rows.get(id);
      if (cached) return cached;
    }
    const generation = this.rows.generation;
    const row = await this.row(BY_ID, [id, this.app.config.region]);
    if (!row) return undefined;
    const deleteAtIso = (JSON.parse(row.data) as { deleteAt?: string }).deleteAt;
    const client: CachedClient = {
      record: this.toRecord(row),
      secretHash: row.secretHash,
      deleteAt: deleteAtIso === undefined ? undefined : Date.parse(deleteAtIso),
    };
    if (cacheable) this.rows.setIfCurrent(generation, id, client);
    return client;
  }

  private async verifyOnce(id: string, digest: Buffer, secret: string, secretHash: string): Promise<boolean> {
    const key = `${id}\u0000${digest.toString('hex')}\u0000${secretHash}`;
    let pending = this.verifying.get(key);
    if (!pending) {
      pending = verifySecret(secret, secretHash).finally(() => this.verifying.delete(key));
      this.verifying.set(key, pending);
    }
    const ok = await pending;
    if (ok) this.verified.set(id, { digest, secretHash });
    return ok;
  }

  /**
   * Always from the database: a token's first use checks its client here, so a client whose row a
   * stopped process deleted without announcing it is refused at once, even while `rows` still holds it.
   */
  async findRecord(id: string): Promise<ApiClientRecord | undefined> {
    const row = await this.row(BY_ID, [id, this.app.config.region]);
    return row ? this.toRecord(row) : undefined;
  }

  /** lastUsedAt is a date (YYYY-MM-DD): written at most once a day per client. */
  async touch(id: string): Promise<void> {
    const today = isoNow(this.app.clock).slice(0, 10);
    await this.app.db.executeRaw(TOUCH[this.app.db.dialect], [today, id, today]);
  }

  private row(statement: { sqlite: string; postgresql: string }, params: unknown[]): Promise<ApiClientRow | undefined> {
    return this.app.db.first<ApiClientRow>(statement[this.app.db.dialect], params);
  }

  private toRecord(row: {
    id: string;
    projectKey: string;
    scope: string;
    accessTokenValiditySeconds: number | null;
    refreshTokenValiditySeconds: number | null;
  }): ApiClientRecord {
    return {
      id: row.id,
      projectKey: row.projectKey,
      scopes: row.scope.split(' ').filter(Boolean),
      accessTokenValiditySeconds: row.accessTokenValiditySeconds ?? undefined,
      refreshTokenValiditySeconds: row.refreshTokenValiditySeconds ?? undefined,
    };
  }

  private toDocument(row: ApiClientRow): ApiClientDocument {
    return withoutSecret(JSON.parse(row.data) as ApiClientDocument, row.lastUsedAt);
  }
}

function withoutSecret(stored: ApiClientDocument, lastUsedAt: string | null): ApiClientDocument {
  const { secret, ...doc } = stored;
  void secret;
  return lastUsedAt ? { ...doc, lastUsedAt } : doc;
}
