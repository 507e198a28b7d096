import { compareValues, isPlainObject, type Literal } from './reference-values.js';
import { memberKind, type Kind } from './widget-kinds.js';

/**
 * Test oracle for `where`: reads the raw predicate text and `var.*` values and turns them into a
 * plain function over documents, following the predicate rules of the platform facts (section
 * "Query predicates") on its own, without any code of the engine under test:
 *
 *   or     := and ("or" and)*            `and` binds tighter than `or` (the facts' "safest" reading)
 *   and    := unary ("and" unary)*
 *   unary  := "not" "(" or ")" | "(" or ")" | field
 *   field  := NAME ( "(" or ")" | op value | ["not"] "in" list | "contains" ("any"|"all") list
 *                  | "is" ["not"] ("empty"|"defined") | "within" "circle" "(" n "," n "," n ")" )
 *   list   := "(" value ("," value)* ")" | :variable
 *   value  := "string" | number | true | false | :variable
 *
 * Keywords in any case (as the community mock accepts); `<>` is `!=`; strings use JSON escapes
 * (the facts name `\"`). Meaning, per field value:
 * - an array field is tested element by element (any element suffices), as the facts state for
 *   `=` and for nested predicates; the same holds for every other value test. A custom field (dynamic)
 *   holding an array is iterated the same way.
 * - a comparison, `in` or `not in` needs a value of the literal's JSON type: a missing field, null
 *   or a value of another type never matches, not even `!=` or `not in` (it is no value to compare).
 * - `contains any/all` treat the innermost array as a set; a custom field scalar is a set of one.
 * - `is defined` = present and not null; `is empty` = missing, null, `[]` or `{}`; both look at the
 *   value itself, never at its elements.
 * - `field(...)` holds when the value (or any element of an array) is an object satisfying it.
 * - `within circle(lng, lat, meters)`: great-circle distance on a sphere of radius 6371 km.
 * - variables are text; a number or boolean field reads them as its type, every other field as a string.
 */
export type DocTest = (doc: Record<string, unknown>) => boolean;

export function referencePredicate(text: string, vars: Record<string, string[]>, root: Kind): DocTest {
  const reader = new Reader(tokens(text), vars);
  const test = reader.or(root);
  reader.expectEnd();
  return test;
}

interface Token {
  type: 'str' | 'num' | 'var' | 'word' | 'op' | 'punct';
  text: string;
}

const TOKEN =
  /\s*(?:(?<str>"(?:[^"\\]|\\.)*")|(?<num>-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(?<var>:[A-Za-z0-9]+)|(?<word>[A-Za-z_][\w-]*)|(?<op><>|!=|<=|>=|=|<|>)|(?<punct>[(),]))/y;

function tokens(text: string): Token[] {
  const out: Token[] = [];
  TOKEN.lastIndex = 0;
  while (text.slice(TOKEN.lastIndex).trim() !== '') {
    const at = TOKEN.lastIndex;
    const m = TOKEN.exec(text);
    if (!m?.groups) throw new Error(`oracle: cannot read '${text.slice(at)}'`);
    const [type, value] = Object.entries(m.groups).find(([, v]) => v !== undefined) as [Token['type'], string];
    out.push({ type, text: value });
  }
  return out;
}

const strip = (kind: Kind): Kind => (typeof kind === 'object' && 'each' in kind ? strip(kind.each) : kind);
const own = (o: Record<string, unknown>, name: string): unknown => (Object.hasOwn(o, name) ? o[name] : undefined);

/** The values a test looks at: elements of arrays (all levels), a dynamic array's elements, else the value. */
function leaves(value: unknown, kind: Kind): unknown[] {
  if (typeof kind === 'object' && 'each' in kind) return Array.isArray(value) ? value.flatMap((e) => leaves(e, kind.each)) : [];
  if (kind === 'dynamic' && Array.isArray(value)) return value;
  return [value];
}

