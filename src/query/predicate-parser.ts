import type { ComparisonOperator, FieldTestNode, ListNode, PredicateNode, ValueNode } from './predicate-ast.js';
import { LogicParser } from './token-cursor.js';

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

class Parser extends LogicParser<PredicateNode> {
  protected junction(kind: 'and' | 'or', operands: PredicateNode[]): PredicateNode {
    return { kind, operands };
  }

  protected parseUnary(): PredicateNode {
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
}
