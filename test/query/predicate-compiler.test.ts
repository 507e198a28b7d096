import { checkPredicate } from '../../src/query/predicate-checker.js';
import { compilePredicate } from '../../src/query/predicate-compiler.js';
import { postgresDialect, SqlBuilder, sqliteDialect, type SqlDialect } from '../../src/query/sql-dialect.js';
import { widgetResource } from './support/widget-resource.js';

const resource = widgetResource();

function compile(where: string, dialect: SqlDialect = sqliteDialect, vars: Record<string, string[]> = {}) {
  const sql = new SqlBuilder(dialect);
  return { sql: compilePredicate(checkPredicate(where, resource, vars), sql, resource.table), params: sql.params };
}

describe('compiled SQL', () => {
  test('values are always bound parameters, never part of the SQL text', () => {
    const evil = `x'); DROP TABLE "Widget"; --`;
    for (const dialect of [sqliteDialect, postgresDialect]) {
      const { sql, params } = compile(`title = ${JSON.stringify(evil)} or key in :k or custom(fields(x = ${JSON.stringify(evil)}))`, dialect, { k: [evil] });
      expect(sql).not.toContain('DROP');
      expect(params).toEqual([evil, evil, evil]);
    }
  });

  test('placeholders follow the dialect', () => {
    expect(compile('key = "a" and version > 2').sql).toBe('(("Widget"."key" IS NOT NULL AND "Widget"."key" = ?) AND "Widget"."version" > ?)');
    expect(compile('key = "a" and version > 2', postgresDialect).sql).toBe(
      '(("Widget"."key" IS NOT NULL AND "Widget"."key" = $1::text) AND "Widget"."version" > $2::numeric)',
    );
  });

  test('range comparisons on text use code-point order on PostgreSQL', () => {
    expect(compile('id > "a"', postgresDialect).sql).toBe('"Widget"."id" COLLATE "C" > $1::text');
    expect(compile('title > "a"', postgresDialect).sql).toContain('COLLATE "C" > $1::text');
  });

  test('statement size grows linearly with the nesting of dynamic (custom) fields', () => {
    const size = (n: number) => compile(`custom(fields(${'a('.repeat(n)}b = 1${')'.repeat(n)}))`).sql.length;
    expect(size(16) - size(8)).toBeLessThan(2 * (size(8) - size(4)) + 100);
    expect(size(40)).toBeLessThan(20000);
  });

  test('strings with NUL are refused (PostgreSQL text cannot hold them)', () => {
    expect(() => compile('title = "a\\u0000b"')).toThrow('NUL');
    expect(() => compile('title = :t', sqliteDialect, { t: ['a\u0000'] })).toThrow('NUL');
  });
});
