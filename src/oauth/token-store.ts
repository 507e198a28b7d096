import type { AdapterPayload } from 'oidc-provider';
import type { AppServices } from '../context.js';
import { sql } from '../db/statements.js';
import { secretDigestHex } from '../security/secrets.js';

/** Token kinds a bearer token can be: the provider's access tokens of either flow. */
export const ACCESS_KINDS = new Set(['AccessToken', 'ClientCredentials']);

export interface StoredToken {
  kind: string;
  payload: AdapterPayload;
  projectKey: string | null;
  clientId: string | null;
  expiresAt: string | null;
  consumedAt: string | null;
}

export interface NewToken {
  id: string;
  kind: string;
  payload: AdapterPayload;
  projectKey?: string;
  expiresInSeconds?: number;
}

const iso = (ms: number): string => new Date(ms).toISOString();

/**
 * What a token is stored and looked up by: its SHA-256. Tokens are long random strings, so an
 * unsalted fast digest cannot be reversed, and a copy of the table yields no usable token. Grant
 * ids are kept the same way, since they key Grant rows.
 */
export function tokenKey(token: string): string {
  return secretDigestHex(token);
}

const COLUMNS = '"kind", "payload", "projectKey", "clientId", "expiresAt", "consumedAt"';
const SAVE = sql(
  'INSERT INTO "OAuthToken" ("id", "kind", "payload", "grantId", "uid", "userCode", "projectKey", "clientId", "anonymousId", "expiresAt", "lastUsedAt") ' +
    'VALUES (?, ?, $JSON, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT ("id") DO UPDATE SET "kind" = excluded."kind", "payload" = excluded."payload", ' +
    '"grantId" = excluded."grantId", "uid" = excluded."uid", "userCode" = excluded."userCode", "projectKey" = excluded."projectKey", ' +
    '"clientId" = excluded."clientId", "anonymousId" = excluded."anonymousId", "expiresAt" = excluded."expiresAt", "lastUsedAt" = excluded."lastUsedAt"',
);
const FIND = sql(`SELECT ${COLUMNS} FROM "OAuthToken" WHERE "id" = ?`);
const FIND_BY_UID = sql('SELECT "id" FROM "OAuthToken" WHERE "uid" = ? AND "kind" = ? LIMIT 1');
const FIND_BY_USER_CODE = sql('SELECT "id" FROM "OAuthToken" WHERE "userCode" = ? AND "kind" = ? LIMIT 1');
const CONSUME = sql('UPDATE "OAuthToken" SET "consumedAt" = ? WHERE "id" = ?');
const DESTROY = sql('DELETE FROM "OAuthToken" WHERE "id" = ?');
const KIND_AND_GRANT = sql('SELECT "kind", "grantId" FROM "OAuthToken" WHERE "id" = ?');
const SLIDE = sql('UPDATE "OAuthToken" SET "lastUsedAt" = ?, "expiresAt" = ? WHERE "id" = ? AND "kind" = ?');
// An anonymous id is taken once a token was issued for it, or a cart or order carries it.
/** Every table whose rows carry an anonymous session's id (quotes and quote requests are customers' only). */
const ANONYMOUS_IN_USE = sql(
  'SELECT 1 AS "one" FROM "AnonymousIdClaim" WHERE "projectKey" = ? AND "anonymousId" = ? ' +
    'UNION ALL SELECT 1 FROM "OAuthToken" WHERE "projectKey" = ? AND "anonymousId" = ? ' +
    'UNION ALL SELECT 1 FROM "Cart" WHERE "projectKey" = ? AND "anonymousId" = ? ' +
    'UNION ALL SELECT 1 FROM "Order" WHERE "projectKey" = ? AND "anonymousId" = ? ' +
    'UNION ALL SELECT 1 FROM "ShoppingList" WHERE "projectKey" = ? AND "anonymousId" = ? ' +
    'UNION ALL SELECT 1 FROM "Payment" WHERE "projectKey" = ? AND "anonymousId" = ? LIMIT 1',
);
const CLAIM_ANONYMOUS = sql('INSERT INTO "AnonymousIdClaim" ("projectKey", "anonymousId", "claimedAt") VALUES (?, ?, ?) ON CONFLICT DO NOTHING');
const COUNT_REFRESH = sql('SELECT COUNT(*) AS "n" FROM "OAuthToken" WHERE "projectKey" = ? AND "kind" = \'RefreshToken\'');
const LEAST_RECENT_REFRESH = sql(
  'SELECT "id" FROM "OAuthToken" WHERE "projectKey" = ? AND "kind" = \'RefreshToken\' AND "id" <> ? ORDER BY "lastUsedAt", "id" LIMIT ?',
);
const SWEEP = sql('DELETE FROM "OAuthToken" WHERE "expiresAt" <= ?');
const IDS_BY_GRANT = sql('SELECT "id" FROM "OAuthToken" WHERE "grantId" = ?');
// A key is 64 hex characters; anything else was written before tokens were stored by key.
const LEGACY = sql('SELECT "id", "payload", "grantId" FROM "OAuthToken" WHERE length("id") <> 64 OR length("grantId") <> 64');
const REKEY = sql('UPDATE "OAuthToken" SET "id" = ?, "grantId" = ?, "payload" = $JSON WHERE "id" = ?');
const IDS_BY_CLIENT = sql('SELECT "id" FROM "OAuthToken" WHERE "clientId" = ?');
/** Rows of an account (grants, access and refresh tokens) by the provider's accountId in the payload. */
const IDS_BY_ACCOUNT = {
  sqlite: 'SELECT "id" FROM "OAuthToken" WHERE "projectKey" = ? AND json_extract("payload", \'$.accountId\') = ?',
  postgresql: 'SELECT "id" FROM "OAuthToken" WHERE "projectKey" = $1 AND "payload"->>\'accountId\' = $2',
};

