/**
 * Request bodies may nest at most this deep. No draft of the platform comes near it (an update action
 * with a custom field holding a set of localized strings is about 8 levels), and a bound right after
 * parsing means nothing later (validation, error messages, storage) ever walks an unbounded structure.
 */
export const MAX_JSON_DEPTH = 64;

/** Whether a parsed JSON value nests deeper than `max`; iterative, so it cannot overflow the stack itself. */
export function exceedsDepth(value: unknown, max = MAX_JSON_DEPTH): boolean {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return true;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (child !== null && typeof child === 'object') stack.push([child, depth + 1]);
    }
  }
  return false;
}
