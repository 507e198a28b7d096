/**
 * Reference expansion (`expand` query parameter). A path names a Reference (`customerGroup`,
 * `refs[*]`, `refs[0]`, `obj.ref`, `objs[*].ref`, `nested[*][*].ref`); a path may continue through
 * a reference into the referenced resource, with or without `obj` (`parent.obj.parent` and
 * `parent.parent` both expand `parent`, then its own `parent`).
 *
 * Expansion never fails the request: a bad path, a missing resource or a KeyReference simply leaves
 * no `obj`. Nothing beyond the requested paths is expanded. Resources are loaded level by level,
 * one `load` call per referenced type per level for the whole page.
 */
export type ReferenceLoader = (typeId: string, ids: string[]) => Promise<Map<string, object>>;

type Index = '*' | number;
interface Segment {
  name: string;
  indexes: Index[];
}

// Deep enough for any real use, and a bound on the work one request can ask for.
const MAX_SEGMENTS = 12;
const SEGMENT = /^([A-Za-z_][A-Za-z0-9_-]*)((?:\[(?:\*|[0-9]+)\])*)$/;

/** Parses an expansion path; undefined when it is not one (such paths are ignored). */
export function parseExpansionPath(path: string): Segment[] | undefined {
  const parts = path.trim().split('.');
  if (parts.length > MAX_SEGMENTS) return undefined;
  const segments: Segment[] = [];
  for (const part of parts) {
    const match = SEGMENT.exec(part);
    if (!match) return undefined;
    const indexes = [...match[2].matchAll(/\[(\*|[0-9]+)\]/g)].map((m) => (m[1] === '*' ? '*' : Number(m[1])));
    segments.push({ name: match[1], indexes });
  }
  return segments;
}

type JsonObject = Record<string, unknown>;
interface Reference extends JsonObject {
  typeId: string;
  id: string;
}
/** A reference whose `obj` is needed, and the path to follow inside it once loaded. */
interface Need {
  ref: Reference;
  rest: Segment[] | undefined;
}

export async function expandReferences<T extends object>(docs: readonly T[], paths: readonly string[], load: ReferenceLoader): Promise<T[]> {
  const copies = docs.map((doc) => structuredClone(doc));
  const parsed = paths.map(parseExpansionPath).filter((p): p is Segment[] => p !== undefined && p.length > 0);
  let needs: Need[] = [];
  for (const doc of copies) for (const path of parsed) if (isObject(doc)) walk(doc, path, needs);

  while (needs.length > 0) {
    const byType = new Map<string, Set<string>>();
    for (const { ref } of needs) {
      if (!byType.has(ref.typeId)) byType.set(ref.typeId, new Set());
      byType.get(ref.typeId)?.add(ref.id);
    }
    const loaded = new Map<string, Map<string, object>>();
    await Promise.all(
      [...byType].map(async ([typeId, ids]) => {
        loaded.set(typeId, await load(typeId, [...ids]));
      }),
    );
    const next: Need[] = [];
    for (const { ref, rest } of needs) {
      if (ref.obj === undefined) {
        const found = loaded.get(ref.typeId)?.get(ref.id);
        // Each occurrence gets its own copy: deeper paths may expand it differently.
        if (found !== undefined) ref.obj = structuredClone(found);
      }
      if (rest !== undefined && isObject(ref.obj)) walk(ref.obj, rest, next);
    }
    needs = next;
  }
  return copies;
}

/** Follows a non-empty `path` through the fields of `value`, collecting references to load. */
function walk(value: JsonObject, path: Segment[], needs: Need[]): void {
  const [segment, ...rest] = path;
  let targets: unknown[] = Object.hasOwn(value, segment.name) ? [value[segment.name]] : [];
  for (const index of segment.indexes) {
    targets = targets.flatMap((t) => (!Array.isArray(t) ? [] : index === '*' ? t : index < t.length ? [t[index]] : []));
  }
  for (const target of targets) visit(target, rest, needs);
}

/** A value reached by a path: a reference is expanded (and followed further inside its `obj`). */
function visit(target: unknown, rest: Segment[], needs: Need[]): void {
  if (isReference(target)) {
    // `ref.obj.x` and `ref.x` both continue inside the referenced resource.
    const inside = rest.length > 0 && rest[0].name === 'obj' && rest[0].indexes.length === 0 ? rest.slice(1) : rest;
    if (!isObject(target.obj)) needs.push({ ref: target, rest: inside.length > 0 ? inside : undefined });
    else if (inside.length > 0) walk(target.obj, inside, needs);
  } else if (rest.length > 0 && isObject(target)) {
    walk(target, rest, needs);
  }
}

function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A Reference has an id; a KeyReference (typeId + key only) is never expanded. */
function isReference(value: unknown): value is Reference {
  return isObject(value) && typeof value.typeId === 'string' && typeof value.id === 'string';
}
