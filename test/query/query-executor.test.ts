import type { SqlRunner } from '../../src/db/sql-runner.js';
import { InvalidInputError } from '../../src/errors/api-error.js';
import { expandReferences } from '../../src/query/expand.js';
import { loadByIds, queryResources, resourceExists } from '../../src/query/query-executor.js';
import { normalizeQueryParams, type QueryParams } from '../../src/query/query-params.js';
import { referenceLoader } from '../../src/query/reference-loader.js';
import { testDatabases } from './support/databases.js';
import type { TestRunner } from './support/sqlite-runner.js';
import { createWidgetTable, insertWidgets, widgetResource, type Doc } from './support/widget-resource.js';

const widgets = widgetResource();
const bulk = widgetResource('Bulk');

const base = { version: 1, createdAt: '2021-01-01T00:00:00.000Z', lastModifiedAt: '2021-01-01T00:00:00.000Z' };
const fixtures: Doc[] = [
  {
    ...base,
    id: 'w1',
    key: 'a',
    title: 'a',
    tags: ['x', 'y'],
    items: [
      { sku: 'A', qty: 1 },
      { sku: 'B', qty: 5 },
    ],
    name: { en: 'Chair', de: 'Stuhl' },
    custom: { type: { typeId: 'type', id: 't' }, fields: { size: 5, colors: ['red', 'blue'] } },
    geo: { type: 'Point', coordinates: [13.3777, 52.51627] },
    parent: { typeId: 'widget', id: 'w2' },
  },
  {
    ...base,
    id: 'w2',
    lastModifiedAt: '2021-01-01T00:00:00.001Z',
    key: 'b',
    title: 'A',
    tags: [],
    items: [{ sku: 'A', qty: 5 }],
    name: { en: 'Table' },
    custom: { type: { typeId: 'type', id: 't' }, fields: { size: '5', colors: 'red' } },
    geo: { type: 'Point', coordinates: [13.4, 52.52] },
    parent: { typeId: 'widget', id: 'w1' },
  },
  {
    ...base,
    id: 'w3',
    lastModifiedAt: '2021-06-30T12:30:00.000Z',
    title: null,
    tags: ['y'],
    version: 3,
    geo: { type: 'Point', coordinates: [2.35, 48.85] },
    parent: { typeId: 'widget', id: 'missing' },
  },
];

function params(overrides: Partial<QueryParams> = {}): QueryParams {
  return { ...normalizeQueryParams({}), ...overrides };
}

/** Records the statements sent, so tests can EXPLAIN exactly what the executor ran. */
function recording(db: SqlRunner): SqlRunner & { statements: Array<{ sql: string; params: readonly unknown[] }> } {
  const statements: Array<{ sql: string; params: readonly unknown[] }> = [];
  return {
    dialect: db.dialect,
    statements,
    queryRaw: <T>(sql: string, p: readonly unknown[] = []) => {
      statements.push({ sql, params: p });
      return db.queryRaw<T>(sql, p);
    },
    executeRaw: (sql, p) => db.executeRaw(sql, p),
  };
}

async function insertBulk(db: SqlRunner, count: number): Promise<void> {
  const row = (i: string) => `'bulk', 'b' || ${i}, NULL, 1, '2021-01-01T00:00:00.000Z', '2021-01-01T00:00:00.000Z', NULL`;
  if (db.dialect === 'postgresql') {
    await db.executeRaw(
      `INSERT INTO "Bulk" ("projectKey", "id", "key", "version", "createdAt", "lastModifiedAt", "sku", "data")
       SELECT ${row("lpad(i::text, 6, '0')")}, jsonb_build_object('id', 'b' || lpad(i::text, 6, '0'), 'count', i) FROM generate_series(1, ${count}) AS i`,
    );
    await db.executeRaw('ANALYZE "Bulk"');
  } else {
    await db.executeRaw(
      `INSERT INTO "Bulk" ("projectKey", "id", "key", "version", "createdAt", "lastModifiedAt", "sku", "data")
       WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${count})
       SELECT ${row("substr('000000' || i, -6)")}, json_object('id', 'b' || substr('000000' || i, -6), 'count', i) FROM n`,
    );
    await db.executeRaw('ANALYZE');
  }
}

