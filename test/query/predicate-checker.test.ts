import { InvalidInputError } from '../../src/errors/api-error.js';
import { checkPredicate, checkPredicates } from '../../src/query/predicate-checker.js';
import { categoryResource } from '../../src/resources/queryable-resources.js';
import { widgetResource } from './support/widget-resource.js';

const resource = widgetResource();

function errorOf(source: string, vars: Record<string, string[]> = {}): string {
  try {
    checkPredicate(source, resource, vars);
  } catch (error) {
    if (error instanceof InvalidInputError) return error.message;
    throw error;
  }
  throw new Error(`expected ${source} to be rejected`);
}

describe('predicates are checked against the resource fields', () => {
  test('an unknown field is InvalidInput naming the field and its position', () => {
    expect(errorOf('nope = "x"')).toMatch(/Unknown field 'nope'.*\(line 1, column 1\)/);
    expect(errorOf('price(amount = 1)')).toMatch(/Unknown field 'amount'.*\(line 1, column 7\)/);
    expect(errorOf('version = 1 and items(weight > 2)')).toMatch(/Unknown field 'weight'.*\(line 1, column 23\)/);
  });

  test.each([
    ['version = "3"', 'cannot be compared with a string'],
    ['key = 3', 'cannot be compared with a number'],
    ['active = "yes"', 'cannot be compared with a string'],
    ['active < true', "only supports '=' and '!='"],
    ['createdAt > 5', 'cannot be compared with a number'],
    ['name = "x"', 'cannot be compared'],
    ['price = 1', 'cannot be compared'],
    ['title contains any ("a")', "'contains' needs one"],
    ['title is empty', "cannot be tested with 'is empty'"],
    ['title(en = "x")', 'has no fields'],
    ['title within circle(1, 2, 3)', 'not a geo location'],
    ['geo within circle(200, 2, 3)', 'Invalid circle'],
    ['geo within circle(1, 2, -3)', 'Invalid circle'],
    ['geo within circle("1", 2, 3)', 'cannot be compared with a string'],
    ['tags in ("a", 1)', 'cannot be compared with a number'],
    ['custom(fields(x in ("a", 1)))', 'same type'],
    ['custom(fields(x < true))', "Booleans only support '=' and '!='"],
  ])('type mismatch: %s', (source, message) => {
    expect(errorOf(source)).toContain(message);
  });

  test('missing variable, and a list variable where one value is needed', () => {
    expect(errorOf('key = :k')).toMatch(/Variable 'k' is not defined.*var\.k.*\(line 1, column 7\)/);
    expect(errorOf('key = :k', { k: ['a', 'b'] })).toContain("Variable 'k' must have exactly one value");
    expect(errorOf('version = :v', { v: ['three'] })).toContain("needs a number, got 'three'");
    expect(errorOf('active = :b', { b: ['yes'] })).toContain('needs true or false');
  });

  test('variables are read by the type of the field they are compared with', () => {
    expect(checkPredicate('version in :v', resource, { v: ['1', '2.5'] })).toMatchObject({
      test: {
        kind: 'in',
        values: [
          { type: 'number', value: 1 },
          { type: 'number', value: 2.5 },
        ],
      },
    });
    expect(checkPredicate('active = :b', resource, { b: ['false'] })).toMatchObject({ test: { value: { type: 'boolean', value: false } } });
    expect(checkPredicate('custom(fields(x = :s))', resource, { s: ['10'] })).toMatchObject({
      test: { predicate: { test: { predicate: { test: { value: { type: 'string', value: '10' } } } } } },
    });
  });

  test('top-level fields with a column compile to the column; nested fields never do', () => {
    expect(checkPredicate('key = "a"', resource)).toMatchObject({ column: { column: 'key' } });
    expect(checkPredicate('key is defined', resource)).toMatchObject({ column: { column: 'key' } });
    expect(checkPredicate('parent(id = "a")', resource)).toMatchObject({ test: { predicate: { name: 'id' } } });
    expect(checkPredicate('parent(id = "a")', resource)).not.toHaveProperty('test.predicate.column');
  });

  test("a field reached through objects alone may have a column (a category's parent.id); one inside an array never does", () => {
    expect(checkPredicate('parent(id = "a")', categoryResource)).toMatchObject({ test: { predicate: { name: 'id', column: { column: 'parentId' } } } });
    expect(checkPredicate('not(parent(id in ("a", "b")))', categoryResource)).toMatchObject({
      operand: { test: { predicate: { column: { column: 'parentId' } } } },
    });
    expect(checkPredicate('parent(typeId = "category")', categoryResource)).not.toHaveProperty('test.predicate.column');
    expect(checkPredicate('ancestors(id = "a")', categoryResource)).not.toHaveProperty('test.predicate.column');
  });

  test('custom fields and localized strings accept any name', () => {
    expect(() => checkPredicate('custom(fields(anything = 1 and other(en = "x")))', resource)).not.toThrow();
    expect(() => checkPredicate('name(en-GB = "x" or de = "y")', resource)).not.toThrow();
  });

  test('several where parameters are combined with and', () => {
    expect(checkPredicates(['key = "a"', 'version = 1'], resource)).toMatchObject({ kind: 'and', operands: [{ name: 'key' }, { name: 'version' }] });
    expect(checkPredicates([], resource)).toBeUndefined();
  });
});
