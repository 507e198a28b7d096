import type { Principal } from '../context.js';

/**
 * Scope strings are `name:{projectKey}` or `name:{projectKey}:{storeKey}`. An operation lists the
 * scope names it accepts; `manage_project:{projectKey}` is valid wherever any scope is required.
 * Returns the qualified names the caller would need (for the insufficient_scope message), or [] if allowed.
 */
export function missingScopes(principal: Principal, accepted: readonly string[], projectKey: string): string[] {
  if (accepted.length === 0) return [];
  const granted = new Set(principal.scopes);
  if (granted.has(`manage_project:${projectKey}`)) return [];
  for (const name of accepted) {
    if (granted.has(`${name}:${projectKey}`)) return [];
    // manage_x implies view_x for the same resource (platform convention).
    if (name.startsWith('view_') && granted.has(`manage_${name.slice(5)}:${projectKey}`)) return [];
  }
  return [...accepted.map((n) => `${n}:${projectKey}`), `manage_project:${projectKey}`];
}

/** Scope strings a client of `projectKey` may not hold: malformed, or qualified with another project. */
export function foreignScopes(scopes: readonly string[], projectKey: string): string[] {
  return scopes.filter((scope) => {
    const parts = scope.split(':');
    return parts.length < 2 || parts.length > 3 || !/^[a-z_]+$/.test(parts[0]) || parts[1] !== projectKey || parts.some((p) => p === '');
  });
}
