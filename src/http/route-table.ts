import { InvalidInputError } from '../errors/api-error.js';

/** One segment of a path template: `stores`, `{id}`, or `key={key}`. */
type SegmentMatcher = { literal: string } | { param: string; prefix: string };

interface Node<R> {
  literals: Map<string, Node<R>>;
  /** Parameter segments, longer prefixes first (`key={key}` before `{id}`): the more specific wins. */
  params: Array<{ prefix: string; name: string; node: Node<R> }>;
  /** The operations of the path ending here, in the table's order. */
  routes: Array<{ method: string; route: R }>;
}

export type RouteMatch<R> = { route: R; params: Record<string, string> } | { methodNotAllowed: true } | undefined;

const newNode = <R>(): Node<R> => ({ literals: new Map(), params: [], routes: [] });

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

interface Walk<R> {
  method: string;
  parts: readonly string[];
  names: string[];
  values: string[];
  pathMatched: boolean;
  headFallback?: { route: R; params: Record<string, string> };
}

/**
 * The contract's paths compiled once at start into a tree of segments: a request walks it segment
 * by segment, literal segments before parameters and longer parameter prefixes first (most specific
 * first), so its cost depends on the depth of the path, not on how many operations the contract has.
 * Parameter values are decoded only for the path that matched.
 */
export class RouteTable<R> {
  private readonly root: Node<R> = newNode();

  constructor(entries: ReadonlyArray<{ method: string; path: string; route: R }>) {
    for (const entry of entries) {
      let node = this.root;
      for (const segment of compile(entry.path)) {
        if ('literal' in segment) {
          let next = node.literals.get(segment.literal);
          if (!next) node.literals.set(segment.literal, (next = newNode()));
          node = next;
        } else {
          let param = node.params.find((p) => p.prefix === segment.prefix && p.name === segment.param);
          if (!param) {
            param = { prefix: segment.prefix, name: segment.param, node: newNode() };
            node.params.push(param);
            node.params.sort((a, b) => b.prefix.length - a.prefix.length);
          }
          node = param.node;
        }
      }
      node.routes.push({ method: entry.method, route: entry.route });
    }
  }

  /** HEAD falls back to the GET of the same path when the contract has no HEAD operation for it. */
  match(method: string, path: string): RouteMatch<R> {
    const parts = path.split('/');
    if (parts[0] !== '') return undefined;
    const walk: Walk<R> = { method, parts, names: [], values: [], pathMatched: false };
    const found = this.walk(this.root, 1, walk);
    if (found) return found;
    if (walk.headFallback) return walk.headFallback;
    return walk.pathMatched ? { methodNotAllowed: true } : undefined;
  }

  private walk(node: Node<R>, i: number, w: Walk<R>): { route: R; params: Record<string, string> } | undefined {
    if (i === w.parts.length) {
      if (node.routes.length === 0) return undefined;
      w.pathMatched = true;
      for (const r of node.routes) if (r.method === w.method) return { route: r.route, params: params(w) };
      if (w.method === 'HEAD' && !w.headFallback) {
        const get = node.routes.find((r) => r.method === 'GET');
        if (get) w.headFallback = { route: get.route, params: params(w) };
      }
      return undefined;
    }
    const part = w.parts[i];
    // Most levels below a parameter have no literal segment: no lookup (and no hashing of an id) there.
    const literal = node.literals.size === 0 ? undefined : node.literals.get(part);
    if (literal) {
      const found = this.walk(literal, i + 1, w);
      if (found) return found;
    }
    for (const param of node.params) {
      if (part.length <= param.prefix.length || !part.startsWith(param.prefix)) continue;
      w.names.push(param.name);
      w.values.push(part.slice(param.prefix.length));
      const found = this.walk(param.node, i + 1, w);
      w.names.pop();
      w.values.pop();
      if (found) return found;
    }
    return undefined;
  }
}

function params<R>(w: Walk<R>): Record<string, string> {
  const out: Record<string, string> = {};
  for (let i = 0; i < w.names.length; i++) out[w.names[i]] = decode(w.values[i]);
  return out;
}

function decode(value: string): string {
  if (!value.includes('%')) return value;
  try {
    return decodeURIComponent(value);
  } catch {
    throw new InvalidInputError(`Malformed percent-encoding in the path: ${value.slice(0, 100)}`);
  }
}
