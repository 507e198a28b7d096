import type { AdapterPayload } from 'oidc-provider';
import type { AppServices } from '../context.js';

/** Token kinds a bearer token can be: the provider's access tokens of either flow. */
export const ACCESS_KINDS = new Set(['AccessToken', 'ClientCredentials']);

export interface StoredToken {
  id: string;
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
 * The OAuthToken table: what the provider adapter persists, plus the queries the provider does not
 * make itself (bearer lookups, revoking a client's tokens, the refresh-token cap, sliding expiry).
 * Every revocation reports the ids it removed so in-process caches can drop them at once.
 */
export class TokenStore {
  /** Called with the ids of tokens removed from the store (revoked, consumed, trimmed). */
  readonly removed = new Set<(ids: string[]) => void>();
  /** Refresh tokens counted per project since the last exact count (see enforceRefreshCap). */
  private readonly refreshCounts = new Map<string, number>();

  constructor(private readonly app: AppServices) {}

  private get prisma() {
    return this.app.db.prisma;
  }

  private nowIso(): string {
    return iso(this.app.clock.now());
  }

  async save(token: NewToken): Promise<void> {
    const now = this.app.clock.now();
    const { payload } = token;
    const accountId = typeof payload.accountId === 'string' ? payload.accountId : undefined;
    const row = {
      kind: token.kind,
      payload: payload as object,
      grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
      uid: typeof payload.uid === 'string' ? payload.uid : null,
      userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
      projectKey: token.projectKey ?? null,
      clientId: typeof payload.clientId === 'string' ? payload.clientId : null,
      anonymousId: accountId?.startsWith(ANONYMOUS_ACCOUNT) ? accountId.slice(ANONYMOUS_ACCOUNT.length) : null,
      // Our clock, not the provider's: tests move it to prove expiry.
      expiresAt: token.expiresInSeconds ? iso(now + token.expiresInSeconds * 1000) : null,
      lastUsedAt: iso(now),
    };
    await this.prisma.oAuthToken.upsert({ where: { id: token.id }, create: { id: token.id, ...row }, update: row });
  }

  /** The token if it exists, is of `kind` and has not expired by our clock. */
  async find(id: string, kinds: ReadonlySet<string>): Promise<StoredToken | undefined> {
    const row = await this.prisma.oAuthToken.findUnique({ where: { id } });
    if (!row || !kinds.has(row.kind)) return undefined;
    if (row.expiresAt !== null && row.expiresAt <= this.nowIso()) return undefined;
    return { ...row, payload: row.payload as AdapterPayload };
  }

  async findBy(field: 'uid' | 'userCode', value: string, kind: string): Promise<StoredToken | undefined> {
    const row = await this.prisma.oAuthToken.findFirst({ where: { [field]: value, kind } });
    return row ? this.find(row.id, new Set([kind])) : undefined;
  }

  async consume(id: string): Promise<void> {
    await this.prisma.oAuthToken.updateMany({ where: { id }, data: { consumedAt: this.nowIso() } });
    this.notify([id]);
  }

  async destroy(id: string): Promise<void> {
    await this.prisma.oAuthToken.deleteMany({ where: { id } });
    this.notify([id]);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.removeWhere({ grantId });
  }

  /** Every token and grant a client was issued (the client was deleted). */
  async revokeClient(clientId: string): Promise<void> {
    await this.removeWhere({ clientId });
  }

  /** Sliding expiry: each use of a refresh token restarts its inactivity timer. */
  async slideRefreshToken(id: string, validitySeconds: number, grantSlackSeconds: number): Promise<void> {
    const now = this.app.clock.now();
    const row = await this.prisma.oAuthToken.findUnique({ where: { id }, select: { kind: true, grantId: true } });
    if (row?.kind !== 'RefreshToken') return;
    await this.prisma.oAuthToken.updateMany({
      where: { id, kind: 'RefreshToken' },
      data: { lastUsedAt: iso(now), expiresAt: iso(now + validitySeconds * 1000) },
    });
    // The grant must outlive its refresh token, or the provider refuses the next refresh.
    if (row.grantId) {
      await this.prisma.oAuthToken.updateMany({
        where: { id: row.grantId, kind: 'Grant' },
        data: { lastUsedAt: iso(now), expiresAt: iso(now + (validitySeconds + grantSlackSeconds) * 1000) },
      });
    }
  }

  /** An anonymous id is in use once any token of the project was issued for it. */
  async anonymousIdInUse(projectKey: string, anonymousId: string): Promise<boolean> {
    const row = await this.prisma.oAuthToken.findFirst({ where: { projectKey, anonymousId }, select: { id: true } });
    return row !== null;
  }

  /**
   * Keeps at most `cap` refresh tokens per project, deleting the least recently used first. Counting
   * the table on every insert would be slow at the default cap of 10 million, so this process counts
   * its own inserts from one exact count and only recounts (and trims) when that estimate passes the cap.
   */
  async enforceRefreshCap(projectKey: string, cap: number, keepId: string): Promise<void> {
    const where = { projectKey, kind: 'RefreshToken' };
    let count = this.refreshCounts.get(projectKey);
    count = count === undefined ? await this.prisma.oAuthToken.count({ where }) : count + 1;
    if (count > cap) {
      count = await this.prisma.oAuthToken.count({ where });
      const excess = count - cap;
      if (excess > 0) {
        const victims = await this.prisma.oAuthToken.findMany({
          where: { ...where, NOT: { id: keepId } },
          orderBy: [{ lastUsedAt: 'asc' }, { id: 'asc' }],
          take: excess,
          select: { id: true },
        });
        const ids = victims.map((v) => v.id);
        await this.prisma.oAuthToken.deleteMany({ where: { id: { in: ids } } });
        this.notify(ids);
        count -= ids.length;
      }
    }
    this.refreshCounts.set(projectKey, count);
  }

  /** Removes rows expired by our clock; run periodically so the table does not grow without bound. */
  async sweepExpired(): Promise<number> {
    const { count } = await this.prisma.oAuthToken.deleteMany({ where: { expiresAt: { lte: this.nowIso() } } });
    if (count > 0) this.refreshCounts.clear();
    return count;
  }

  private async removeWhere(where: { grantId: string } | { clientId: string }): Promise<void> {
    const rows = await this.prisma.oAuthToken.findMany({ where, select: { id: true } });
    if (rows.length === 0) return;
    await this.prisma.oAuthToken.deleteMany({ where });
    this.notify(rows.map((r) => r.id));
  }

  private notify(ids: string[]): void {
    if (ids.length === 0) return;
    for (const listener of this.removed) listener(ids);
  }
}

/** accountId prefixes: the provider's notion of "the user" of a token. */
export const CUSTOMER_ACCOUNT = 'customer:';
export const ANONYMOUS_ACCOUNT = 'anonymous:';
