import { InvalidInputError } from '../errors/api-error.js';

/** One segment of a path template: `stores`, `{id}`, or `key={key}`. */
type SegmentMatcher = { literal: string } | { param: string; prefix: string };

interface CompiledPath<R> {
  method: string;
  segments: SegmentMatcher[];
  route: R;
}

export type RouteMatch<R> = { route: R; params: Record<string, string> } | { methodNotAllowed: true } | undefined;

function compile(template: string): SegmentMatcher[] {
  return template
    .split('/')
    .slice(1)
    .map((segment) => {
      const m = /^([^{}]*)\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(segment);
      if (m) return { param: m[2], prefix: m[1] };
      if (segment.includes('{')) throw new Error(`Unsupported path segment ${segment} in ${template}`);
      return { literal: segment };
    });
}

/**
 * The contract's paths compiled once at start: a request is matched by its segment count and then
 * segment by segment against the few templates of that length, in the table's order (most specific
 * first), instead of walking every route's regular expression.
 */
export class RouteTable<R> {
  private readonly byLength = new Map<number, CompiledPath<R>[]>();

  constructor(entries: ReadonlyArray<{ method: string; path: string; route: R }>) {
    for (const entry of entries) {
      const segments = compile(entry.path);
      const list = this.byLength.get(segments.length) ?? [];
      list.push({ method: entry.method, segments, route: entry.route });
      this.byLength.set(segments.length, list);
    }
  }

  /** HEAD falls back to the GET of the same path when the contract has no HEAD operation for it. */
  match(method: string, path: string): RouteMatch<R> {
    const parts = path.split('/');
    const candidates = this.byLength.get(parts.length - 1);
    if (!candidates || parts[0] !== '') return undefined;
    let pathMatched = false;
    let headFallback: { route: R; params: Record<string, string> } | undefined;
    for (const candidate of candidates) {
      const params = matchSegments(candidate.segments, parts);
      if (!params) continue;
      pathMatched = true;
      if (candidate.method === method) return { route: candidate.route, params };
      if (method === 'HEAD' && candidate.method === 'GET') headFallback ??= { route: candidate.route, params };
    }
    if (headFallback) return headFallback;
    return pathMatched ? { methodNotAllowed: true } : undefined;
  }
}

function matchSegments(segments: readonly SegmentMatcher[], parts: readonly string[]): Record<string, string> | undefined {
  let params: Record<string, string> | undefined;
  for (let i = 0; i < segments.length; i++) {
    const segment = segments[i];
    const part = parts[i + 1];
    if ('literal' in segment) {
      if (part !== segment.literal) return undefined;
      continue;
    }
    if (part.length <= segment.prefix.length || !part.startsWith(segment.prefix)) return undefined;
    params ??= {};
    params[segment.param] = decode(part.slice(segment.prefix.length));
  }
  return params ?? {};
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new InvalidInputError(`Malformed percent-encoding in the path: ${value.slice(0, 100)}`);
  }
}
