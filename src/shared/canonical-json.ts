/**
 * JSON with object keys sorted: PostgreSQL's jsonb hands documents back with its own key order, so
 * plain JSON.stringify would see a change where there is none. (Not util.isDeepStrictEqual: it also
 * compares prototypes, which differ between documents parsed and documents cloned in another realm.)
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : v,
  );
}

/** The two documents hold the same JSON, whatever the order of their keys. */
export function sameJson(a: unknown, b: unknown): boolean {
  return canonicalJson(a) === canonicalJson(b);
}
