import type { ComparisonOperator, FieldTestNode, ListNode, PredicateNode, ValueNode } from './predicate-ast.js';
import { predicateError, quoteAt, tokenize, type Token } from './predicate-lexer.js';

/**
 * Recursive-descent parser of query predicates:
 *
 *   predicate  := or EOF
 *   or         := and ("or" and)*
 *   and        := unary ("and" unary)*
 *   unary      := "not" "(" or ")" | "(" or ")" | field
 *   field      := IDENT ( "(" or ")" | cmp value | ["not"] "in" list | "contains" ("any"|"all") list
 *                       | "is" ["not"] ("empty"|"defined") | "within" "circle" "(" value "," value "," value ")" )
 *   list       := "(" value ("," value)* ")" | VARIABLE
 *   value      := STRING | NUMBER | "true" | "false" | VARIABLE
 *
 * `and` binds tighter than `or`; keywords are case-insensitive. Every failure is an InvalidInputError
 * naming the line and column, whatever the input.
 */
export function parsePredicate(source: string): PredicateNode {
  return new Parser(source).parseAll();
}

// Deep enough for any real predicate, shallow enough that recursion can never exhaust the stack.
const MAX_DEPTH = 48;

class Parser {
  private readonly tokens: Token[];
  private index = 0;
  private depth = 0;

  constructor(private readonly source: string) {
    this.tokens = tokenize(source);
  }

  parseAll(): PredicateNode {
    const predicate = this.parseOr();
    if (this.peek().kind !== 'eof') this.fail('"and", "or" or end of input');
    return predicate;
  }

  private parseOr(): PredicateNode {
    this.enter();
    const operands = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'or')) {
      this.next();
      operands.push(this.parseAnd());
    }
    this.depth--;
    return operands.length === 1 ? operands[0] : { kind: 'or', operands };
  }

  private parseAnd(): PredicateNode {
    const operands = [this.parseUnary()];
    while (this.isKeyword(this.peek(), 'and')) {
      this.next();
      operands.push(this.parseUnary());
    }
    return operands.length === 1 ? operands[0] : { kind: 'and', operands };
  }

  private parseUnary(): PredicateNode {
    const token = this.peek();
    if (token.kind === '(') {
      return this.parseGroup();
    }
    if (this.isKeyword(token, 'not') && this.peek(1).kind === '(') {
      this.next();
      return { kind: 'not', operand: this.parseGroup() };
    }
    if (token.kind !== 'ident') this.fail('a field name, "not" or "("');
    this.next();
    return { kind: 'field', name: token.text, pos: token.pos, test: this.parseFieldTest() };
  }

  private parseGroup(): PredicateNode {
    this.expect('(', '"("');
    const inner = this.parseOr();
    this.expect(')', '"and", "or" or ")"');
    return inner;
  }

  private parseFieldTest(): FieldTestNode {
    const token = this.peek();
    if (token.kind === '(') return { kind: 'nested', predicate: this.parseGroup() };
    if (token.kind === 'op') {
      this.next();
      return { kind: 'compare', op: token.text as ComparisonOperator, value: this.parseValue() };
    }
    const expected = '"(", a comparison operator, "not", "in", "contains", "is" or "within"';
    if (token.kind !== 'ident') this.fail(expected);
    const keyword = token.text.toLowerCase();
    this.next();
    switch (keyword) {
      case 'in':
        return { kind: 'in', negated: false, list: this.parseList() };
      case 'not':
        this.expectKeyword('in');
        return { kind: 'in', negated: true, list: this.parseList() };
      case 'contains': {
        const mode = this.expectKeyword('any', 'all');
        return { kind: 'contains', mode: mode === 'any' ? 'any' : 'all', list: this.parseList() };
      }
      case 'is': {
        const negated = this.isKeyword(this.peek(), 'not');
        if (negated) this.next();
        const what = this.expectKeyword('empty', 'defined');
        return what === 'empty' ? { kind: 'empty', negated } : { kind: 'defined', negated };
      }
      case 'within': {
        this.expectKeyword('circle');
        this.expect('(', '"("');
        const lng = this.parseValue();
        this.expect(',', '","');
        const lat = this.parseValue();
        this.expect(',', '","');
        const radius = this.parseValue();
        this.expect(')', '")"');
        return { kind: 'circle', lng, lat, radius };
      }
      default:
        this.index--;
        return this.fail(expected);
    }
  }

  private parseList(): ListNode {
    const token = this.peek();
    if (token.kind === 'variable') {
      this.next();
      return { items: [{ kind: 'variable', name: token.text, pos: token.pos }], pos: token.pos };
    }
    this.expect('(', '"(" or a variable');
    const items = [this.parseValue()];
    while (this.peek().kind === ',') {
      this.next();
      items.push(this.parseValue());
    }
    this.expect(')', '"," or ")"');
    return { items, pos: token.pos };
  }

  private parseValue(): ValueNode {
    const token = this.peek();
    switch (token.kind) {
      case 'string':
        this.next();
        return { kind: 'string', value: token.text, pos: token.pos };
      case 'number':
        this.next();
        return { kind: 'number', value: Number(token.text), pos: token.pos };
      case 'variable':
        this.next();
        return { kind: 'variable', name: token.text, pos: token.pos };
      case 'ident': {
        const word = token.text.toLowerCase();
        if (word === 'true' || word === 'false') {
          this.next();
          return { kind: 'boolean', value: word === 'true', pos: token.pos };
        }
        break;
      }
      default:
        break;
    }
    return this.fail('a string, number, boolean or variable');
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) {
      throw predicateError(this.source, this.peek().pos, `Predicate is nested more than ${MAX_DEPTH} levels deep.`);
    }
  }

  private peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)];
  }

  private next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  private isKeyword(token: Token, word: string): boolean {
    return token.kind === 'ident' && token.text.toLowerCase() === word;
  }

  private expect(kind: Token['kind'], description: string): Token {
    if (this.peek().kind !== kind) this.fail(description);
    return this.next();
  }

  private expectKeyword(...words: string[]): string {
    const token = this.peek();
    const word = token.kind === 'ident' ? token.text.toLowerCase() : '';
    if (!words.includes(word)) this.fail(words.map((w) => `"${w}"`).join(' or '));
    this.next();
    return word;
  }

  private fail(expected: string): never {
    const token = this.peek();
    const found = token.kind === 'eof' ? 'end of input' : quoteAt(this.source, token.pos);
    throw predicateError(this.source, token.pos, `Invalid input ${found}, expected ${expected}.`);
  }
}