interface TokenRow extends Omit<StoredToken, 'payload'> {
  payload: AdapterPayload | string;
}

/**
 * The OAuthToken table: what the provider adapter persists, plus the queries the provider does not
 * make itself (bearer lookups, revoking a client's tokens, the refresh-token cap, sliding expiry).
 * Every method takes tokens in the clear and stores only their key (tokenKey); the payload is kept
 * without its `jti`. Every revocation reports the keys it removed so in-process caches can drop them.
 */
export class TokenStore {
  /** Called with the keys (tokenKey) of tokens removed from the store (revoked, consumed, trimmed). */
  readonly removed = new Set<(keys: string[]) => void>();
  /** Refresh tokens counted per project since the last exact count (see enforceRefreshCap). */
  private readonly refreshCounts = new Map<string, number>();

  constructor(private readonly app: AppServices) {}

  private get db() {
    return this.app.db;
  }

  private nowIso(): string {
    return iso(this.app.clock.now());
  }

  /**
   * Rows stored before tokens were kept by key hold the token itself as their id (and in the payload
   * as `jti`): re-keyed once, at start, so a database from an older version holds no usable token
   * either. Each row is rewritten under its key; the token keeps working.
   */
  async rekeyLegacyRows(): Promise<number> {
    const rows = await this.db.rows<{ id: string; payload: AdapterPayload | string; grantId: string | null }>(LEGACY[this.db.dialect], []);
    for (const row of rows) {
      const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
      delete payload.jti;
      const id = row.id.length === 64 ? row.id : tokenKey(row.id);
      const grantId = row.grantId === null || row.grantId.length === 64 ? row.grantId : tokenKey(row.grantId);
      await this.db.executeRaw(REKEY[this.db.dialect], [id, grantId, payload, row.id]);
    }
    return rows.length;
  }

  async save(token: NewToken): Promise<void> {
    const now = this.app.clock.now();
    const { jti, ...payload } = token.payload;
    void jti;
    const accountId = typeof payload.accountId === 'string' ? payload.accountId : undefined;
    const grantId = typeof payload.grantId === 'string' ? payload.grantId : null;
    await this.db.executeRaw(SAVE[this.db.dialect], [
      tokenKey(token.id),
      token.kind,
      payload,
      // The Grant row is stored under its key, so references to it are kept as keys too.
      grantId !== null ? tokenKey(grantId) : null,
      typeof payload.uid === 'string' ? payload.uid : null,
      typeof payload.userCode === 'string' ? payload.userCode : null,
      token.projectKey ?? null,
      typeof payload.clientId === 'string' ? payload.clientId : null,
      accountId?.startsWith(ANONYMOUS_ACCOUNT) ? accountId.slice(ANONYMOUS_ACCOUNT.length) : null,
      // Our clock, not the provider's: tests move it to prove expiry.
      token.expiresInSeconds ? iso(now + token.expiresInSeconds * 1000) : null,
      iso(now),
    ]);
  }

  /** The token if it exists, is of `kind` and has not expired by our clock. */
  async find(id: string, kinds: ReadonlySet<string>): Promise<StoredToken | undefined> {
    return this.findByKey(tokenKey(id), kinds, id);
  }

  async findBy(field: 'uid' | 'userCode', value: string, kind: string): Promise<StoredToken | undefined> {
    const statement = field === 'uid' ? FIND_BY_UID : FIND_BY_USER_CODE;
    const row = await this.db.first<{ id: string }>(statement[this.db.dialect], [value, kind]);
    return row ? this.findByKey(row.id, new Set([kind])) : undefined;
  }

  async consume(id: string): Promise<void> {
    const key = tokenKey(id);
    await this.db.executeRaw(CONSUME[this.db.dialect], [this.nowIso(), key]);
    this.notify([key]);
  }

