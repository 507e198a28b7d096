/**
 * Request bodies may nest at most this deep. No draft of the platform comes near it (an update action
 * with a custom field holding a set of localized strings is about 8 levels), and a bound right after
 * parsing means nothing later (validation, error messages, storage) ever walks an unbounded structure.
 */
export const MAX_JSON_DEPTH = 64;

/**
 * What makes a parsed JSON body unusable before any validation, or undefined: nesting deeper than
 * `max`, or a number JSON.parse could not keep. `1e400` parses to Infinity (stored, it would become
 * null) and an integer beyond 2^53 - 1 to a neighbouring value, so either would be a silently
 * different number: refused instead. Every number of magnitude 2^53 or more is refused (a double that
 * large is an integer, and the literal's form is gone after parsing), which no field of the platform
 * needs; the money fields that go beyond it are 64-bit integers, read separately. One iterative walk,
 * so it cannot overflow the stack itself.
 */
export function parsedJsonProblem(value: unknown, max = MAX_JSON_DEPTH): string | undefined {
  const stack: Array<[unknown, number]> = [[value, 1]];
  while (stack.length > 0) {
    const [node, depth] = stack.pop()!;
    if (typeof node === 'number') {
      if (!Number.isFinite(node)) return 'A number in the JSON value is too large to be represented.';
      if (Math.abs(node) > Number.MAX_SAFE_INTEGER)
        return `The number ${node} cannot be represented exactly: numbers must lie between -(2^53 - 1) and 2^53 - 1.`;
      continue;
    }
    if (node === null || typeof node !== 'object') continue;
    if (depth > max) return `The JSON value nests deeper than ${max} levels.`;
    for (const child of Array.isArray(node) ? node : Object.values(node)) {
      if (typeof child === 'number' || (child !== null && typeof child === 'object')) stack.push([child, depth + 1]);
    }
  }
  return undefined;
}
