import { InvalidInputError } from '../../src/errors/api-error.js';
import type { PredicateNode } from '../../src/query/predicate-ast.js';
import { parsePredicate } from '../../src/query/predicate-parser.js';

/** Strips positions so expectations read like the grammar. */
function shape(node: PredicateNode): unknown {
  return JSON.parse(JSON.stringify(node, (k, v) => (k === 'pos' ? undefined : v)));
}

function errorOf(source: string): InvalidInputError {
  try {
    parsePredicate(source);
  } catch (error) {
    if (error instanceof InvalidInputError) return error;
    throw error;
  }
  throw new Error(`expected ${source} to fail`);
}

const str = (value: string) => ({ kind: 'string', value });
const num = (value: number) => ({ kind: 'number', value });

describe('predicate grammar', () => {
  test.each([
    ['=', '='],
    ['!=', '!='],
    ['<>', '!='],
    ['<', '<'],
    ['<=', '<='],
    ['>', '>'],
    ['>=', '>='],
  ])('comparison operator %s', (op, normalized) => {
    expect(shape(parsePredicate(`version ${op} 3`))).toEqual({ kind: 'field', name: 'version', test: { kind: 'compare', op: normalized, value: num(3) } });
  });

  test('operators need no surrounding spaces', () => {
    expect(shape(parsePredicate('version>=-1'))).toEqual({ kind: 'field', name: 'version', test: { kind: 'compare', op: '>=', value: num(-1) } });
  });

  test('in and not in', () => {
    expect(shape(parsePredicate('key in ("a", "b")'))).toEqual({
      kind: 'field',
      name: 'key',
      test: { kind: 'in', negated: false, list: { items: [str('a'), str('b')] } },
    });
    expect(shape(parsePredicate('age not in (42, 43)'))).toEqual({
      kind: 'field',
      name: 'age',
      test: { kind: 'in', negated: true, list: { items: [num(42), num(43)] } },
    });
  });

  test('contains any / contains all, with or without a space before the list', () => {
    for (const source of ['ids contains any ("p")', 'ids contains any("p")', 'ids CONTAINS ANY("p")']) {
      expect(shape(parsePredicate(source))).toEqual({ kind: 'field', name: 'ids', test: { kind: 'contains', mode: 'any', list: { items: [str('p')] } } });
    }
    expect(shape(parsePredicate('ids contains all ("p", "q")'))).toMatchObject({ test: { kind: 'contains', mode: 'all' } });
  });

  test.each([
    ['lineItems is empty', { kind: 'empty', negated: false }],
    ['lineItems is not empty', { kind: 'empty', negated: true }],
    ['key is defined', { kind: 'defined', negated: false }],
    ['key is not defined', { kind: 'defined', negated: true }],
    ['key IS NOT DEFINED', { kind: 'defined', negated: true }],
  ])('%s', (source, test) => {
    expect(shape(parsePredicate(source))).toMatchObject({ kind: 'field', test });
  });

  test('within circle(lng, lat, radius)', () => {
    expect(shape(parsePredicate('geoLocation within circle(13.3777, 52.51627, 1000)'))).toEqual({
      kind: 'field',
      name: 'geoLocation',
      test: { kind: 'circle', lng: num(13.3777), lat: num(52.51627), radius: num(1000) },
    });
  });

  test('and binds tighter than or', () => {
    expect(shape(parsePredicate('id = "abc" and id = "def" or id = "ghi"'))).toMatchObject({
      kind: 'or',
      operands: [
        { kind: 'and', operands: [{ name: 'id' }, { name: 'id' }] },
        { name: 'id', test: { value: str('ghi') } },
      ],
    });
    expect(shape(parsePredicate('a = 1 or b = 2 and c = 3'))).toMatchObject({ kind: 'or', operands: [{ name: 'a' }, { kind: 'and' }] });
  });

  test('parentheses group', () => {
    expect(shape(parsePredicate('id = "abc" and (id = "def" or id = "ghi")'))).toMatchObject({ kind: 'and', operands: [{ name: 'id' }, { kind: 'or' }] });
  });

  test('not(...) and not (...)', () => {
    expect(shape(parsePredicate('not(a = 1)'))).toMatchObject({ kind: 'not', operand: { name: 'a' } });
    expect(shape(parsePredicate('NOT (a = 1 and b = 2)'))).toMatchObject({ kind: 'not', operand: { kind: 'and' } });
  });

  test('nested objects, arrays of objects, localized strings and custom fields', () => {
    expect(shape(parsePredicate('masterData(current(name(en = "Super Product") and slug(en = "super-product")))'))).toMatchObject({
      name: 'masterData',
      test: { kind: 'nested', predicate: { name: 'current', test: { kind: 'nested', predicate: { kind: 'and' } } } },
    });
    expect(shape(parsePredicate('custom(fields(name = "x"))'))).toMatchObject({
      name: 'custom',
      test: { predicate: { name: 'fields', test: { predicate: { name: 'name' } } } },
    });
    expect(shape(parsePredicate('name(en-US = "x")'))).toMatchObject({ test: { predicate: { name: 'en-US' } } });
  });

  test('string escapes', () => {
    expect(shape(parsePredicate('id = "ab\\"c"'))).toMatchObject({ test: { value: str('ab"c') } });
    expect(shape(parsePredicate('id = "a\\\\b"'))).toMatchObject({ test: { value: str('a\\b') } });
    expect(shape(parsePredicate('id = "\\u00e9\\n"'))).toMatchObject({ test: { value: str('é\n') } });
  });

  test.each([
    ['10', 10],
    ['10.0', 10],
    ['-3', -3],
    ['-0.25', -0.25],
    ['1e3', 1000],
  ])('number literal %s', (text, value) => {
    expect(shape(parsePredicate(`amount = ${text}`))).toMatchObject({ test: { value: num(value) } });
  });

  test('boolean and date literals', () => {
    expect(shape(parsePredicate('isEmailVerified = false'))).toMatchObject({ test: { value: { kind: 'boolean', value: false } } });
    expect(shape(parsePredicate('flag = TRUE'))).toMatchObject({ test: { value: { kind: 'boolean', value: true } } });
    expect(shape(parsePredicate('createdAt > "2018-10-12T14:00:00.000Z"'))).toMatchObject({ test: { value: str('2018-10-12T14:00:00.000Z') } });
  });

  test('variables as values and as lists', () => {
    expect(shape(parsePredicate('key in :keys'))).toMatchObject({ test: { kind: 'in', list: { items: [{ kind: 'variable', name: 'keys' }] } } });
    expect(shape(parsePredicate('amount < :foo'))).toMatchObject({ test: { value: { kind: 'variable', name: 'foo' } } });
    expect(shape(parsePredicate('resourceTypeIds contains any :foo'))).toMatchObject({ test: { kind: 'contains', list: { items: [{ name: 'foo' }] } } });
    expect(shape(parsePredicate('key in (:a, "b")'))).toMatchObject({ test: { list: { items: [{ kind: 'variable' }, { kind: 'string' }] } } });
  });

  test('keywords are case-insensitive and fields may be named like keywords', () => {
    expect(shape(parsePredicate('a = 1 AND b = 2 Or c = 3'))).toMatchObject({ kind: 'or' });
    expect(shape(parsePredicate('in = 1'))).toMatchObject({ kind: 'field', name: 'in' });
  });

  test('whitespace, including newlines, is insignificant', () => {
    expect(shape(parsePredicate('  a =\n1\tand\r\nb = 2 '))).toMatchObject({ kind: 'and' });
  });
});

