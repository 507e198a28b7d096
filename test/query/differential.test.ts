import { queryResources } from '../../src/query/query-executor.js';
import { testDatabases } from './support/databases.js';
import { comparePredicates, compareSorts } from './support/differential.js';
import { Random } from './support/random.js';
import { compareCodePoints } from './support/reference-values.js';
import type { TestRunner } from './support/sqlite-runner.js';
import { generateWidgets } from './support/widget-generator.js';
import { createWidgetTable, insertWidgets, widgetResource, type Doc } from './support/widget-resource.js';

/**
 * The SQL compiled for a predicate or sort must select and order exactly what the reference
 * oracle does, on every database. The oracle reads the raw predicate and sort texts itself and
 * shares no code with the engine (see reference-predicate.ts and reference-sort.ts).
 */
const resource = widgetResource();
const docs = generateWidgets(new Random(20240611), 240);
const otherProjectDocs = generateWidgets(new Random(7), 20).map((d) => ({ ...d, id: `other-${d.id}` }));
const PREDICATES = Number(process.env.QUERY_DIFF_PREDICATES ?? 2500);

describe.each(testDatabases)('differential: SQL on %s agrees with the independent reference oracle', (_name, open) => {
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
    const { mismatches, nonTrivial } = await comparePredicates(db, resource, docs, PREDICATES, 99);
    expect(mismatches).toEqual([]);
    // Guard against a generator that only produces trivially true/false predicates.
    expect(nonTrivial).toBeGreaterThan(PREDICATES / 3);
  });

  test('random sorts order the documents the same way (with paging)', async () => {
    expect(await compareSorts(db, resource, docs, 150, 4242)).toEqual([]);
  });

  test('sorting is by code point and case-sensitive', async () => {
    const page = await queryResources<Doc>(
      db,
      resource,
      { where: ['title is defined'], vars: {}, sort: ['title asc'], limit: 500, offset: 0, withTotal: false },
      { projectKey: 'p1' },
    );
    const titles = page.results.map((d) => String(d.title));
    expect(titles).toEqual([...titles].sort(compareCodePoints));
    const distinct = [...new Set(titles)];
    // 'ｚ' (U+FF5A) sorts before '😀' (U+1F600) by code point, although UTF-16 order says otherwise.
    expect(distinct.indexOf('ｚ')).toBeLessThan(distinct.indexOf('😀'));
    expect(distinct.indexOf('ｚ')).toBeGreaterThan(-1);
    expect(distinct.indexOf('A')).toBeLessThan(distinct.indexOf('a'));
  });
});
