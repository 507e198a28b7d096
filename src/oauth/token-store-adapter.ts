import './provider-warnings.js';
import { Provider, type Adapter, type AdapterPayload } from 'oidc-provider';
import type { ApiClientRecord } from '../domains/projects/index.js';
import { oauthState } from './request-state.js';
import type { TokenStore } from './token-store.js';

export interface AdapterDeps {
  store: TokenStore;
  /** Client metadata for the provider, or undefined if no such client exists. */
  clientMetadata(id: string): Promise<AdapterPayload | undefined>;
  /** Refresh tokens kept per project (config.refreshTokenCap). */
  refreshTokenCap: number;
  /** The project of a client (for rows written outside a request, which should not happen). */
  projectOf(clientId: string): Promise<string | undefined>;
}

/**
 * node-oidc-provider's adapter contract over the OAuthToken table, so tokens survive restarts and
 * every instance on the same database sees the same tokens. One instance per model name.
 */
export class TokenStoreAdapter implements Adapter {
  constructor(
    private readonly name: string,
    private readonly deps: AdapterDeps,
  ) {}

  async upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void> {
    if (this.name === 'Client') throw new Error('clients are managed by ApiClientService, not the provider');
    const client = this.requestClient();
    const clientId = typeof payload.clientId === 'string' ? payload.clientId : undefined;
    const projectKey = client && client.id === clientId ? client.projectKey : clientId ? await this.deps.projectOf(clientId) : undefined;
    await this.deps.store.save({ id, kind: this.name, payload, projectKey, expiresInSeconds: expiresIn });
    if (this.name === 'RefreshToken' && projectKey) await this.deps.store.enforceRefreshCap(projectKey, this.deps.refreshTokenCap, id);
  }

  async find(id: string): Promise<AdapterPayload | undefined> {
    if (this.name === 'Client') return this.deps.clientMetadata(id);
    const row = await this.deps.store.find(id, new Set([this.name]));
    return row ? this.toPayload(row) : undefined;
  }

  async findByUserCode(userCode: string): Promise<AdapterPayload | undefined> {
    const row = await this.deps.store.findBy('userCode', userCode, this.name);
    return row ? this.toPayload(row) : undefined;
  }

  async findByUid(uid: string): Promise<AdapterPayload | undefined> {
    const row = await this.deps.store.findBy('uid', uid, this.name);
    return row ? this.toPayload(row) : undefined;
  }

  async consume(id: string): Promise<void> {
    await this.deps.store.consume(id);
  }

  async destroy(id: string): Promise<void> {
    await this.deps.store.destroy(id);
  }

  async revokeByGrantId(grantId: string): Promise<void> {
    await this.deps.store.revokeByGrantId(grantId);
  }

  private toPayload(row: { payload: AdapterPayload; expiresAt: string | null; consumedAt: string | null }): AdapterPayload {
    const payload: AdapterPayload = { ...row.payload };
    // The row's expiry is authoritative: it slides for refresh tokens and follows our clock.
    if (row.expiresAt !== null) payload.exp = Math.floor(Date.parse(row.expiresAt) / 1000);
    if (row.consumedAt !== null) payload.consumed = Math.floor(Date.parse(row.consumedAt) / 1000);
    return payload;
  }

  private requestClient(): ApiClientRecord | undefined {
    return oauthState(Provider.ctx)?.client;
  }
}
