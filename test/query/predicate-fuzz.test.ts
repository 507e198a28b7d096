import { InvalidInputError } from '../../src/errors/api-error.js';
import { checkPredicate } from '../../src/query/predicate-checker.js';
import { compilePredicate } from '../../src/query/predicate-compiler.js';
import { parsePredicate } from '../../src/query/predicate-parser.js';
import { expandReferences, parseExpansionPath } from '../../src/query/expand.js';
import { checkSort } from '../../src/query/sort-compiler.js';
import { postgresDialect, SqlBuilder, sqliteDialect } from '../../src/query/sql-dialect.js';
import { Random } from './support/random.js';
import { PredicateGenerator } from './support/widget-generator.js';
import { widgetResource } from './support/widget-resource.js';

/** Whatever a client sends, the predicate pipeline answers with InvalidInput or a query, nothing else. */
const resource = widgetResource();
const ALPHABET = [
  ...'abcnotdefiyempsrlwhu_AZ09 \t\n()",:=<>!-.\\\'[]*éé😀',
  'and ',
  ' or ',
  'not(',
  ' in ',
  'contains any',
  'is ',
  'within circle(',
  '"x"',
  '12.5',
  'true',
];

function pipeline(source: string, vars: Record<string, string[]>): void {
  parsePredicate(source);
  const checked = checkPredicate(source, resource, vars);
  compilePredicate(checked, new SqlBuilder(sqliteDialect), resource.table);
  compilePredicate(checked, new SqlBuilder(postgresDialect), resource.table);
}

function onlyInvalidInput(source: string, vars: Record<string, string[]> = {}): string | undefined {
  try {
    pipeline(source, vars);
    return undefined;
  } catch (error) {
    return error instanceof InvalidInputError ? undefined : `${JSON.stringify(source)} threw ${String(error)}`;
  }
}

function mutate(r: Random, text: string): string {
  const chars = [...text];
  for (let n = r.int(1, 4); n > 0; n--) {
    const at = r.int(0, chars.length);
    switch (r.int(0, 3)) {
      case 0:
        chars.splice(at, 1);
        break;
      case 1:
        chars.splice(at, 0, r.pick(ALPHABET));
        break;
      case 2:
        chars.splice(at, r.int(1, 5));
        break;
      default:
        chars.splice(at, 0, ...chars.slice(r.int(0, chars.length), r.int(0, chars.length)));
        break;
    }
  }
  return chars.join('');
}

describe('fuzzing the predicate pipeline', () => {
  test('random strings only ever raise InvalidInputError', () => {
    const r = new Random(1);
    const failures: string[] = [];
    for (let i = 0; i < 20000; i++) {
      const source = r.list(0, 30, () => r.pick(ALPHABET)).join('');
      const failure = onlyInvalidInput(source);
      if (failure) failures.push(failure);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  test('mutated valid predicates only ever raise InvalidInputError', () => {
    const r = new Random(2);
    const generator = new PredicateGenerator(new Random(3));
    const failures: string[] = [];
    let accepted = 0;
    for (let i = 0; i < 8000; i++) {
      const { text, vars } = generator.generate();
      const mutated = mutate(r, text);
      const failure = onlyInvalidInput(mutated, r.chance(0.5) ? vars : {});
      if (failure) failures.push(failure);
      else if (onlyInvalidInput(mutated) === undefined) accepted++;
    }
    expect(failures.slice(0, 5)).toEqual([]);
    expect(accepted).toBeGreaterThan(0);
  });

  test('arbitrary code units, including lone surrogates and control characters', () => {
    const r = new Random(5);
    const failures: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const source = String.fromCharCode(...r.list(0, 20, () => r.int(0, 0xffff)));
      const failure = onlyInvalidInput(`a = "x" and ${source}`) ?? onlyInvalidInput(source);
      if (failure) failures.push(failure);
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });

  test('sort expressions and expansion paths: InvalidInputError for sorts, never an error for expansion', async () => {
    const r = new Random(6);
    const alphabet = [...'abcdefnamesu.*[]0123 ', 'name.en', 'custom.fields.x', ' asc', ' desc', 'parent', '[*]', '.obj'];
    const failures: string[] = [];
    for (let i = 0; i < 5000; i++) {
      const text = r.list(0, 8, () => r.pick(alphabet)).join('');
      try {
        checkSort(text, resource);
      } catch (error) {
        if (!(error instanceof InvalidInputError)) failures.push(`sort ${JSON.stringify(text)} threw ${String(error)}`);
      }
      parseExpansionPath(text);
      await expandReferences([{ parent: { typeId: 'widget', id: 'w' }, name: { en: 'x' } }], [text], async () => new Map([['w', { id: 'w' }]]));
    }
    expect(failures.slice(0, 5)).toEqual([]);
  });
});
