import type { CheckedPredicate, CheckedTest, Circle, Scalar, ValueShape } from '../../../src/query/checked-predicate.js';
import { haversineThreshold } from '../../../src/query/checked-predicate.js';
import type { CheckedSort } from '../../../src/query/sort-compiler.js';

/**
 * Test-only reference semantics of checked predicates and sorts over plain JS documents, written
 * straight from the rules in checked-predicate.ts. The SQL compiler must agree with it on both databases.
 */
type Json = unknown;
type JsonObject = Record<string, unknown>;

const isObject = (v: Json): v is JsonObject => typeof v === 'object' && v !== null && !Array.isArray(v);
const own = (o: JsonObject, name: string): Json => (Object.hasOwn(o, name) ? o[name] : undefined);

/** Code-point order (what SQLite BINARY and PostgreSQL COLLATE "C" give), not UTF-16 order. */
export function compareCodePoints(a: string, b: string): number {
  const x = [...a];
  const y = [...b];
  for (let i = 0; i < Math.min(x.length, y.length); i++) {
    const d = (x[i].codePointAt(0) ?? 0) - (y[i].codePointAt(0) ?? 0);
    if (d !== 0) return d;
  }
  return x.length - y.length;
}

export function evaluate(predicate: CheckedPredicate, doc: JsonObject): boolean {
  switch (predicate.kind) {
    case 'and':
      return predicate.operands.every((o) => evaluate(o, doc));
    case 'or':
      return predicate.operands.some((o) => evaluate(o, doc));
    case 'not':
      return !evaluate(predicate.operand, doc);
    case 'field':
      return testField(own(doc, predicate.name), predicate.shape, predicate.test);
  }
}

function testField(value: Json, shape: ValueShape, test: CheckedTest): boolean {
  switch (test.kind) {
    case 'defined':
      return (value !== undefined && value !== null) !== test.negated;
    case 'empty': {
      const empty = value === undefined || value === null || (Array.isArray(value) && value.length === 0) || (isObject(value) && Object.keys(value).length === 0);
      return empty !== test.negated;
    }
    case 'compare':
      return reach(value, shape, (v) => compare(v, test.op, test.value));
    case 'in':
      return reach(value, shape, (v) => inList(v, test.values, test.negated));
    case 'circle':
      return reach(value, shape, (v) => withinCircle(v, test.circle));
    case 'nested':
      return reach(value, shape, (v) => isObject(v) && evaluate(test.predicate, v));
    case 'contains': {
      const setTest = (arr: Json) =>
        Array.isArray(arr) &&
        (test.mode === 'any' ? arr.some((e) => inList(e, test.values, false)) : test.values.every((x) => arr.some((e) => compare(e, '=', x))));
      if (shape.arrays > 0) return reach(value, { arrays: shape.arrays - 1, dynamic: false }, setTest);
      if (Array.isArray(value)) return setTest(value);
      return test.mode === 'any' ? inList(value, test.values, false) : test.values.every((x) => compare(value, '=', x));
    }
  }
}

function reach(value: Json, shape: ValueShape, leaf: (v: Json) => boolean): boolean {
  if (shape.arrays > 0) {
    return Array.isArray(value) && value.some((e) => reach(e, { arrays: shape.arrays - 1, dynamic: false }, leaf));
  }
  if (shape.dynamic && Array.isArray(value)) return value.some(leaf);
  return leaf(value);
}

function compare(v: Json, op: string, s: Scalar): boolean {
  if (typeof v !== s.type) return false;
  if (s.type === 'boolean') return op === '=' ? v === s.value : v !== s.value;
  const c = s.type === 'string' ? compareCodePoints(v as string, s.value) : Math.sign((v as number) - s.value);
  switch (op) {
    case '=': return c === 0;
    case '!=': return c !== 0;
    case '<': return c < 0;
    case '<=': return c <= 0;
    case '>': return c > 0;
    default: return c >= 0;
  }
}

function inList(v: Json, values: Scalar[], negated: boolean): boolean {
  if (typeof v !== values[0].type) return false;
  return values.some((s) => compare(v, '=', s)) !== negated;
}

function withinCircle(v: Json, circle: Circle): boolean {
  if (!isObject(v) || !Array.isArray(v.coordinates)) return false;
  const [lng, lat] = v.coordinates as Json[];
  if (typeof lng !== 'number' || typeof lat !== 'number') return false;
  const rad = (deg: number) => (deg * Math.PI) / 180;
  const lat0 = rad(circle.lat);
  const a = Math.sin((rad(lat) - lat0) / 2) ** 2 + Math.cos(lat0) * Math.cos(rad(lat)) * Math.sin((rad(lng) - rad(circle.lng)) / 2) ** 2;
  return a <= haversineThreshold(circle.radius);
}

/** Sort keys as the SQL compiler builds them: a typed value or null (missing, null, other type). */
function sortKey(doc: JsonObject, sort: CheckedSort): Array<number | string | null> {
  let v: Json = doc;
  for (const segment of sort.path) v = isObject(v) ? own(v, segment) : undefined;
  const num = typeof v === 'number' ? v : null;
  const str = typeof v === 'string' ? v : null;
  const bool = typeof v === 'boolean' ? (v ? 1 : 0) : null;
  switch (sort.kind) {
    case 'string':
    case 'datetime':
      return [str];
    case 'number':
      return [num];
    case 'boolean':
      return [bool];
    case 'dynamic':
      return [num !== null ? 1 : str !== null ? 2 : bool !== null ? 3 : null, num, str, bool];
  }
}

function compareKey(a: number | string | null, b: number | string | null, descending: boolean): number {
  if (a === null && b === null) return 0;
  if (a === null) return descending ? -1 : 1;
  if (b === null) return descending ? 1 : -1;
  const c = typeof a === 'string' && typeof b === 'string' ? compareCodePoints(a, b) : Math.sign((a as number) - (b as number));
  return descending ? -c : c;
}

export function sortDocuments<T extends JsonObject>(docs: T[], sorts: CheckedSort[]): T[] {
  return [...docs].sort((x, y) => {
    for (const sort of sorts) {
      const kx = sortKey(x, sort);
      const ky = sortKey(y, sort);
      for (let i = 0; i < kx.length; i++) {
        const c = compareKey(kx[i], ky[i], sort.descending);
        if (c !== 0) return c;
      }
    }
    return compareCodePoints(String(x.id), String(y.id));
  });
}
