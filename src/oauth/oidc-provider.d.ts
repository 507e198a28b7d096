/**
 * The part of node-oidc-provider 9 this service uses, typed from its documentation and source
 * (the package ships no types). Keep it to what src/oauth touches.
 */
declare module 'oidc-provider' {
  import type Koa from 'koa';

  /** What the provider hands to, and expects back from, an adapter. */
  export interface AdapterPayload {
    jti?: string;
    kind?: string;
    clientId?: string;
    accountId?: string;
    grantId?: string;
    uid?: string;
    userCode?: string;
    scope?: string;
    exp?: number;
    iat?: number;
    consumed?: unknown;
    [key: string]: unknown;
  }

  export interface Adapter {
    upsert(id: string, payload: AdapterPayload, expiresIn: number | undefined): Promise<void>;
    find(id: string): Promise<AdapterPayload | undefined>;
    findByUserCode(userCode: string): Promise<AdapterPayload | undefined>;
    findByUid(uid: string): Promise<AdapterPayload | undefined>;
    consume(id: string): Promise<void>;
    destroy(id: string): Promise<void>;
    revokeByGrantId(grantId: string): Promise<void>;
  }

  export interface ClientInstance {
    clientId: string;
  }

  export interface OIDCContext {
    params: Record<string, string | undefined>;
    client?: ClientInstance;
    entity(name: string, value: unknown): void;
  }

  export type KoaContextWithOIDC = Koa.Context & { oidc: OIDCContext };

  export interface BaseTokenInstance {
    jti: string;
    kind: string;
    clientId?: string;
    accountId?: string;
    grantId?: string;
    scope?: string;
    exp?: number;
    /** Lifetime in seconds, from the `ttl` configuration. */
    readonly expiration: number;
    save(): Promise<string>;
    destroy(): Promise<void>;
  }

  interface TokenInit {
    client?: ClientInstance;
    accountId?: string;
    grantId?: string;
    gty?: string;
    scope?: string;
    rotations?: number;
  }

  export interface GrantInstance {
    accountId?: string;
    clientId?: string;
    addOIDCScope(scope: string): void;
    save(): Promise<string>;
  }

  export interface TokenModel<T> {
    new (init: TokenInit): T;
    find(value: string, options?: { ignoreExpiration?: boolean }): Promise<T | undefined>;
  }

  export type FindAccount = (ctx: KoaContextWithOIDC, sub: string, token?: unknown) => Promise<{ accountId: string; claims(): Promise<{ sub: string }> } | undefined>;

  export type TtlFunction = (ctx: KoaContextWithOIDC | undefined, token: BaseTokenInstance, client: ClientInstance | undefined) => number;

  export interface Configuration {
    adapter: (name: string) => Adapter;
    clients?: unknown[];
    findAccount?: FindAccount;
    clientAuthMethods?: string[];
    cookies?: { keys: string[] };
    jwks?: { keys: object[] };
    features?: {
      devInteractions?: { enabled: boolean };
      clientCredentials?: { enabled: boolean };
      introspection?: { enabled: boolean; allowedPolicy?: (ctx: KoaContextWithOIDC, client: ClientInstance, token: BaseTokenInstance) => Promise<boolean> | boolean };
      revocation?: { enabled: boolean; allowedPolicy?: (ctx: KoaContextWithOIDC, client: ClientInstance, token: BaseTokenInstance) => Promise<boolean> | boolean };
      userinfo?: { enabled: boolean };
      rpInitiatedLogout?: { enabled: boolean };
      [name: string]: unknown;
    };
    formats?: { bitsOfOpaqueRandomness?: number | ((ctx: KoaContextWithOIDC | undefined, token: BaseTokenInstance) => number) };
    routes?: Record<string, string>;
    ttl?: Record<string, number | TtlFunction>;
    rotateRefreshToken?: boolean;
    responseTypes?: string[];
    scopes?: string[];
    [name: string]: unknown;
  }

  export class Provider extends Koa {
    constructor(issuer: string, configuration: Configuration);
    readonly issuer: string;
    readonly AccessToken: TokenModel<BaseTokenInstance>;
    readonly ClientCredentials: TokenModel<BaseTokenInstance>;
    readonly RefreshToken: TokenModel<BaseTokenInstance>;
    readonly Grant: { new (init: { accountId: string; clientId: string }): GrantInstance };
    registerGrantType(name: string, handler: (ctx: KoaContextWithOIDC) => Promise<void>, params?: string[] | Set<string>): void;
    static readonly ctx: Koa.Context | undefined;
  }

  export namespace errors {
    class OIDCProviderError extends Error {
      readonly statusCode: number;
      readonly error_description?: string;
      readonly expose: boolean;
    }
  }

  export default Provider;
}