  async destroy(id: string): Promise<void> {
    const key = tokenKey(id);
    await this.db.executeRaw(DESTROY[this.db.dialect], [key]);
    this.notify([key]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.removeWhere(IDS_BY_GRANT, [tokenKey(grantId)]);
  }

  /** Every token and grant a client was issued (the client was deleted). */
  async revokeClient(clientId: string): Promise<void> {
    await this.removeWhere(IDS_BY_CLIENT, [clientId]);
  }

  /**
   * Every grant and token of an account of a project (e.g. `customer:{id}` when the customer is
   * deleted), so neither its refresh token nor an access token it was issued works any longer.
   * TODO: an indexed accountId column would avoid scanning the project's rows; kept out of the
   * OAuthToken model for now so this change needs no migration of that table.
   */
  async revokeAccount(projectKey: string, accountId: string): Promise<void> {
    await this.removeWhere(IDS_BY_ACCOUNT, [projectKey, accountId]);
  }

  /** Sliding expiry: each use of a refresh token restarts its inactivity timer. */
  async slideRefreshToken(id: string, validitySeconds: number, grantSlackSeconds: number): Promise<void> {
    const now = this.app.clock.now();
    const key = tokenKey(id);
    const row = await this.db.first<{ kind: string; grantId: string | null }>(KIND_AND_GRANT[this.db.dialect], [key]);
    if (row?.kind !== 'RefreshToken') return;
    await this.db.executeRaw(SLIDE[this.db.dialect], [iso(now), iso(now + validitySeconds * 1000), key, 'RefreshToken']);
    // The grant must outlive its refresh token, or the provider refuses the next refresh.
    if (row.grantId) {
      await this.db.executeRaw(SLIDE[this.db.dialect], [iso(now), iso(now + (validitySeconds + grantSlackSeconds) * 1000), row.grantId, 'Grant']);
    }
  }

  /**
   * Takes `anonymousId` for a new anonymous session of the project, if it is free: no session asked
   * for it before, no token was issued for it, and no cart, order, shopping list or payment carries it
   * (a session given an id reads and changes what carries it). The claim row's primary key decides
   * between concurrent requests for the same new id: exactly one of them gets it.
   */
  async claimAnonymousId(projectKey: string, anonymousId: string): Promise<boolean> {
    const params = Array.from({ length: 6 }, () => [projectKey, anonymousId]).flat();
    if ((await this.db.first(ANONYMOUS_IN_USE[this.db.dialect], params)) !== undefined) return false;
    return (await this.db.executeRaw(CLAIM_ANONYMOUS[this.db.dialect], [projectKey, anonymousId, this.nowIso()])) === 1;
  }

  /**
   * Keeps at most `cap` refresh tokens per project, deleting the least recently used first. Counting
   * the table on every insert would be slow at the default cap of 10 million, so this process counts
   * its own inserts from one exact count and only recounts (and trims) when that estimate passes the cap.
   */
  async enforceRefreshCap(projectKey: string, cap: number, keepId: string): Promise<void> {
    const known = this.refreshCounts.get(projectKey);
    let count = known === undefined ? await this.countRefresh(projectKey) : known + 1;
    if (count > cap) {
      count = await this.countRefresh(projectKey);
      const excess = count - cap;
      if (excess > 0) {
        const victims = await this.db.rows<{ id: string }>(LEAST_RECENT_REFRESH[this.db.dialect], [projectKey, tokenKey(keepId), excess]);
        const keys = victims.map((v) => v.id);
        for (const key of keys) await this.db.executeRaw(DESTROY[this.db.dialect], [key]);
        this.notify(keys);
        count -= keys.length;
      }
    }
    this.refreshCounts.set(projectKey, count);
  }

  /** Forgets the per-project refresh token counts (the embedded server's reset() rewrote the table). */
  forgetCounts(): void {
    this.refreshCounts.clear();
  }

  /** Removes rows expired by our clock; run periodically so the table does not grow without bound. */
  async sweepExpired(): Promise<number> {
    const count = await this.db.executeRaw(SWEEP[this.db.dialect], [this.nowIso()]);
    if (count > 0) this.refreshCounts.clear();
    return count;
  }

  private async countRefresh(projectKey: string): Promise<number> {
    return (await this.db.first<{ n: number }>(COUNT_REFRESH[this.db.dialect], [projectKey]))?.n ?? 0;
  }

  private async findByKey(key: string, kinds: ReadonlySet<string>, id?: string): Promise<StoredToken | undefined> {
    const row = await this.db.first<TokenRow>(FIND[this.db.dialect], [key]);
    if (!row || !kinds.has(row.kind)) return undefined;
    if (row.expiresAt !== null && row.expiresAt <= this.nowIso()) return undefined;
    const payload = (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as AdapterPayload;
    return { ...row, payload: id !== undefined ? { ...payload, jti: id } : payload };
  }

  private async removeWhere(statement: { sqlite: string; postgresql: string }, params: readonly unknown[]): Promise<void> {
    const rows = await this.db.rows<{ id: string }>(statement[this.db.dialect], params);
    if (rows.length === 0) return;
    const keys = rows.map((r) => r.id);
    for (const key of keys) await this.db.executeRaw(DESTROY[this.db.dialect], [key]);
    this.notify(keys);
  }

  private notify(keys: string[]): void {
    if (keys.length === 0) return;
    for (const listener of this.removed) listener(keys);
  }
}

/** accountId prefixes: the provider's notion of "the user" of a token. */
export const CUSTOMER_ACCOUNT = 'customer:';
export const ANONYMOUS_ACCOUNT = 'anonymous:';
