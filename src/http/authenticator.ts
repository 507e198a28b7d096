import type { Context } from 'koa';
import type { Principal, RequestContext } from '../context.js';

/**
 * Resolves the bearer token of a request to a principal and checks that it holds one of the
 * operation's scopes (or manage_project); for an in-store operation (`storeKey`) the scope of that
 * store is enough. Implemented by the OAuth module (src/oauth). A principal already known is
 * answered without a promise, so the common request awaits nothing here.
 */
export interface Authenticator {
  authenticate(http: Context, ctx: RequestContext, scopes: readonly string[], storeKey?: string): Principal | Promise<Principal>;
}
