import { LogicParser } from '../token-cursor.js';
import type { CartPredicateNode, ComparisonOperator, Literal, Operand, Test } from './cart-predicate-ast.js';

/**
 * Recursive-descent parser of cart predicates, on the query engine's lexer (with dotted names):
 *
 *   predicate := or EOF
 *   or        := and ("or" and)*
 *   and       := unary ("and" unary)*
 *   unary     := "not" "(" or ")" | "(" or ")" | operand [test]
 *   operand   := literal | IDENT "(" [or] ")" | IDENT
 *   test      := cmp literal | ("=" | "!=") list | ["not"] "in" list | "contains" (("any" | "all") list | literal)
 *              | "is" ["not"] ("empty" | "defined")
 *   list      := "(" literal ("," literal)* ")"
 *   literal   := STRING | NUMBER | "true" | "false"
 *
 * `subject` names the parameter in error messages (e.g. `cartPredicate`).
 */
export function parseCartPredicate(source: string, subject: string): CartPredicateNode {
  return new CartPredicateParser(source, subject).parseAll();
}

class CartPredicateParser extends LogicParser<CartPredicateNode> {
  constructor(source: string, subject: string) {
    super(source, { subject, dottedNames: true });
  }

  protected junction(kind: 'and' | 'or', operands: CartPredicateNode[]): CartPredicateNode {
    return { kind, operands };
  }

  protected parseUnary(): CartPredicateNode {
    const token = this.peek();
    if (token.kind === '(') return this.parseGroup();
    if (this.isKeyword(token, 'not') && this.peek(1).kind === '(') {
      this.next();
      return { kind: 'not', operand: this.parseGroup() };
    }
    const subject = this.parseOperand();
    const test = this.parseTest();
    return test ? { kind: 'condition', subject, test, pos: token.pos } : { kind: 'condition', subject, pos: token.pos };
  }

  private parseOperand(): Operand {
    const token = this.peek();
    const literal = this.tryLiteral();
    if (literal) return literal;
    if (token.kind !== 'ident') this.fail('a field name, a function, a value, "not" or "("');
    this.next();
    if (this.peek().kind !== '(') return { kind: 'field', path: token.text, pos: token.pos };
    this.next();
    if (this.peek().kind === ')') {
      this.next();
      return { kind: 'call', name: token.text, pos: token.pos };
    }
    const argument = this.parseOr();
    this.expect(')', '"and", "or" or ")"');
    return { kind: 'call', name: token.text, argument, pos: token.pos };
  }

  /** The test after an operand, if one follows (else the operand stands alone as a boolean). */
  private parseTest(): Test | undefined {
    const token = this.peek();
    if (token.kind === 'op') {
      this.next();
      const op = token.text as ComparisonOperator;
      if (this.peek().kind === '(' && (op === '=' || op === '!=')) return { kind: 'sameSet', negated: op !== '=', values: this.parseList() };
      return { kind: 'compare', op, value: this.parseLiteral() };
    }
    if (token.kind !== 'ident') return undefined;
    switch (token.text.toLowerCase()) {
      case 'in':
        this.next();
        return { kind: 'in', negated: false, values: this.parseList() };
      case 'not':
        if (this.peek(1).kind === '(') return undefined;
        this.next();
        this.expectKeyword('in');
        return { kind: 'in', negated: true, values: this.parseList() };
      case 'contains': {
        this.next();
        const mode = this.peek();
        if (this.isKeyword(mode, 'any') || this.isKeyword(mode, 'all')) {
          this.next();
          return { kind: 'contains', mode: this.isKeyword(mode, 'any') ? 'any' : 'all', values: this.parseList() };
        }
        return { kind: 'contains', mode: 'one', values: [this.parseLiteral()] };
      }
      case 'is': {
        this.next();
        const negated = this.isKeyword(this.peek(), 'not');
        if (negated) this.next();
        const what = this.expectKeyword('empty', 'defined');
        return what === 'empty' ? { kind: 'empty', negated } : { kind: 'defined', negated };
      }
      default:
        return undefined;
    }
  }

  private parseList(): Literal[] {
    this.expect('(', '"("');
    const values = [this.parseLiteral()];
    while (this.peek().kind === ',') {
      this.next();
      values.push(this.parseLiteral());
    }
    this.expect(')', '"," or ")"');
    return values;
  }

  private parseLiteral(): Literal {
    return this.tryLiteral() ?? this.fail('a string, number or boolean');
  }

  private tryLiteral(): Literal | undefined {
    const token = this.peek();
    if (token.kind === 'string') {
      this.next();
      return { kind: 'string', value: token.text, pos: token.pos };
    }
    if (token.kind === 'number') {
      this.next();
      return { kind: 'number', value: Number(token.text), pos: token.pos };
    }
    if (token.kind === 'ident' && ['true', 'false'].includes(token.text.toLowerCase()) && this.peek(1).kind !== '(') {
      this.next();
      return { kind: 'boolean', value: token.text.toLowerCase() === 'true', pos: token.pos };
    }
    return undefined;
  }
}