/** The sets `contains` looks at: the innermost arrays, or a dynamic value as a set of one. */
function sets(value: unknown, kind: Kind): unknown[][] {
  if (typeof kind === 'object' && 'each' in kind) {
    if (!Array.isArray(value)) return [];
    return typeof kind.each === 'object' && 'each' in kind.each ? value.flatMap((e) => sets(e, kind.each)) : [value];
  }
  if (kind === 'dynamic') return Array.isArray(value) ? [value] : [[value]];
  throw new Error('oracle: contains needs an array or a custom field');
}

const HOLDS: Record<string, (sign: number) => boolean> = {
  '=': (s) => s === 0,
  '!=': (s) => s !== 0,
  '<>': (s) => s !== 0,
  '<': (s) => s < 0,
  '<=': (s) => s <= 0,
  '>': (s) => s > 0,
  '>=': (s) => s >= 0,
};

const EARTH_RADIUS_M = 6371000;

function withinCircle(point: unknown, lng: number, lat: number, radius: number): boolean {
  if (!isPlainObject(point) || !Array.isArray(point.coordinates)) return false;
  const [plng, plat] = point.coordinates as unknown[];
  if (typeof plng !== 'number' || typeof plat !== 'number') return false;
  const rad = Math.PI / 180;
  const h = Math.sin(((plat - lat) * rad) / 2) ** 2 + Math.cos(lat * rad) * Math.cos(plat * rad) * Math.sin(((plng - lng) * rad) / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))) <= radius;
}

class Reader {
  private i = 0;

  constructor(
    private readonly toks: Token[],
    private readonly vars: Record<string, string[]>,
  ) {}

  expectEnd(): void {
    if (this.i < this.toks.length) throw new Error(`oracle: unexpected '${this.toks[this.i].text}'`);
  }

  or(ctx: Kind): DocTest {
    const parts = [this.and(ctx)];
    while (this.word('or')) parts.push(this.and(ctx));
    return parts.length === 1 ? parts[0] : (d) => parts.some((p) => p(d));
  }

  private and(ctx: Kind): DocTest {
    const parts = [this.unary(ctx)];
    while (this.word('and')) parts.push(this.unary(ctx));
    return parts.length === 1 ? parts[0] : (d) => parts.every((p) => p(d));
  }

  private unary(ctx: Kind): DocTest {
    if (this.isWord('not') && this.toks[this.i + 1]?.text === '(') {
      this.i++;
      const inner = this.group(ctx);
      return (d) => !inner(d);
    }
    if (this.peek() === '(') return this.group(ctx);
    const name = this.take('word');
    const kind = memberKind(ctx, name);
    if (kind === undefined) throw new Error(`oracle: no field '${name}'`);
    const test = this.fieldTest(kind);
    return (d) => test(own(d, name));
  }

  private group(ctx: Kind): DocTest {
    this.punct('(');
    const inner = this.or(ctx);
    this.punct(')');
    return inner;
  }

