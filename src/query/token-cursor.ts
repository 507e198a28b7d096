import { predicateError, quoteAt, tokenize, WHERE_DIALECT, type LexerDialect, type Token } from './predicate-lexer.js';

// Deep enough for any real predicate, shallow enough that recursion can never exhaust the stack.
export const MAX_DEPTH = 48;

/**
 * The token stream of a predicate with what recursive-descent parsers of the predicate languages
 * share: look-ahead, keywords (case-insensitive), expectations that fail with the line and column,
 * and a nesting limit.
 */
export class TokenCursor {
  protected readonly tokens: Token[];
  protected index = 0;
  private depth = 0;

  constructor(
    protected readonly source: string,
    protected readonly dialect: LexerDialect = WHERE_DIALECT,
  ) {
    this.tokens = tokenize(source, dialect);
  }

  /** Call on entering a nested group; `leave` on the way out. */
  protected enter(): void {
    if (++this.depth > MAX_DEPTH) {
      throw predicateError(this.source, this.peek().pos, `Predicate is nested more than ${MAX_DEPTH} levels deep.`, this.dialect.subject);
    }
  }

  protected leave(): void {
    this.depth--;
  }

  protected peek(ahead = 0): Token {
    return this.tokens[Math.min(this.index + ahead, this.tokens.length - 1)];
  }

  protected next(): Token {
    const token = this.peek();
    if (this.index < this.tokens.length - 1) this.index++;
    return token;
  }

  protected isKeyword(token: Token, word: string): boolean {
    return token.kind === 'ident' && token.text.toLowerCase() === word;
  }

  protected expect(kind: Token['kind'], description: string): Token {
    if (this.peek().kind !== kind) this.fail(description);
    return this.next();
  }

  protected expectKeyword(...words: string[]): string {
    const token = this.peek();
    const word = token.kind === 'ident' ? token.text.toLowerCase() : '';
    if (!words.includes(word)) this.fail(words.map((w) => `"${w}"`).join(' or '));
    this.next();
    return word;
  }

  protected fail(expected: string): never {
    const token = this.peek();
    const found = token.kind === 'eof' ? 'end of input' : quoteAt(this.source, token.pos);
    throw predicateError(this.source, token.pos, `Invalid input ${found}, expected ${expected}.`, this.dialect.subject);
  }
}

/**
 * The part the predicate languages share above their conditions: `or` of `and`s (`and` binds
 * tighter), parenthesised groups, end of input. A language supplies its unary step and its node.
 */
export abstract class LogicParser<N> extends TokenCursor {
  protected abstract parseUnary(): N;
  protected abstract junction(kind: 'and' | 'or', operands: N[]): N;

  parseAll(): N {
    const predicate = this.parseOr();
    if (this.peek().kind !== 'eof') this.fail('"and", "or" or end of input');
    return predicate;
  }

  protected parseOr(): N {
    this.enter();
    const operands = [this.parseAnd()];
    while (this.isKeyword(this.peek(), 'or')) {
      this.next();
      operands.push(this.parseAnd());
    }
    this.leave();
    return operands.length === 1 ? operands[0] : this.junction('or', operands);
  }

  private parseAnd(): N {
    const operands = [this.parseUnary()];
    while (this.isKeyword(this.peek(), 'and')) {
      this.next();
      operands.push(this.parseUnary());
    }
    return operands.length === 1 ? operands[0] : this.junction('and', operands);
  }

  protected parseGroup(): N {
    this.expect('(', '"("');
    const inner = this.parseOr();
    this.expect(')', '"and", "or" or ")"');
    return inner;
  }
}
