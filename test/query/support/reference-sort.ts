import { compareCodePoints, instant, isPlainObject } from './reference-values.js';
import { memberKind, type Kind } from './widget-kinds.js';

/**
 * Test oracle for `sort`, read from the raw sort texts by the spec's rule (`<field> <direction>`,
 * `<field>.<locale>`, `custom.fields.<name>`; direction asc or desc, default asc; several sort
 * parameters compose in order; case-sensitive), without the engine's sort code:
 * - strings by code point, numbers numerically, false before true, dates and date-times by instant;
 * - where the spec is silent, the engine's stated contract: a missing value (or null, or a value of
 *   another type than the field's) sorts after every value ascending and before every value
 *   descending; custom fields (any type) order numbers, then strings, then booleans;
 * - documents equal on every key are ordered by `id` ascending, so that paging is stable.
 */
export type DocOrder = (a: Record<string, unknown>, b: Record<string, unknown>) => number;

export function referenceSort(sorts: readonly string[], root: Kind): DocOrder {
  const keys = sorts.map((text) => sortKey(text, root));
  return (a, b) => {
    for (const key of keys) {
      const c = key(a, b);
      if (c !== 0) return c;
    }
    return compareCodePoints(String(a.id), String(b.id));
  };
}

const TYPE_RANK: Record<string, number> = { number: 1, string: 2, boolean: 3 };

function sortKey(text: string, root: Kind): DocOrder {
  const words = text.trim().split(/\s+/);
  const direction = (words[1] ?? 'asc').toLowerCase();
  if (words.length > 2 || (direction !== 'asc' && direction !== 'desc')) throw new Error(`oracle: bad sort '${text}'`);
  const path = words[0].split('.');
  const kind = path.reduce<Kind | undefined>((k, name) => (k === undefined ? undefined : memberKind(k, name)), root);
  if (kind === undefined || typeof kind === 'object') throw new Error(`oracle: cannot sort by '${words[0]}'`);
  const sign = direction === 'desc' ? -1 : 1;
  const valueOf = (doc: Record<string, unknown>): unknown =>
    path.reduce<unknown>((v, name) => (isPlainObject(v) && Object.hasOwn(v, name) ? v[name] : undefined), doc);
  return (a, b) => sign * compareSortValues(valueOf(a), valueOf(b), kind);
}

/** Ascending order of two field values; anything that is no value of the field's type comes last. */
function compareSortValues(x: unknown, y: unknown, kind: Kind): number {
  const rank = (v: unknown): number => {
    const type = typeof v;
    if (!Object.hasOwn(TYPE_RANK, type)) return 4;
    if (kind === 'dynamic') return TYPE_RANK[type];
    const wanted = kind === 'number' || kind === 'boolean' ? kind : 'string';
    return type === wanted ? 0 : 4;
  };
  const rx = rank(x);
  const ry = rank(y);
  if (rx !== ry) return rx - ry;
  if (rx === 4) return 0;
  if (typeof x === 'string') {
    return kind === 'date' || kind === 'datetime' ? Math.sign(instant(x) - instant(y as string)) : compareCodePoints(x, y as string);
  }
  return Number(x) - Number(y);
}