describe('predicate syntax errors are InvalidInput naming the position', () => {
  test.each([
    ['id = ', '(line 1, column 6)', 'end of input'],
    ['id == "a"', '(line 1, column 5)', "'='"],
    ['id = "abc" and', '(line 1, column 15)', 'end of input'],
    ['version > 1 xor version < 2', '(line 1, column 13)', "'x'"],
    ['(a = 1', '(line 1, column 7)', 'expected "and", "or" or ")"'],
    ['a = 1)', '(line 1, column 6)', "')'"],
    ['key in ()', '(line 1, column 9)', 'expected a string, number, boolean or variable'],
    ['key contains some ("a")', '(line 1, column 14)', '"any" or "all"'],
    ['key is nothing', '(line 1, column 8)', '"empty" or "defined"'],
    ['a = 1 and\nb ~ 2', '(line 2, column 3)', "'~'"],
    ['id = "abc', '(line 1, column 6)', 'Unterminated string'],
    ['id = "a\\qb"', '(line 1, column 8)', 'Invalid escape'],
    ['a = 12abc', '(line 1, column 7)', 'expected a number'],
    ['a = :', '(line 1, column 6)', 'variable name'],
    ['geo within circle(1, 2)', '(line 1, column 23)', '","'],
    ['not a = 1', '(line 1, column 5)', "'a'"],
    ['', '(line 1, column 1)', 'end of input'],
  ])('%j', (source, position, detail) => {
    const error = errorOf(source);
    expect(error.code).toBe('InvalidInput');
    expect(error.status).toBe(400);
    expect(error.message).toContain(position);
    expect(error.message).toContain(detail);
  });

  test('nesting is bounded instead of exhausting the stack', () => {
    expect(errorOf(`${'not('.repeat(5000)}a = 1${')'.repeat(5000)}`).message).toContain('nested more than');
    expect(errorOf(`${'a('.repeat(5000)}b = 1${')'.repeat(5000)}`).message).toContain('nested more than');
  });
});
