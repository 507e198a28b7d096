import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '../../src/db/database.js';
import { comparePredicates, compareSorts } from './support/differential.js';
import { Random } from './support/random.js';
import { generateWidgets } from './support/widget-generator.js';
import { createWidgetTable, insertWidgets, widgetResource } from './support/widget-resource.js';

/**
 * The same agreement checks through the service's own database handle (Prisma raw queries and its
 * driver adapters), which is how the query engine runs in production: parameter binding and row
 * normalization must not change any result.
 */
const resource = widgetResource('QueryTestWidget');
const docs = generateWidgets(new Random(31337), 120);
const postgres = process.env.TEST_DATABASE_URL;

async function withSchema(base: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const schema = `query_prisma_${randomBytes(5).toString('hex')}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: base });
    await client.connect();
    await client.query(sql);
    await client.end();
  };
  await run(`CREATE SCHEMA "${schema}"`);
  const url = new URL(base);
  url.searchParams.set('schema', schema);
  return { url: url.toString(), drop: () => run(`DROP SCHEMA "${schema}" CASCADE`) };
}

const targets: Array<[string, () => Promise<{ url: string; drop?: () => Promise<void> }>]> = [['sqlite', async () => ({ url: 'file::memory:' })]];
if (postgres !== undefined) targets.push(['postgresql', () => withSchema(postgres)]);

describe.each(targets)('query engine through openDatabase (%s)', (_name, target) => {
  let db: Database;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const t = await target();
    drop = t.drop;
    db = await openDatabase(t.url);
    await createWidgetTable(db, resource.table);
    await insertWidgets(db, docs, 'p1', resource.table);
  }, 60000);

  afterAll(async () => {
    await db?.close();
    await drop?.();
  });

  test('random predicates agree with the reference evaluator', async () => {
    const { mismatches, nonTrivial } = await comparePredicates(db, resource, docs, 400, 5);
    expect(mismatches).toEqual([]);
    expect(nonTrivial).toBeGreaterThan(100);
  });

  test('random sorts agree with the reference evaluator', async () => {
    expect(await compareSorts(db, resource, docs, 40, 6)).toEqual([]);
  });
});
