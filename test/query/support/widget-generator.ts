import type { Random } from './random.js';
import { memberKind, WIDGET_KINDS, type Kind } from './widget-kinds.js';
import type { Doc } from './widget-resource.js';

/**
 * Random widgets and random predicates/sorts over them. Value pools are small so that equality
 * and ordering comparisons actually hit; they include case variants and characters whose UTF-16
 * order differs from code-point order.
 */
export const STRINGS = ['key-a1', 'key-B2', 'a', 'A', 'b', 'ab', 'aB', 'Ab', 'abc', '', 'é', 'e', 'z', 'Z', '😀', 'ｚ', 'a b', 'x"y', 'back\\slash', 'ß'];
export const NUMBERS = [-10, -2.5, -1, 0, 0.5, 1, 1.25, 2, 3, 10, 99.99, 1000];
/**
 * Dates for the Date field (`dob`), date-times (as the server stores them) for the DateTime fields.
 * Comparing a date with a date-time field or a date-time with a date field is left open by the
 * spec (which instant is "2020-06-15"?), so the generator never mixes them.
 */
const DATES = ['2019-12-31', '2020-01-01', '2020-06-15', '2021-03-01'];
const TIMESTAMPS = ['2021-01-01T00:00:00.000Z', '2021-01-01T00:00:00.001Z', '2021-06-30T12:30:00.000Z', '2022-02-02T02:02:02.000Z'];
type LiteralKind = 'string' | 'date' | 'datetime' | 'number' | 'boolean';

/** One of the stored instants, written in any of the ISO 8601 forms a client may use for it. */
function writeInstant(r: Random, stored: string): string {
  const t = Date.parse(stored);
  const offset = r.pick([0, 0, 120, -330, 60]);
  const local = new Date(t + offset * 60_000).toISOString().slice(0, 23);
  const text =
    offset === 0
      ? `${local}Z`
      : `${local}${offset > 0 ? '+' : '-'}${String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0')}:${String(Math.abs(offset) % 60).padStart(2, '0')}`;
  // Without milliseconds (or seconds) when they are zero, as clients often write it.
  return r.chance(0.5) ? text.replace(/\.000(?=Z|[+-])/, '').replace(/:00(?=Z|[+-])/, (m) => (r.chance(0.5) ? '' : m)) : text;
}
const LOCALES = ['en', 'de', 'en-US'];
const CUSTOM_NAMES = ['color', 'size', 'flag', 'loc', 'nums'];

export function generateWidgets(r: Random, count: number): Doc[] {
  return Array.from({ length: count }, (_, i) => generateWidget(r, i));
}

function maybe<T>(r: Random, make: () => T): T | null | undefined {
  const x = r.next();
  return x < 0.7 ? make() : x < 0.85 ? undefined : null;
}

const localized = (r: Random) => Object.fromEntries(LOCALES.filter(() => r.chance(0.6)).map((l) => [l, r.chance(0.9) ? r.pick(STRINGS) : null]));

function dynamicValue(r: Random): unknown {
  switch (r.int(0, 7)) {
    case 0:
      return r.pick(STRINGS);
    case 1:
      return r.pick(NUMBERS);
    case 2:
      return r.chance(0.5);
    case 3:
      return null;
    case 4:
      return r.list(0, 3, () => r.pick(STRINGS));
    case 5:
      return r.list(0, 3, () => r.pick(NUMBERS));
    case 6:
      return r.list(0, 3, () => (r.chance(0.5) ? r.pick(STRINGS) : r.pick(NUMBERS)));
    default:
      return localized(r);
  }
}

