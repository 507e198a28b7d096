import { InvalidInputError } from '../../src/errors/api-error.js';
import { normalizeQueryParams, parseQueryParams } from '../../src/query/query-params.js';

function rejects(query: Record<string, string | string[] | undefined>, message: string): void {
  expect(() => parseQueryParams(query)).toThrow(InvalidInputError);
  expect(() => parseQueryParams(query)).toThrow(message);
}

describe('common query parameters', () => {
  test('defaults: limit 20, offset 0, withTotal true', () => {
    expect(parseQueryParams({})).toEqual({ where: [], vars: {}, sort: [], expand: [], limit: 20, offset: 0, withTotal: true });
  });

  test('repeatable where, sort and expand keep their order', () => {
    const params = parseQueryParams({ where: ['a = 1', 'b = 2'], sort: ['name.en asc', 'id desc'], expand: 'customerGroup' });
    expect(params.where).toEqual(['a = 1', 'b = 2']);
    expect(params.sort).toEqual(['name.en asc', 'id desc']);
    expect(params.expand).toEqual(['customerGroup']);
  });

  test('variables come from var.<name>, repeated for lists', () => {
    expect(parseQueryParams({ 'var.keys': ['a', 'b'], 'var.foo': '3', other: 'x' }).vars).toEqual({ keys: ['a', 'b'], foo: ['3'] });
    rejects({ 'var.my-var': 'x' }, 'Variable names must match');
    rejects({ 'var.': 'x' }, 'Variable names must match');
  });

  test.each([
    ['limit', '0', 0],
    ['limit', '500', 500],
    ['offset', '0', 0],
    ['offset', '10000', 10000],
  ])('%s=%s is within bounds', (name, value, expected) => {
    expect(parseQueryParams({ [name]: value })).toMatchObject({ [name]: expected });
  });

  test.each([
    ['limit', '501'],
    ['limit', '-1'],
    ['limit', '1.5'],
    ['limit', 'ten'],
    ['limit', ''],
    ['offset', '10001'],
    ['offset', '-5'],
    ['offset', '1e3'],
  ])('%s=%s is InvalidInput', (name, value) => {
    rejects({ [name]: value }, `Malformed parameter: ${name}`);
  });

  test('withTotal accepts true/false only', () => {
    expect(parseQueryParams({ withTotal: 'false' }).withTotal).toBe(false);
    expect(parseQueryParams({ withTotal: 'TRUE' }).withTotal).toBe(true);
    rejects({ withTotal: 'no' }, 'Malformed parameter: withTotal');
  });

  test('single-valued parameters may not be repeated', () => {
    rejects({ limit: ['1', '2'] }, 'at most once');
  });

  test('typed input (GraphQL arguments) is checked the same way', () => {
    expect(normalizeQueryParams({ where: 'a = 1', limit: 5, offset: null })).toMatchObject({ where: ['a = 1'], limit: 5, offset: 0, withTotal: true });
    expect(() => normalizeQueryParams({ limit: 1000 })).toThrow(InvalidInputError);
    expect(() => normalizeQueryParams({ offset: 2.5 })).toThrow(InvalidInputError);
  });
});