  private fieldTest(kind: Kind): (value: unknown) => boolean {
    const base = strip(kind);
    const temporal = base === 'date' || base === 'datetime';
    const eq = (x: unknown, l: Literal) => compareValues(x, l, temporal) === 0;
    if (this.peek() === '(') {
      const inner = this.group(base);
      return (v) => leaves(v, kind).some((e) => isPlainObject(e) && inner(e));
    }
    if (this.toks[this.i]?.type === 'op') {
      const holds = HOLDS[this.take('op')];
      const literal = this.value(base);
      return (v) =>
        leaves(v, kind).some((e) => {
          const sign = compareValues(e, literal, temporal);
          return sign !== undefined && holds(sign);
        });
    }
    if (this.word('is')) {
      const negated = this.word('not');
      const defined = this.word('defined');
      if (!defined && !this.word('empty')) throw new Error('oracle: expected defined or empty');
      const check = defined
        ? (v: unknown) => v !== undefined && v !== null
        : (v: unknown) => v === undefined || v === null || (Array.isArray(v) && v.length === 0) || (isPlainObject(v) && Object.keys(v).length === 0);
      return (v) => check(v) !== negated;
    }
    if (this.word('contains')) {
      const all = this.word('all');
      if (!all && !this.word('any')) throw new Error('oracle: expected any or all');
      const values = this.list(base);
      return all
        ? (v) => sets(v, kind).some((set) => values.every((l) => set.some((e) => eq(e, l))))
        : (v) => sets(v, kind).some((set) => set.some((e) => values.some((l) => eq(e, l))));
    }
    if (this.word('within')) {
      if (!this.word('circle')) throw new Error('oracle: expected circle');
      this.punct('(');
      const lng = this.value('number') as number;
      this.punct(',');
      const lat = this.value('number') as number;
      this.punct(',');
      const radius = this.value('number') as number;
      this.punct(')');
      return (v) => leaves(v, kind).some((p) => withinCircle(p, lng, lat, radius));
    }
    const negated = this.word('not');
    if (!this.word('in')) throw new Error(`oracle: unexpected '${this.toks[this.i]?.text}'`);
    const values = this.list(base);
    return negated
      ? (v) => leaves(v, kind).some((e) => compareValues(e, values[0], temporal) !== undefined && !values.some((l) => eq(e, l)))
      : (v) => leaves(v, kind).some((e) => values.some((l) => eq(e, l)));
  }

  private list(kind: Kind): Literal[] {
    if (this.toks[this.i]?.type === 'var') return this.variable(this.take('var')).map((t) => fromText(t, kind));
    this.punct('(');
    const values = [this.value(kind)];
    while (this.peek() === ',') {
      this.i++;
      values.push(this.value(kind));
    }
    this.punct(')');
    return values;
  }

  /** One literal; a typed field only accepts literals of its own JSON type. */
  private value(kind: Kind): Literal {
    const tok = this.toks[this.i++];
    let literal: Literal;
    if (tok?.type === 'var') {
      const texts = this.variable(tok.text);
      if (texts.length !== 1) throw new Error(`oracle: ${tok.text} needs one value`);
      return fromText(texts[0], kind);
    } else if (tok?.type === 'str') literal = JSON.parse(tok.text) as string;
    else if (tok?.type === 'num') literal = Number(tok.text);
    else if (tok?.type === 'word' && /^(true|false)$/i.test(tok.text)) literal = tok.text.toLowerCase() === 'true';
    else throw new Error(`oracle: expected a value, got '${tok?.text}'`);
    const expected = kind === 'number' ? 'number' : kind === 'boolean' ? 'boolean' : kind === 'dynamic' ? typeof literal : 'string';
    if (typeof literal !== expected) throw new Error(`oracle: ${typeof literal} literal for a ${JSON.stringify(kind)} field`);
    return literal;
  }

  private variable(token: string): string[] {
    const texts = this.vars[token.slice(1)];
    if (!texts?.length) throw new Error(`oracle: variable ${token} not given`);
    return texts;
  }

  private peek(): string | undefined {
    return this.toks[this.i]?.text;
  }

  private isWord(w: string): boolean {
    const tok = this.toks[this.i];
    return tok?.type === 'word' && tok.text.toLowerCase() === w;
  }

  private word(w: string): boolean {
    if (!this.isWord(w)) return false;
    this.i++;
    return true;
  }

  private punct(p: string): void {
    if (this.peek() !== p) throw new Error(`oracle: expected '${p}', got '${this.peek()}'`);
    this.i++;
  }

  private take(type: Token['type']): string {
    const tok = this.toks[this.i++];
    if (tok?.type !== type) throw new Error(`oracle: expected a ${type}, got '${tok?.text}'`);
    return tok.text;
  }
}

function fromText(text: string, kind: Kind): Literal {
  if (kind === 'number') {
    if (!/^-?\d+(\.\d+)?([eE][+-]?\d+)?$/.test(text)) throw new Error(`oracle: '${text}' is no number`);
    return Number(text);
  }
  if (kind === 'boolean') {
    if (text !== 'true' && text !== 'false') throw new Error(`oracle: '${text}' is no boolean`);
    return text === 'true';
  }
  return text;
}
