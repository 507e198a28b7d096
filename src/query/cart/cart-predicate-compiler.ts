import { InvalidInputError } from '../../errors/api-error.js';
import { describePosition } from '../predicate-lexer.js';
import { currencyFractionDigits } from '../../shared/money/money.js';
import type { CartPredicateNode, ComparisonOperator, Literal, Operand, Test } from './cart-predicate-ast.js';
import { parseCartPredicate } from './cart-predicate-parser.js';
import type { CartPredicateScope, MoneyValue, ValueKind } from './cart-predicate-scope.js';

/** A checked cart predicate, ready to run on documents of its context. */
export type CompiledCartPredicate<C> = (context: C) => boolean;

interface Value<C> {
  kind: ValueKind;
  get(context: C): unknown;
  pos: number;
}

/**
 * Parses and checks `source` against `scope` (unknown fields and functions, a value of the wrong
 * type, a malformed money string: 400 InvalidInput naming `subject` and the position) and compiles
 * it into a function evaluated in memory: a cart is one document, so it is never queried in SQL.
 *
 * Semantics: a comparison with a missing value is false; money compares only with money of the same
 * currency ("10.00 EUR": the currency's fraction digits at most); a set (`categories.id`) is tested
 * with `contains`; `is empty` holds for a missing value, "", [] and {}.
 */
export function compileCartPredicate<C>(source: string, scope: CartPredicateScope<C>, subject: string): CompiledCartPredicate<C> {
  return new Compiler(source, subject).predicate(parseCartPredicate(source, subject), scope);
}

// Compiled predicates by scope and source: the same few predicates run on every cart recalculation
// and over every price of every product written.
const compiled = new Map<CartPredicateScope<never>, Map<string, CompiledCartPredicate<never>>>();
const MAX_CACHED_PER_SCOPE = 2000;

/** `compileCartPredicate`, cached per scope and source; a malformed source is still 400 InvalidInput naming `subject` each time. */
export function cachedCartPredicate<C>(source: string, scope: CartPredicateScope<C>, subject: string): CompiledCartPredicate<C> {
  let forScope = compiled.get(scope as CartPredicateScope<never>);
  if (!forScope) compiled.set(scope as CartPredicateScope<never>, (forScope = new Map()));
  let predicate = forScope.get(source) as CompiledCartPredicate<C> | undefined;
  if (!predicate) {
    predicate = compileCartPredicate(source, scope, subject);
    if (forScope.size >= MAX_CACHED_PER_SCOPE) forScope.clear();
    forScope.set(source, predicate as CompiledCartPredicate<never>);
  }
  return predicate;
}

const MONEY = /^(-?[0-9]+)(?:\.([0-9]+))?\s+([A-Z]{3})$/;

/** "10.00 EUR" as money, or undefined when the text is not a money string. */
export function parseMoney(text: string): MoneyValue | undefined {
  const match = MONEY.exec(text.trim());
  if (!match) return undefined;
  const [, whole, fraction = '', currencyCode] = match;
  const digits = currencyFractionDigits(currencyCode);
  if (fraction.length > digits) return undefined;
  const centAmount = Number(BigInt(whole + fraction.padEnd(digits, '0')));
  return Number.isSafeInteger(centAmount) ? { currencyCode, centAmount } : undefined;
}

function isMoney(value: unknown): value is MoneyValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as MoneyValue).currencyCode === 'string' &&
    typeof (value as MoneyValue).centAmount === 'number'
  );
}

function order(a: number | string, b: number | string, op: ComparisonOperator): boolean {
  switch (op) {
    case '=':
      return a === b;
    case '!=':
      return a !== b;
    case '<':
      return a < b;
    case '<=':
      return a <= b;
    case '>':
      return a > b;
    case '>=':
      return a >= b;
  }
}

/** A dynamic value (custom field, attribute) as what it compares like: an enum compares by its key. */
function comparable(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && !isMoney(value) && typeof (value as { key?: unknown }).key === 'string')
    return (value as { key: string }).key;
  return value;
}

/** `value op literal` at run time, for values whose kind is only known then (dynamic ones). */
function compareDynamic(value: unknown, op: ComparisonOperator, literal: Literal): boolean {
  const v = comparable(value);
  if (isMoney(v)) {
    const money = literal.kind === 'string' ? parseMoney(literal.value) : undefined;
    return money !== undefined && v.currencyCode === money.currencyCode && order(v.centAmount, money.centAmount, op);
  }
  if (typeof v !== typeof literal.value || v === undefined) return false;
  if (typeof v === 'boolean') return op === '=' ? v === literal.value : op === '!=' ? v !== literal.value : false;
  return order(v as number | string, literal.value as number | string, op);
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null || value === '') return true;
  if (Array.isArray(value)) return value.length === 0;
  return typeof value === 'object' && Object.keys(value).length === 0;
}

class Compiler {
  constructor(
    private readonly source: string,
    private readonly subject: string,
  ) {}

  private error(pos: number, message: string): InvalidInputError {
    return new InvalidInputError(`Malformed parameter: ${this.subject}: ${message} ${describePosition(this.source, pos)}`);
  }