describe.each(testDatabases)('query execution on %s', (_name, open) => {
  let db: TestRunner;
  const ids = async (where: string[], vars: Record<string, string[]> = {}) =>
    (await queryResources<Doc>(db, widgets, params({ where, vars, sort: ['id asc'] }), { projectKey: 'p1' })).results.map((d) => d.id);

  beforeAll(async () => {
    db = await open();
    await createWidgetTable(db);
    await createWidgetTable(db, 'Bulk');
    await insertWidgets(db, fixtures, 'p1');
    await insertWidgets(
      db,
      fixtures.map((d) => ({ ...d, id: `${d.id}-other` })),
      'p2',
    );
    await insertBulk(db, 10050);
  }, 60000);

  afterAll(async () => {
    await db?.close();
  });

  describe('predicate semantics', () => {
    test('comparing a missing or null field is false, and not(...) is its exact negation', async () => {
      expect(await ids(['key != "a"'])).toEqual(['w2']);
      expect(await ids(['not(key = "a")'])).toEqual(['w2', 'w3']);
      expect(await ids(['title is not defined'])).toEqual(['w3']);
      expect(await ids(['not(title < "b")'])).toEqual(['w3']);
    });

    test('string comparison is case-sensitive', async () => {
      expect(await ids(['title = "a"'])).toEqual(['w1']);
      expect(await ids(['title < "a"'])).toEqual(['w2']);
    });

    test('arrays match when any element matches; contains any/all treat the array as a set', async () => {
      expect(await ids(['tags = "y"'])).toEqual(['w1', 'w3']);
      expect(await ids(['tags contains all ("x", "y")'])).toEqual(['w1']);
      expect(await ids(['tags contains any ("x", "z")'])).toEqual(['w1']);
      expect(await ids(['tags is empty'])).toEqual(['w2']);
      expect(await ids(['tags is not empty'])).toEqual(['w1', 'w3']);
    });

    test('a nested predicate on an array of objects holds for one and the same element', async () => {
      expect(await ids(['items(sku = "A" and qty > 1)'])).toEqual(['w2']);
      expect(await ids(['items(sku = "A") and items(qty > 1)'])).toEqual(['w1', 'w2']);
    });

    test('localized strings, references and custom fields typed by the literal', async () => {
      expect(await ids(['name(en = "Chair" or de = "Tisch")'])).toEqual(['w1']);
      expect(await ids(['parent(id = "w1")'])).toEqual(['w2']);
      expect(await ids(['custom(fields(size = 5))'])).toEqual(['w1']);
      expect(await ids(['custom(fields(size = "5"))'])).toEqual(['w2']);
      expect(await ids(['custom(fields(colors = "red"))'])).toEqual(['w1', 'w2']);
      expect(await ids(['custom(fields(colors contains all ("red", "blue")))'])).toEqual(['w1']);
    });

    test('within circle uses the great-circle distance', async () => {
      // w2 is about 1.7 km from the Brandenburg Gate, Paris (w3) about 880 km.
      expect(await ids(['geo within circle(13.3777, 52.51627, 1000)'])).toEqual(['w1']);
      expect(await ids(['geo within circle(13.3777, 52.51627, 2000)'])).toEqual(['w1', 'w2']);
      expect(await ids(['geo within circle(13.3777, 52.51627, 900000)'])).toEqual(['w1', 'w2', 'w3']);
      expect(await ids(['geo within circle(13.3777, 52.51627, 870000)'])).toEqual(['w1', 'w2']);
    });

    test('variables, lists by repetition; several where parameters combine with and', async () => {
      expect(await ids(['key in :keys'], { keys: ['a', 'b'] })).toEqual(['w1', 'w2']);
      expect(await ids(['version > :v'], { v: ['2'] })).toEqual(['w3']);
      expect(await ids(['tags = "y"', 'version = 1'])).toEqual(['w1']);
    });

    test('a date-time literal names an instant, whatever ISO 8601 form it is written in', async () => {
      // Found by the independent differential oracle: these were compared as text ("...00.001Z" < "...00Z").
      expect(await ids(['lastModifiedAt > "2021-01-01T00:00:00Z"'])).toEqual(['w2', 'w3']);
      expect(await ids(['lastModifiedAt = "2021-06-30T14:30:00+02:00"'])).toEqual(['w3']);
      expect(await ids(['lastModifiedAt <= "2021-01-01T01:00+01:00"'])).toEqual(['w1']);
      expect(await ids(['lastModifiedAt in ("2020-12-31T19:00:00.001-05:00")'])).toEqual(['w2']);
      expect(await ids(['lastModifiedAt < :since'], { since: ['2021-06-30T12:30:00Z'] })).toEqual(['w1', 'w2']);
      await expect(ids(['lastModifiedAt > "2021-02-30T00:00:00Z"'])).rejects.toThrow(/needs a valid date-time, got '2021-02-30T00:00:00Z'/);
    });

    test('only the project is queried', async () => {
      expect(await ids([])).toEqual(['w1', 'w2', 'w3']);
    });

    test('a base restriction from the service is and-ed with its own parameters', async () => {
      const placeholder = db.dialect === 'postgresql' ? '$1' : '?';
      const page = await queryResources<Doc>(db, widgets, params({ where: ['version = :v'], vars: { v: ['1'] } }), {
        projectKey: 'p1',
        base: { sql: `"Widget"."key" = ${placeholder}`, params: ['b'] },
      });
      expect(page.results.map((d) => d.id)).toEqual(['w2']);
    });
  });

  describe('paging', () => {
    test('limit, offset, count and total', async () => {
      const page = await queryResources<Doc>(db, widgets, params({ sort: ['id desc'], limit: 1, offset: 1 }), { projectKey: 'p1' });
      expect(page).toMatchObject({ limit: 1, offset: 1, count: 1, total: 3 });
      expect(page.results.map((d) => d.id)).toEqual(['w2']);
    });

    test('withTotal=false omits total', async () => {
      const page = await queryResources(db, widgets, params({ withTotal: false }), { projectKey: 'p1' });
      expect(page).not.toHaveProperty('total');
      expect(page.count).toBe(3);
    });

    test('limit=0 returns no results but the total', async () => {
      expect(await queryResources(db, widgets, params({ limit: 0 }), { projectKey: 'p1' })).toEqual({ limit: 0, offset: 0, count: 0, total: 3, results: [] });
    });

    test('an offset past the end returns an empty page with the total', async () => {
      expect(await queryResources(db, widgets, params({ offset: 10 }), { projectKey: 'p1' })).toMatchObject({ count: 0, total: 3 });
    });

    test('total is capped at 10000 when a predicate is given, exact otherwise', async () => {
      const all = await queryResources(db, bulk, params({ limit: 0 }), { projectKey: 'bulk' });
      expect(all.total).toBe(10050);
      const filtered = await queryResources(db, bulk, params({ where: ['count > 10'], limit: 0 }), { projectKey: 'bulk' });
      expect(filtered.total).toBe(10000);
      const last = await queryResources(db, bulk, params({ where: ['count > 10'], offset: 10000, limit: 100 }), { projectKey: 'bulk' });
      expect(last).toMatchObject({ count: 40, total: 10000 });
    });

    test('bad input is rejected before anything runs, even with limit=0', async () => {
      const runner = recording(db);
      await expect(queryResources(runner, widgets, params({ limit: 0, sort: ['nope asc'] }), { projectKey: 'p1' })).rejects.toThrow(InvalidInputError);
      await expect(queryResources(runner, widgets, params({ where: ['key = '] }), { projectKey: 'p1' })).rejects.toThrow('(line 1, column 7)');
      expect(runner.statements).toEqual([]);
    });

    test('iterating all elements: sort id asc, withTotal=false, where id > last walks the (projectKey, id) index', async () => {
      const runner = recording(db);
      const seen: string[] = [];
      let last: string | undefined;
      for (;;) {
        const where = last === undefined ? [] : ['id > :last'];
        const page = await queryResources<Doc>(
          runner,
          bulk,
          params({ where, vars: last ? { last: [last] } : {}, sort: ['id asc'], limit: 500, withTotal: false }),
          { projectKey: 'bulk' },
        );
        seen.push(...page.results.map((d) => d.id));
        if (page.count < 500) break;
        last = page.results[page.results.length - 1].id;
      }
      expect(seen.length).toBe(10050);
      expect(new Set(seen).size).toBe(10050);
      const { sql, params: bound } = runner.statements[runner.statements.length - 1];
      const plan = await explain(db, sql, bound);
      expect(plan).toMatch(
        db.dialect === 'postgresql'
          ? /Index (Only )?Scan using "?(Bulk_projectKey_id_idx|Bulk_pkey)/
          : /USING (COVERING )?INDEX Bulk_projectKey_id_idx|USING INDEX sqlite_autoindex_Bulk_1/,
      );
      expect(plan).not.toMatch(/TEMP B-TREE|Sort/);
    });

    test('key equality uses the (projectKey, key) index', async () => {
      const runner = recording(db);
      await queryResources(runner, bulk, params({ where: ['key = "x"'], withTotal: false }), { projectKey: 'bulk' });
      const plan = await explain(db, runner.statements[0].sql, runner.statements[0].params);
      expect(plan).toMatch(/Bulk_projectKey_key_idx/);
    });
  });

  test('HEAD: resourceExists', async () => {
    expect(await resourceExists(db, widgets, { where: ['key = "a"'] }, { projectKey: 'p1' })).toBe(true);
    expect(await resourceExists(db, widgets, { where: ['key = "zzz"'] }, { projectKey: 'p1' })).toBe(false);
    expect(await resourceExists(db, widgets, { where: [] }, { projectKey: 'nobody' })).toBe(false);
  });

  test('loading by id and expanding references from the tables', async () => {
    expect([...(await loadByIds(db, widgets, 'p1', ['w1', 'w1', 'nope', 'w1-other'])).keys()]).toEqual(['w1']);
    const page = await queryResources<Doc>(db, widgets, params({ sort: ['id asc'] }), { projectKey: 'p1' });
    const expanded = await expandReferences(page.results, ['parent.parent'], referenceLoader(db, [widgets], 'p1'));
    expect(expanded[0].parent).toMatchObject({ id: 'w2', obj: { id: 'w2', parent: { id: 'w1', obj: { id: 'w1' } } } });
    expect(expanded[2].parent).toEqual({ typeId: 'widget', id: 'missing' });
  });
});

async function explain(db: SqlRunner, sql: string, bound: readonly unknown[]): Promise<string> {
  const rows = await db.queryRaw<Record<string, unknown>>(db.dialect === 'postgresql' ? `EXPLAIN ${sql}` : `EXPLAIN QUERY PLAN ${sql}`, bound);
  const plan = rows.map((r) => String(r['QUERY PLAN'] ?? r.detail)).join('\n');
  if (process.env.SHOW_PLANS) console.log(sql, '\n', plan);
  return plan;
}
