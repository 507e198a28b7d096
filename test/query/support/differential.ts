import type { SqlRunner } from '../../../src/db/sql-runner.js';
// The code under test: everything else here is the independent oracle.
import { queryResources } from '../../../src/query/query-executor.js';
import type { QueryableResource } from '../../../src/query/queryable-resource.js';
import { Random } from './random.js';
import { referencePredicate } from './reference-predicate.js';
import { referenceSort } from './reference-sort.js';
import { PredicateGenerator, SORT_PATHS } from './widget-generator.js';
import { WIDGET_KINDS } from './widget-kinds.js';
import type { Doc } from './widget-resource.js';

/**
 * Runs `count` random predicates through the SQL path and the reference oracle (which reads the
 * raw predicate text itself); returns the
 * first mismatches (empty when they agree) and how many predicates selected a proper subset.
 */
export async function comparePredicates(
  db: SqlRunner,
  resource: QueryableResource,
  docs: Doc[],
  count: number,
  seed: number,
): Promise<{ mismatches: string[]; nonTrivial: number }> {
  const generator = new PredicateGenerator(new Random(seed));
  const mismatches: string[] = [];
  let nonTrivial = 0;
  for (let i = 0; i < count && mismatches.length < 5; i++) {
    const { text, vars } = generator.generate();
    const matches = referencePredicate(text, vars, WIDGET_KINDS);
    const expected = docs
      .filter((d) => matches(d))
      .map((d) => d.id)
      .sort();
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
  return { mismatches, nonTrivial };
}

/** Runs `count` random sort specifications (1 to 3 keys, with paging); returns the first disagreements. */
export async function compareSorts(db: SqlRunner, resource: QueryableResource, docs: Doc[], count: number, seed: number): Promise<string[]> {
  const r = new Random(seed);
  const mismatches: string[] = [];
  for (let i = 0; i < count && mismatches.length < 3; i++) {
    const sort = r.list(1, 3, () => `${r.pick(SORT_PATHS)}${r.pick(['', ' asc', ' desc', ' DESC', ' Asc'])}`);
    const expected = [...docs].sort(referenceSort(sort, WIDGET_KINDS)).map((d) => d.id);
    const offset = r.pick([0, 0, 17]);
    const limit = r.pick([500, 50]);
    const page = await queryResources<Doc>(db, resource, { where: [], vars: {}, sort, limit, offset, withTotal: true }, { projectKey: 'p1' });
    const ids = page.results.map((d) => d.id);
    if (JSON.stringify(ids) !== JSON.stringify(expected.slice(offset, offset + limit)) || page.total !== docs.length) {
      mismatches.push(`${JSON.stringify(sort)} offset ${offset} limit ${limit}: got ${ids.slice(0, 8)}..., expected ${expected.slice(offset, offset + 8)}...`);
    }
  }
  return mismatches;
}
