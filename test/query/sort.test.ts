import { InvalidInputError } from '../../src/errors/api-error.js';
import { checkSort, compileSorts } from '../../src/query/sort-compiler.js';
import { postgresDialect, SqlBuilder, sqliteDialect } from '../../src/query/sql-dialect.js';
import { widgetResource } from './support/widget-resource.js';

const resource = widgetResource();

describe('sort expressions', () => {
  test.each([
    ['createdAt asc', ['createdAt'], false, 'datetime'],
    ['createdAt', ['createdAt'], false, 'datetime'],
    ['version DESC', ['version'], true, 'number'],
    ['name.en desc', ['name', 'en'], true, 'string'],
    ['name.en-US Asc', ['name', 'en-US'], false, 'string'],
    ['custom.fields.size desc', ['custom', 'fields', 'size'], true, 'dynamic'],
    ['price.centAmount asc', ['price', 'centAmount'], false, 'number'],
    ['  title   asc  ', ['title'], false, 'string'],
  ])('%j', (sort, path, descending, kind) => {
    expect(checkSort(sort, resource)).toMatchObject({ path, descending, kind });
  });

  test('top-level fields with a column sort by the column', () => {
    expect(checkSort('key asc', resource).column).toMatchObject({ column: 'key' });
    expect(checkSort('parent.id asc', resource).column).toBeUndefined();
  });

  test.each([
    ['nope asc', "Unknown field 'nope'"],
    ['name.en upward', "Unknown sort direction 'upward'"],
    ['name asc', 'not a single value'],
    ['price asc', 'not a single value'],
    ['tags asc', 'it is an array'],
    ['items.sku asc', 'it is an array'],
    ['', 'Expected `<field> asc`'],
    ['title asc desc', 'Expected `<field> asc`'],
    ['title; DROP TABLE x', 'Expected `<field> asc`'],
  ])('%j is InvalidInput', (sort, message) => {
    expect(() => checkSort(sort, resource)).toThrow(InvalidInputError);
    expect(() => checkSort(sort, resource)).toThrow(message);
  });

  test('id always ends the order, missing values last ascending and first descending', () => {
    const sqlite = compileSorts([checkSort('title asc', resource), checkSort('count desc', resource)], new SqlBuilder(sqliteDialect), resource);
    expect(sqlite).toMatch(/ASC NULLS LAST, .* DESC NULLS FIRST, "Widget"."id" ASC$/);
    const pg = compileSorts([checkSort('key desc', resource)], new SqlBuilder(postgresDialect), resource);
    expect(pg).toBe('"Widget"."key" COLLATE "C" DESC NULLS FIRST, "Widget"."id" COLLATE "C" ASC');
  });

  test('sorting by id needs no tie-breaker and stays index-friendly', () => {
    expect(compileSorts([checkSort('id asc', resource)], new SqlBuilder(sqliteDialect), resource)).toBe('"Widget"."id" ASC');
  });
});