function generateWidget(r: Random, index: number): Doc {
  const hex = () =>
    Math.floor(r.next() * 0x100000000)
      .toString(16)
      .padStart(8, '0');
  const doc: Record<string, unknown> = {
    id: `${hex()}-${index.toString().padStart(4, '0')}`,
    key: r.chance(0.8) ? `key-${r.pick(['a', 'B', 'c', 'D'])}${r.int(0, 3)}` : undefined,
    version: r.int(1, 5),
    createdAt: r.pick(TIMESTAMPS),
    lastModifiedAt: r.pick(TIMESTAMPS),
    sku: r.chance(0.7) ? r.pick(STRINGS) : undefined,
    title: maybe(r, () => r.pick(STRINGS)),
    name: maybe(r, () => localized(r)),
    count: maybe(r, () => r.pick(NUMBERS)),
    active: maybe(r, () => r.chance(0.5)),
    dob: maybe(r, () => r.pick(DATES)),
    price: maybe(r, () => ({ centAmount: maybe(r, () => r.pick(NUMBERS)), currencyCode: maybe(r, () => r.pick(['EUR', 'USD', 'eur'])) })),
    tags: maybe(r, () => r.list(0, 3, () => (r.chance(0.9) ? r.pick(STRINGS) : null))),
    scores: maybe(r, () => r.list(0, 3, () => r.pick(NUMBERS))),
    matrix: maybe(r, () => r.list(0, 2, () => r.list(0, 2, () => r.pick(NUMBERS)))),
    items: maybe(r, () =>
      r.list(0, 3, () =>
        r.chance(0.9)
          ? {
              sku: maybe(r, () => r.pick(STRINGS)),
              qty: maybe(r, () => r.pick(NUMBERS)),
              labels: maybe(r, () => r.list(0, 2, () => r.pick(STRINGS))),
              name: maybe(r, () => localized(r)),
            }
          : null,
      ),
    ),
    custom: maybe(r, () => ({
      type: { typeId: 'type', id: 't1' },
      fields: Object.fromEntries(CUSTOM_NAMES.filter(() => r.chance(0.6)).map((n) => [n, dynamicValue(r)])),
    })),
    geo: maybe(r, () => ({ type: 'Point', coordinates: [r.next() * 50 - 20, r.next() * 20 + 40] })),
    parent: maybe(r, () => ({ typeId: 'widget', id: `p-${r.int(0, 4)}` })),
    stores: maybe(r, () => r.list(0, 2, () => ({ typeId: 'store', key: r.pick(['s1', 's2', 's3']) }))),
  };
  // JSON has no undefined: those fields are simply missing from the stored document.
  return JSON.parse(JSON.stringify(doc)) as Doc;
}

export interface GeneratedPredicate {
  text: string;
  vars: Record<string, string[]>;
}

const OPS = ['=', '!=', '<>', '<', '<=', '>', '>='];

export class PredicateGenerator {
  private vars: Record<string, string[]> = {};

  constructor(private readonly r: Random) {}

  generate(): GeneratedPredicate {
    this.vars = {};
    return { text: this.predicate(WIDGET_KINDS, 0), vars: this.vars };
  }

  private kw(word: string): string {
    return this.r.chance(0.1) ? word.toUpperCase() : word;
  }

  private predicate(ctx: Kind, depth: number): string {
    const x = this.r.next();
    if (depth < 3 && x < 0.12) return `${this.kw('not')}${this.r.chance(0.5) ? ' ' : ''}(${this.predicate(ctx, depth + 1)})`;
    if (depth < 3 && x < 0.3) {
      const parts = this.r.list(2, 3, () => this.predicate(ctx, depth + 1));
      const joined = parts.reduce((acc, p) => `${acc} ${this.kw(this.r.pick(['and', 'or']))} ${p}`);
      return this.r.chance(0.5) ? `(${joined})` : joined;
    }
    return this.field(ctx, depth);
  }

