import { checkPredicate } from '../../src/query/predicate-checker.js';
import { queryResources } from '../../src/query/query-executor.js';
import { checkSorts } from '../../src/query/sort-compiler.js';
import { testDatabases } from './support/databases.js';
import { Random } from './support/random.js';
import { compareCodePoints, evaluate, sortDocuments } from './support/reference-evaluator.js';
import type { TestRunner } from './support/sqlite-runner.js';
import { generateWidgets, PredicateGenerator, SORT_PATHS } from './support/widget-generator.js';
import { createWidgetTable, insertWidgets, widgetResource, type Doc } from './support/widget-resource.js';

/**
 * The SQL compiled for a predicate or sort must select and order exactly what the reference
 * evaluator (plain TypeScript over the documents) does, on every database.
 */
const resource = widgetResource();
const docs = generateWidgets(new Random(20240611), 240);
const otherProjectDocs = generateWidgets(new Random(7), 20).map((d) => ({ ...d, id: `other-${d.id}` }));
const PREDICATES = Number(process.env.QUERY_DIFF_PREDICATES ?? 2500);

describe.each(testDatabases)('differential: SQL on %s agrees with the reference evaluator', (_name, open) => {
  let db: TestRunner;

  beforeAll(async () => {
    db = await open();
    await createWidgetTable(db);
    await insertWidgets(db, docs, 'p1');
    await insertWidgets(db, otherProjectDocs, 'p2');
  });

  afterAll(async () => {
    await db?.close();
  });

  test(`${PREDICATES} random predicates select the same documents`, async () => {
    const generator = new PredicateGenerator(new Random(99));
    const mismatches: string[] = [];
    let nonTrivial = 0;
    for (let i = 0; i < PREDICATES && mismatches.length < 5; i++) {
      const { text, vars } = generator.generate();
      const checked = checkPredicate(text, resource, vars);
      const expected = docs.filter((d) => evaluate(checked, d)).map((d) => d.id).sort();
      if (expected.length > 0 && expected.length < docs.length) nonTrivial++;
      const page = await queryResources<Doc>(db, resource, { where: [text], vars, sort: [], limit: 500, offset: 0, withTotal: true }, { projectKey: 'p1' });
      const actual = page.results.map((d) => d.id).sort();
      if (JSON.stringify(actual) !== JSON.stringify(expected) || page.total !== expected.length) {
        const missing = expected.filter((id) => !actual.includes(id)).slice(0, 3);
        const extra = actual.filter((id) => !expected.includes(id)).slice(0, 3);
        const sample = docs.find((d) => d.id === (missing[0] ?? extra[0]));
        mismatches.push(`${text} ${JSON.stringify(vars)}\n  missing ${missing} extra ${extra} total ${page.total}\n  doc ${JSON.stringify(sample)}`);
      }
    }
    expect(mismatches).toEqual([]);
    // Guard against a generator that only produces trivially true/false predicates.
    expect(nonTrivial).toBeGreaterThan(PREDICATES / 3);
  });

  test('random sorts order the documents the same way (with paging)', async () => {
    const r = new Random(4242);
    for (let i = 0; i < 150; i++) {
      const sort = r.list(1, 3, () => `${r.pick(SORT_PATHS)}${r.pick(['', ' asc', ' desc', ' DESC', ' Asc'])}`);
      const expected = sortDocuments(docs, checkSorts(sort, resource)).map((d) => d.id);
      const offset = r.pick([0, 0, 17]);
      const limit = r.pick([500, 50]);
      const page = await queryResources<Doc>(db, resource, { where: [], vars: {}, sort, limit, offset, withTotal: true }, { projectKey: 'p1' });
      expect({ sort, ids: page.results.map((d) => d.id) }).toEqual({ sort, ids: expected.slice(offset, offset + limit) });
      expect(page.total).toBe(docs.length);
    }
  });

  test('sorting is by code point and case-sensitive', async () => {
    const page = await queryResources<Doc>(db, resource, { where: ['title is defined'], vars: {}, sort: ['title asc'], limit: 500, offset: 0, withTotal: false }, { projectKey: 'p1' });
    const titles = page.results.map((d) => String(d.title));
    const sorted = [...titles].sort(compareCodePoints);
    expect(titles).toEqual(sorted);
    // 'ｚ' (U+FF5A) sorts before '😀' (U+1F600) by code point, although UTF-16 order says otherwise.
    const distinct = [...new Set(titles)];
    if (distinct.includes('ｚ') && distinct.includes('😀')) expect(distinct.indexOf('ｚ')).toBeLessThan(distinct.indexOf('😀'));
    expect(distinct.indexOf('A')).toBeLessThan(distinct.indexOf('a'));
  });
});
