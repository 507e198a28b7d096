/**
 * Tokens for an API client, from the platform's four token flows. A TokenSource asks for a token when
 * first needed, keeps it until shortly before it expires, renews it with its refresh token when it has
 * one (password and anonymous flows) and otherwise asks again; `invalidate` drops a token the API refused.
 */
export type TokenFlow =
  /** POST /oauth/token: the API client acts for itself. */
  | { type: 'clientCredentials'; clientId: string; clientSecret: string; scope?: string }
  /** POST /oauth/{projectKey}[/in-store/key={storeKey}]/customers/token: a customer signs in. */
  | { type: 'password'; clientId: string; clientSecret: string; username: string; password: string; storeKey?: string; scope?: string }
  /** POST /oauth/{projectKey}/anonymous/token: an anonymous session (a storefront visitor). */
  | { type: 'anonymous'; clientId: string; clientSecret: string; anonymousId?: string; scope?: string }
  /** POST /oauth/token with grant_type=refresh_token: resume a session from a stored refresh token. */
  | { type: 'refreshToken'; clientId: string; clientSecret: string; refreshToken: string };

export interface TokenResponse {
  access_token: string;
  token_type: string;
  expires_in: number;
  scope: string;
  refresh_token?: string;
}

/** A token request the authorization service refused: its status and the platform's error body. */
export class TokenRequestError extends Error {
  constructor(
    readonly status: number,
    readonly body: { error?: string; error_description?: string; message?: string } | undefined,
  ) {
    super(`token request failed with ${status}: ${body?.error_description ?? body?.message ?? body?.error ?? 'no details'}`);
    this.name = 'TokenRequestError';
  }
}

/** A token is renewed this long before it expires, so a request never carries one that expires on the way. */
const EXPIRY_MARGIN_MS = 60_000;

export class TokenSource {
  private current?: { accessToken: string; expiresAt: number; scope: string };
  private refreshToken?: string;
  private pending?: Promise<string>;

  constructor(
    private readonly authUrl: string,
    private readonly projectKey: string,
    private readonly flow: TokenFlow,
    private readonly fetchImpl: typeof fetch = globalThis.fetch,
    private readonly now: () => number = Date.now,
  ) {
    if (flow.type === 'refreshToken') this.refreshToken = flow.refreshToken;
  }

  /** A valid access token (one request at a time, however many callers are waiting). */
  token(): Promise<string> {
    if (this.current && this.current.expiresAt > this.now()) return Promise.resolve(this.current.accessToken);
    this.pending ??= this.obtain().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  /** The refresh token of the session, to store and resume it later (`{ type: 'refreshToken' }`). */
  get sessionRefreshToken(): string | undefined {
    return this.refreshToken;
  }

  /** Scopes of the current token as granted. */
  get scope(): string | undefined {
    return this.current?.scope;
  }

  /** Drops `accessToken` (refused by the API: revoked or expired early) so the next call renews it. */
  invalidate(accessToken?: string): void {
    if (accessToken === undefined || this.current?.accessToken === accessToken) this.current = undefined;
  }

  private async obtain(): Promise<string> {
    let response: TokenResponse;
    if (this.refreshToken) {
      try {
        response = await this.request('/oauth/token', { grant_type: 'refresh_token', refresh_token: this.refreshToken });
      } catch (err) {
        // A refresh token that is gone (revoked, expired) ends the session: sign in again if we can.
        if (!(err instanceof TokenRequestError) || err.status !== 400 || this.flow.type === 'refreshToken') throw err;
        this.refreshToken = undefined;
        response = await this.grant();
      }
    } else {
      response = await this.grant();
    }
    if (response.refresh_token) this.refreshToken = response.refresh_token;
    this.current = { accessToken: response.access_token, expiresAt: this.now() + response.expires_in * 1000 - EXPIRY_MARGIN_MS, scope: response.scope };
    return response.access_token;
  }

  private grant(): Promise<TokenResponse> {
    const flow = this.flow;
    const key = encodeURIComponent(this.projectKey);
    const scope = { scope: 'scope' in flow ? flow.scope : undefined };
    switch (flow.type) {
      case 'clientCredentials':
        return this.request('/oauth/token', { grant_type: 'client_credentials', ...scope });
      case 'password': {
        const path = flow.storeKey ? `/oauth/${key}/in-store/key=${encodeURIComponent(flow.storeKey)}/customers/token` : `/oauth/${key}/customers/token`;
        return this.request(path, { grant_type: 'password', username: flow.username, password: flow.password, ...scope });
      }
      case 'anonymous':
        return this.request(`/oauth/${key}/anonymous/token`, { grant_type: 'client_credentials', anonymous_id: flow.anonymousId, ...scope });
      case 'refreshToken':
        throw new TokenRequestError(400, { error: 'invalid_grant', error_description: 'The refresh token is no longer valid; sign in again.' });
    }
  }

  private async request(path: string, form: Record<string, string | undefined>): Promise<TokenResponse> {
    const { clientId, clientSecret } = this.flow;
    // RFC 6749 §2.3.1: both parts form-encoded, then base64.
    const basic = btoa(`${encodeURIComponent(clientId)}:${encodeURIComponent(clientSecret)}`);
    const res = await this.fetchImpl(`${this.authUrl}${path}`, {
      method: 'POST',
      headers: { Authorization: `Basic ${basic}`, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(Object.entries(form).filter((e): e is [string, string] => e[1] !== undefined)).toString(),
    });
    const body = (await res.json().catch(() => undefined)) as TokenResponse | undefined;
    if (!res.ok || !body?.access_token) throw new TokenRequestError(res.status, body as TokenRequestError['body']);
    return body;
  }
}
