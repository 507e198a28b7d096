import type { Principal, RequestContext } from '../context.js';
import { InsufficientScopeError, InvalidInputError, InvalidTokenError, UriNotFoundError } from '../errors/api-error.js';
import { foreignScopes, grants, qualifyScope, scopesBeyond } from './scopes.js';

/*
 * Who may do what, asked in one place by every transport: the bearer authenticator for an operation's
 * scopes, routes for rules finer than an operation (an update action, scopes passed on to a new API
 * client), the token grants, reference expansion and each GraphQL field.
 *
 * Today a caller's permissions are its OAuth scopes. Associate permissions (a customer acting for a
 * business unit through its associate roles) belong here too, next to the scope checks, so that no
 * caller has to learn a second place to ask.
 */

/** Anything holding scopes of a project: a principal (the caller behind a token) or an API client. */
export type ScopeHolder = Pick<Principal, 'projectKey' | 'scopes'>;

/**
 * Whether `holder` may do something of `projectKey` that accepts any one of the scope names
 * `accepted` (`manage_project` always suffices). An empty list accepts any caller of the project
 * (an operation that checks finer-grained later, as GraphQL does per field).
 */
export function hasScopes(holder: ScopeHolder, accepted: readonly string[], projectKey: string, storeKey?: string): boolean {
  if (holder.projectKey !== projectKey) return false;
  return accepted.length === 0 || accepted.some((name) => grants(holder.scopes, qualifyScope(name, projectKey, storeKey)));
}

/**
 * A caller of another project is answered as if the project did not exist (404 "URI not found",
 * what the platform answers for a project key it does not know), whether it exists or not: a token
 * of one project must not learn which other projects there are. `uri` is the requested path.
 */
export function assertProject(holder: ScopeHolder, projectKey: string, uri = `/${projectKey}`): void {
  if (holder.projectKey !== projectKey) throw new UriNotFoundError(uri);
}

/**
 * 403 insufficient_scope unless `holder` has one of the `accepted` scope names in `projectKey`; with
 * `storeKey`, for that store (a project-wide scope covers every store).
 */
export function assertScopes(holder: ScopeHolder, accepted: readonly string[], projectKey: string, storeKey?: string): void {
  assertProject(holder, projectKey);
  if (!hasScopes(holder, accepted, projectKey, storeKey)) throw new InsufficientScopeError(neededScopes(accepted, projectKey, storeKey));
}

/** The authenticated caller of the request, if it has one of the `accepted` scope names in its project (or store). */
export function requireScopes(ctx: Pick<RequestContext, 'projectKey' | 'principal'>, accepted: readonly string[], storeKey?: string): Principal {
  const principal = ctx.principal;
  if (!principal) throw new InvalidTokenError('This endpoint requires an access token. You can get one from the authorization server.');
  assertScopes(principal, accepted, ctx.projectKey, storeKey);
  return principal;
}

/**
 * 403 insufficient_scope unless the caller may act in every store of `storeKeys` with one of `accepted`:
 * what a write that puts a resource into stores, or takes it out of them, may name. A client scoped to
 * one store must not place a customer into another (no way to grant what one does not hold). A
 * context without a principal is the service's own work (bootstrap, the admin command line).
 */
export function assertStoresHeld(ctx: Pick<RequestContext, 'projectKey' | 'principal'>, accepted: readonly string[], storeKeys: Iterable<string>): void {
  const principal = ctx.principal;
  if (!principal) return;
  for (const storeKey of storeKeys) assertScopes(principal, accepted, ctx.projectKey, storeKey);
}

/** Every scope of an API client must be one of its project's (the API and the admin command line both ask this). */
export function assertScopesOfProject(requested: readonly string[], projectKey: string): void {
  const foreign = foreignScopes(requested, projectKey);
  if (foreign.length > 0) {
    throw new InvalidInputError(`Invalid scope ${foreign.join(', ')}: scopes of this project are name:${projectKey} or name:${projectKey}:{storeKey}.`);
  }
}

/**
 * 400 InvalidInput unless the caller may pass `requested` on (e.g. to a new API client): each must be
 * a scope of this project, held by the caller or implied by what it holds. Without this a token with
 * only manage_api_clients could mint a client with manage_project.
 */
export function assertMayGrant(ctx: Pick<RequestContext, 'projectKey' | 'principal'>, requested: readonly string[]): void {
  const principal = requireScopes(ctx, []);
  assertScopesOfProject(requested, ctx.projectKey);
  const beyond = scopesBeyond(principal.scopes, requested);
  if (beyond.length > 0) {
    throw new InvalidInputError(`Cannot grant ${beyond.join(', ')}: a caller may only grant scopes it holds or that those imply.`);
  }
}

/** What the insufficient_scope message lists: each accepted scope, and manage_project, qualified. */
function neededScopes(accepted: readonly string[], projectKey: string, storeKey?: string): string[] {
  return [...new Set([...accepted.map((name) => qualifyScope(name, projectKey, storeKey)), qualifyScope('manage_project', projectKey)])];
}