  private field(ctx: Kind, depth: number): string {
    const name = this.r.pick(memberNames(ctx));
    let inner = memberKind(ctx, name) as Kind;
    let arrays = 0;
    while (typeof inner === 'object' && 'each' in inner) {
      inner = inner.each;
      arrays++;
    }
    const point = typeof inner === 'object' && 'point' in inner;
    const structured = typeof inner === 'object' || inner === 'dynamic';
    const tests: Array<() => string> = [() => `${this.kw('is')} ${this.r.chance(0.5) ? `${this.kw('not')} ` : ''}${this.kw('defined')}`];
    // A geo point is a value, not a container: `is empty` is refused for it.
    if (arrays > 0 || (structured && !point)) {
      tests.push(() => `${this.kw('is')} ${this.r.chance(0.5) ? `${this.kw('not')} ` : ''}${this.kw('empty')}`);
    }
    const dynamic = inner === 'dynamic';
    const literalKind = dynamic ? this.r.pick(['string', 'number', 'boolean'] as const) : inner;
    if (literalKind === 'string' || literalKind === 'date' || literalKind === 'datetime' || literalKind === 'number' || literalKind === 'boolean') {
      const kind = literalKind;
      const ops = kind === 'boolean' ? ['=', '!=', '<>'] : OPS;
      tests.push(() => `${this.r.pick(ops)} ${this.value(kind, dynamic)}`);
      tests.push(() => `${this.r.chance(0.5) ? `${this.kw('not')} ` : ''}${this.kw('in')} ${this.list(kind, dynamic)}`);
      if (arrays > 0 || dynamic) {
        tests.push(() => `${this.kw('contains')} ${this.kw(this.r.pick(['any', 'all']))}${this.r.chance(0.5) ? ' ' : ''}${this.list(kind, dynamic)}`);
      }
    }
    if (depth < 4 && structured) {
      tests.push(
        () => `(${this.predicate(inner, depth + 1)})`,
        () => `(${this.predicate(inner, depth + 1)})`,
      );
    }
    if (point || (dynamic && this.r.chance(0.1))) {
      const radius = this.r.pick([0, 1000, 250000, 800000, 2500000, 30000000]);
      tests.push(
        () => `${this.kw('within')} ${this.kw('circle')}(${(this.r.next() * 50 - 20).toFixed(4)}, ${(this.r.next() * 20 + 40).toFixed(4)}, ${radius})`,
      );
    }
    return `${name} ${this.r.pick(tests)()}`;
  }

  private literal(kind: LiteralKind): string {
    if (kind === 'number') return String(this.r.pick(NUMBERS));
    if (kind === 'boolean') return this.r.chance(0.5) ? this.kw('true') : this.kw('false');
    if (kind === 'date') return JSON.stringify(this.r.pick(DATES));
    if (kind === 'datetime') return JSON.stringify(writeInstant(this.r, this.r.pick(TIMESTAMPS)));
    const text = JSON.stringify(this.r.pick(STRINGS));
    // Sometimes with every non-ASCII character (UTF-16 unit) written as a \uXXXX escape.
    return this.r.chance(0.2) ? text.replace(/[^\x20-\x7e]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`) : text;
  }

  /** A literal, or (for typed fields, whose variables are read by the field's type) a variable. */
  private value(kind: LiteralKind, dynamic: boolean): string {
    if ((dynamic && kind !== 'string') || !this.r.chance(0.15)) return this.literal(kind);
    const name = `v${Object.keys(this.vars).length}`;
    this.vars[name] = [this.variableText(kind)];
    return `:${name}`;
  }

  /** Variables arrive as plain text, as `var.x=...` query parameters do. */
  private variableText(kind: LiteralKind): string {
    const literal = this.literal(kind);
    return String(JSON.parse(kind === 'boolean' ? literal.toLowerCase() : literal));
  }

  private list(kind: LiteralKind, dynamic: boolean): string {
    if ((!dynamic || kind === 'string') && this.r.chance(0.15)) {
      const name = `v${Object.keys(this.vars).length}`;
      this.vars[name] = this.r.list(1, 3, () => this.variableText(kind));
      return `:${name}`;
    }
    return `(${this.r.list(1, 3, () => this.literal(kind)).join(', ')})`;
  }
}

function memberNames(kind: Kind): string[] {
  if (kind === 'dynamic') return [...LOCALES, ...CUSTOM_NAMES];
  if (typeof kind !== 'object') return [];
  if ('fields' in kind) return Object.keys(kind.fields);
  if ('anyKey' in kind) return kind.anyKey === 'dynamic' ? CUSTOM_NAMES : LOCALES;
  return [];
}

/** Sortable paths of the widget, including localized and custom fields. */
export const SORT_PATHS = [
  'id',
  'key',
  'version',
  'createdAt',
  'lastModifiedAt',
  'sku',
  'title',
  'name.en',
  'name.en-US',
  'count',
  'active',
  'dob',
  'price.centAmount',
  'price.currencyCode',
  'custom.fields.color',
  'custom.fields.size',
  'custom.fields.flag',
  'parent.id',
  'geo.type',
];