  predicate<C>(node: CartPredicateNode, scope: CartPredicateScope<C>): CompiledCartPredicate<C> {
    switch (node.kind) {
      case 'and': {
        const parts = node.operands.map((n) => this.predicate(n, scope));
        return (c) => parts.every((p) => p(c));
      }
      case 'or': {
        const parts = node.operands.map((n) => this.predicate(n, scope));
        return (c) => parts.some((p) => p(c));
      }
      case 'not': {
        const inner = this.predicate(node.operand, scope);
        return (c) => !inner(c);
      }
      case 'condition': {
        const value = this.operand(node.subject, scope);
        if (node.test) return this.test(value, node.test);
        if (value.kind !== 'boolean' && value.kind !== 'dynamic') throw this.error(node.pos, 'Expected a boolean value or a comparison.');
        return (c) => value.get(c) === true;
      }
    }
  }

  private operand<C>(operand: Operand, scope: CartPredicateScope<C>): Value<C> {
    switch (operand.kind) {
      case 'string':
      case 'number':
      case 'boolean':
        return { kind: operand.kind, get: () => operand.value, pos: operand.pos };
      case 'field':
        return this.field(operand.path, operand.pos, scope);
      case 'call': {
        const fn = scope.functions?.[operand.name];
        if (!fn) throw this.error(operand.pos, `Unknown function '${operand.name}'.`);
        const test: (item: never) => boolean = operand.argument ? this.predicate(operand.argument, fn.scope) : () => true;
        return { kind: fn.kind, get: (c) => fn.apply(c, test), pos: operand.pos };
      }
    }
  }

  private field<C>(path: string, pos: number, scope: CartPredicateScope<C>): Value<C> {
    const spec = scope.fields[path];
    if (spec) return { kind: spec.kind, get: spec.get, pos };
    // The parts of a money field: `totalPrice.centAmount >= 100000`, `totalPrice.currencyCode = "EUR"`.
    const part = /^(.+)\.(centAmount|currencyCode)$/.exec(path);
    const money = part ? scope.fields[part[1]] : undefined;
    if (part && money?.kind === 'money') {
      const key = part[2] as 'centAmount' | 'currencyCode';
      return { kind: key === 'centAmount' ? 'number' : 'string', get: (c) => (isMoney(money.get(c)) ? (money.get(c) as MoneyValue)[key] : undefined), pos };
    }
    const dot = path.indexOf('.');
    const prefix = dot > 0 ? scope.prefixes?.[path.slice(0, dot)] : undefined;
    if (prefix && dot < path.length - 1) {
      const name = path.slice(dot + 1);
      return { kind: 'dynamic', get: (c) => prefix(c, name), pos };
    }
    throw this.error(pos, `Unknown field '${path}'.`);
  }

  private test<C>(value: Value<C>, test: Test): CompiledCartPredicate<C> {
    switch (test.kind) {
      case 'compare':
        return this.compare(value, test.op, test.value);
      case 'in': {
        const parts = test.values.map((literal) => this.compare(value, '=', literal));
        return test.negated ? (c) => value.get(c) !== undefined && !parts.some((p) => p(c)) : (c) => parts.some((p) => p(c));
      }
      case 'sameSet': {
        if (value.kind !== 'set' && value.kind !== 'dynamic')
          throw this.error(value.pos, `Only a set of values, such as categories.id, is compared with a list.`);
        const wanted = new Set(test.values.map((l) => l.value));
        const same = (c: C) => {
          const v = value.get(c);
          const items = new Set(Array.isArray(v) ? v.map(comparable) : v === undefined ? [] : [comparable(v)]);
          return items.size === wanted.size && [...wanted].every((w) => items.has(w));
        };
        return test.negated ? (c) => !same(c) : same;
      }
      case 'contains': {
        if (value.kind !== 'set' && value.kind !== 'dynamic') throw this.error(value.pos, `'contains' needs a set of values, such as categories.id.`);
        const wanted = test.values.map((l) => l.value);
        const has = (c: C) => {
          const v = value.get(c);
          const items = Array.isArray(v) ? v.map(comparable) : v === undefined ? [] : [comparable(v)];
          return (w: unknown) => items.includes(w);
        };
        return test.mode === 'all' ? (c) => wanted.every(has(c)) : (c) => wanted.some(has(c));
      }
      case 'empty':
        return test.negated ? (c) => !isEmpty(value.get(c)) : (c) => isEmpty(value.get(c));
      case 'defined': {
        const defined = (c: C) => {
          const v = value.get(c);
          return v !== undefined && v !== null;
        };
        return test.negated ? (c) => !defined(c) : defined;
      }
    }
  }

  private compare<C>(value: Value<C>, op: ComparisonOperator, literal: Literal): CompiledCartPredicate<C> {
    switch (value.kind) {
      case 'dynamic':
        return (c) => compareDynamic(value.get(c), op, literal);
      case 'money': {
        const money = literal.kind === 'string' ? parseMoney(literal.value) : undefined;
        if (!money) throw this.error(literal.pos, `Expected a money value such as "10.00 EUR".`);
        return (c) => {
          const v = value.get(c);
          return isMoney(v) && v.currencyCode === money.currencyCode && order(v.centAmount, money.centAmount, op);
        };
      }
      case 'set':
        throw this.error(value.pos, `A set of values is tested with 'contains', not compared.`);
      default: {
        if (literal.kind !== value.kind) throw this.error(literal.pos, `Expected a ${value.kind} value.`);
        if (value.kind === 'boolean' && op !== '=' && op !== '!=') throw this.error(literal.pos, `Booleans are compared with = or != only.`);
        const wanted = literal.value as number | string;
        return (c) => {
          const v = value.get(c);
          return v !== undefined && v !== null && order(v as number | string, wanted, op);
        };
      }
    }
  }
}
