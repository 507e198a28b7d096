/**
 * The platform's OAuth scopes: `name:{projectKey}` for a whole project, `name:{projectKey}:{storeKey}`
 * for one of its stores. This file is the only one that knows their grammar and what implies what;
 * everything that checks, validates or passes on scopes asks it (through src/auth/authorize.ts).
 */
export interface Scope {
  name: string;
  projectKey: string;
  storeKey?: string;
}

const NAME = /^[a-z_]+$/;
const MANAGE_PROJECT = 'manage_project';

/**
 * Names that token scopes use to carry an identity (`customer:{id}` in a password-flow token,
 * `customer_id:{id}` from an external authorization server), never a permission: they must not be
 * granted to a client or requested for a token, or they would read as if they named a project.
 */
const IDENTITY_NAMES: ReadonlySet<string> = new Set(['customer', 'customer_id', 'anonymous_id', 'external_user_id']);

/** The scope a string names, or undefined if it is malformed or an identity marker. */
export function parseScope(text: string): Scope | undefined {
  const parts = text.split(':');
  if (parts.length < 2 || parts.length > 3 || parts.some((part) => part === '')) return undefined;
  const [name, projectKey, storeKey] = parts;
  if (!NAME.test(name) || IDENTITY_NAMES.has(name)) return undefined;
  return storeKey === undefined ? { name, projectKey } : { name, projectKey, storeKey };
}

/** `name:{projectKey}` or, for one store, `name:{projectKey}:{storeKey}`. */
export function qualifyScope(name: string, projectKey: string, storeKey?: string): string {
  return storeKey === undefined ? `${name}:${projectKey}` : `${name}:${projectKey}:${storeKey}`;
}

/** A space-separated scope list, as in an API client's `scope` or a token request's `scope` parameter. */
export function splitScopes(text: string | undefined): string[] {
  return (text ?? '').split(' ').filter(Boolean);
}

/** The scopes that cannot belong to `projectKey`: malformed ones, identity markers, or another project's. */
export function foreignScopes(scopes: readonly string[], projectKey: string): string[] {
  return scopes.filter((scope) => parseScope(scope)?.projectKey !== projectKey);
}

/**
 * Whether holding `held` implies holding `wanted` (the platform's rules): only within one project;
 * `manage_project` implies every scope of the project; `manage_x` implies `view_x`; a project-wide
 * scope covers each store, a store's scope only that store.
 */
export function implies(held: Scope, wanted: Scope): boolean {
  if (held.projectKey !== wanted.projectKey) return false;
  if (held.storeKey !== undefined && held.storeKey !== wanted.storeKey) return false;
  if (held.name === MANAGE_PROJECT || held.name === wanted.name) return true;
  return wanted.name.startsWith('view_') && held.name === `manage_${wanted.name.slice('view_'.length)}`;
}

/** Whether the scopes `granted` (as held by a token or client) imply the scope string `wanted`. */
export function grants(granted: readonly string[], wanted: string): boolean {
  // A cached principal keeps one scope list for many requests, each asking the same few questions:
  // answered once per list (lists are never mutated, so the answer cannot go stale).
  let answers = answered.get(granted);
  if (answers === undefined) answered.set(granted, (answers = new Map()));
  let answer = answers.get(wanted);
  if (answer === undefined) {
    answer = decideGrants(granted, wanted);
    if (answers.size < MAX_ANSWERS_PER_LIST) answers.set(wanted, answer);
  }
  return answer;
}

const answered = new WeakMap<readonly string[], Map<string, boolean>>();
/** Bounds what one list remembers (store-qualified questions vary with the store key in the path). */
const MAX_ANSWERS_PER_LIST = 64;

function decideGrants(granted: readonly string[], wanted: string): boolean {
  // Most checks are met by a scope held verbatim; parsing is only needed for the implied ones.
  if (granted.includes(wanted)) return parseScope(wanted) !== undefined;
  const target = parseScope(wanted);
  if (!target) return false;
  return granted.some((scope) => {
    const held = parseScope(scope);
    return held !== undefined && implies(held, target);
  });
}

/**
 * The requested scopes that `held` does not imply. A caller may pass on (to a new API client, or
 * into a token) only what it holds or what that implies, so that no grant widens access.
 */
export function scopesBeyond(held: readonly string[], requested: readonly string[]): string[] {
  return requested.filter((scope) => !grants(held, scope));
}
