import { InvalidInputError } from '../errors/api-error.js';

/**
 * Tokenizer of the predicate language. Keywords (`and`, `in`, `is`, ...) are plain identifiers here:
 * the parser decides by position whether `not` is an operator or a field named "not".
 */
export type TokenKind = 'ident' | 'string' | 'number' | 'variable' | 'op' | '(' | ')' | ',' | 'eof';

export interface Token {
  kind: TokenKind;
  /** Identifier name, decoded string value, number text, variable name or operator. */
  text: string;
  pos: number;
  end: number;
}

/** 1-based line and column of an offset, as in the platform's parser messages. */
export function describePosition(source: string, offset: number): string {
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < offset && i < source.length; i++) {
    if (source[i] === '\n') {
      line++;
      lineStart = i + 1;
    }
  }
  return `(line ${line}, column ${offset - lineStart + 1})`;
}

/**
 * The language a source is written in: query predicates (`where`) or the cart predicates of
 * discounts and shipping methods, which name fields by dotted paths (`customer.email`) and are
 * reported under their own parameter name.
 */
export interface LexerDialect {
  /** The parameter named in error messages. */
  subject: string;
  /** Whether `.` may continue an identifier (`categories.id`). */
  dottedNames: boolean;
}

export const WHERE_DIALECT: LexerDialect = { subject: 'where', dottedNames: false };

export function predicateError(source: string, offset: number, message: string, subject = WHERE_DIALECT.subject): InvalidInputError {
  return new InvalidInputError(`Malformed parameter: ${subject}: Syntax error while parsing '${subject}'. ${message} ${describePosition(source, offset)}`);
}

const IDENT_START = /[A-Za-z_]/;
// Hyphens are allowed after the first character so that locales (`name(en-US = "x")`) and custom
// field names with dashes can be written without quoting.
const IDENT_PART = /[A-Za-z0-9_-]/;
const DOTTED_IDENT_PART = /[A-Za-z0-9_.-]/;
const DIGIT = /[0-9]/;
const VARIABLE_PART = /[A-Za-z0-9]/;
const WHITESPACE = /[ \t\r\n]/;
const SIMPLE_ESCAPES: Record<string, string> = {
  '"': '"',
  '\\': '\\',
  '/': '/',
  n: '\n',
  t: '\t',
  r: '\r',
  b: '\b',
  f: '\f',
};

export function tokenize(source: string, dialect: LexerDialect = WHERE_DIALECT): Token[] {
  const fail = (offset: number, message: string) => predicateError(source, offset, message, dialect.subject);
  const identPart = dialect.dottedNames ? DOTTED_IDENT_PART : IDENT_PART;
  const tokens: Token[] = [];
  let i = 0;
  const n = source.length;
  while (i < n) {
    const c = source[i];
    if (WHITESPACE.test(c)) {
      i++;
    } else if (c === '(' || c === ')' || c === ',') {
      tokens.push({ kind: c, text: c, pos: i, end: i + 1 });
      i++;
    } else if (c === '"') {
      i = readString(source, i, tokens, fail);
    } else if (c === ':') {
      let j = i + 1;
      while (j < n && VARIABLE_PART.test(source[j])) j++;
      if (j === i + 1) throw fail(i + 1, `Invalid input ${quoteAt(source, i + 1)}, expected a variable name.`);
      tokens.push({ kind: 'variable', text: source.slice(i + 1, j), pos: i, end: j });
      i = j;
    } else if (DIGIT.test(c) || (c === '-' && i + 1 < n && DIGIT.test(source[i + 1]))) {
      i = readNumber(source, i, tokens, fail);
    } else if (IDENT_START.test(c)) {
      let j = i + 1;
      while (j < n && identPart.test(source[j])) j++;
      tokens.push({ kind: 'ident', text: source.slice(i, j), pos: i, end: j });
      i = j;
    } else {
      const two = source.slice(i, i + 2);
      const op = two === '!=' || two === '<>' || two === '<=' || two === '>=' ? two : c === '=' || c === '<' || c === '>' ? c : undefined;
      if (op === undefined) throw fail(i, `Invalid input ${quoteAt(source, i)}.`);
      tokens.push({ kind: 'op', text: op === '<>' ? '!=' : op, pos: i, end: i + op.length });
      i += op.length;
    }
  }
  tokens.push({ kind: 'eof', text: '', pos: n, end: n });
  return tokens;
}

/** The character at an offset, quoted for a message (code point aware, so emoji are not split). */
export function quoteAt(source: string, offset: number): string {
  if (offset >= source.length) return 'end of input';
  const cp = source.codePointAt(offset) ?? 0;
  return `'${String.fromCodePoint(cp)}'`;
}

type Fail = (offset: number, message: string) => InvalidInputError;

function readString(source: string, start: number, tokens: Token[], fail: Fail): number {
  let value = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source[i];
    if (c === '"') {
      tokens.push({ kind: 'string', text: value, pos: start, end: i + 1 });
      return i + 1;
    }
    if (c !== '\\') {
      value += c;
      i++;
      continue;
    }
    const e = source[i + 1];
    if (e !== undefined && Object.hasOwn(SIMPLE_ESCAPES, e)) {
      value += SIMPLE_ESCAPES[e];
      i += 2;
    } else if (e === 'u' && /^[0-9A-Fa-f]{4}$/.test(source.slice(i + 2, i + 6))) {
      value += String.fromCharCode(parseInt(source.slice(i + 2, i + 6), 16));
      i += 6;
    } else {
      throw fail(i, `Invalid escape sequence in string literal.`);
    }
  }
  throw fail(start, 'Unterminated string literal.');
}

function readNumber(source: string, start: number, tokens: Token[], fail: Fail): number {
  const match = /^-?[0-9]+(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(source.slice(start));
  // The guard in tokenize() ensures at least one digit, so the pattern always matches.
  const text = match ? match[0] : source[start];
  const end = start + text.length;
  if (end < source.length && IDENT_PART.test(source[end])) {
    throw fail(end, `Invalid input ${quoteAt(source, end)}, expected a number.`);
  }
  if (!Number.isFinite(Number(text))) throw fail(start, 'Number literal out of range.');
  tokens.push({ kind: 'number', text, pos: start, end });
  return end;
}
