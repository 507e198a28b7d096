import type { RequestContext } from '../context.js';

/**
 * Update actions as a table: one small function per action name. `applyUpdateActions` runs all
 * actions of a request on a copy of the document, so a failing action leaves nothing changed.
 */
export type ActionHandlers<D, A extends { action: string }> = {
  [K in A['action']]: (doc: D, action: Extract<A, { action: K }>, ctx: RequestContext) => void | Promise<void>;
};

export async function applyUpdateActions<D, A extends { action: string }>(
  ctx: RequestContext,
  current: D,
  actions: readonly A[],
  handlers: ActionHandlers<D, A>,
): Promise<{ doc: D; changed: boolean }> {
  // Documents are plain JSON: a copy through JSON is about twice as fast as structuredClone, and
  // its text is what the result is compared with.
  const before = JSON.stringify(current);
  const doc = JSON.parse(before) as D;
  return { doc, changed: await applyUpdateActionsTo(ctx, doc, before, actions, handlers) };
}

/**
 * Runs `actions` on `doc`, a copy of its own that the caller drops if an action fails; `before` is
 * `JSON.stringify` of the document before them. Answers whether they changed it.
 */
export async function applyUpdateActionsTo<D, A extends { action: string }>(
  ctx: RequestContext,
  doc: D,
  before: string,
  actions: readonly A[],
  handlers: ActionHandlers<D, A>,
): Promise<boolean> {
  for (const action of actions) {
    const handler = handlers[action.action as A['action']] as (d: D, a: A, c: RequestContext) => void | Promise<void>;
    await handler(doc, action, ctx);
  }
  return JSON.stringify(doc) !== before;
}

/** The partial-update rule of `set…` actions: a value sets the field, an absent one removes it. */
export function setOptional<D, K extends keyof D>(doc: D, field: K, value: D[K] | undefined): void {
  if (value !== undefined) doc[field] = value;
  else delete doc[field];
}
