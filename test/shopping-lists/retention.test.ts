import { api } from '../support/auth.js';
import { clockedServer, DAY, type ClockedServer } from '../support/clocked-server.js';
import { cartRetention, runRetention, shoppingListRetention } from '../../src/flows/retention.js';
import { ok, type ShoppingListBody } from './support.js';

let t: ClockedServer;

beforeAll(async () => {
  t = await clockedServer('manage_shopping_lists:test manage_orders:test manage_project:test');
});
afterAll(async () => {
  await t.server.close();
});

const exists = (id: string) => t.exists(`/test/shopping-lists/${id}`);
const list = (body: Record<string, unknown> = {}) =>
  ok<ShoppingListBody>(api(t.server, t.token, '/test/shopping-lists', { body: { name: { en: 'kept?' }, ...body } }), 201);
const rules = (max = 1000) => [shoppingListRetention(max)];

describe('shopping list retention (spec "Limits")', () => {
  test('lists are deleted 360 days after their last modification by default, or after their own deleteDaysAfterLastModification', async () => {
    const plain = await list();
    const short = await list({ deleteDaysAfterLastModification: 10 });
    await t.advance(11 * DAY);
    const touched = await list();
    await runRetention(t.server.services, rules());
    expect([await exists(plain.id), await exists(short.id), await exists(touched.id)]).toEqual([true, false, true]);
    await t.advance(350 * DAY);
    await runRetention(t.server.services, rules());
    expect([await exists(plain.id), await exists(touched.id)]).toEqual([false, true]);
    // A modification restarts the period.
    const current = await ok<ShoppingListBody>(api(t.server, t.token, `/test/shopping-lists/${touched.id}`));
    await ok(
      api(t.server, t.token, `/test/shopping-lists/${touched.id}`, {
        body: { version: current.version, actions: [{ action: 'changeName', name: { en: 'touched' } }] },
      }),
    );
    await t.advance(300 * DAY);
    await runRetention(t.server.services, rules());
    expect(await exists(touched.id)).toBe(true);
  });

  test("the project's shoppingLists.deleteDaysAfterLastModification replaces the default (changeShoppingListsConfiguration)", async () => {
    const project = await ok<{ version: number }>(api(t.server, t.token, '/test'));
    const changed = await ok<{ version: number; shoppingLists: unknown }>(
      api(t.server, t.token, '/test', {
        body: {
          version: project.version,
          actions: [{ action: 'changeShoppingListsConfiguration', shoppingListsConfiguration: { deleteDaysAfterLastModification: 5 } }],
        },
      }),
    );
    expect(changed.shoppingLists).toEqual({ deleteDaysAfterLastModification: 5 });
    try {
      const projectDefault = await list();
      const own = await list({ deleteDaysAfterLastModification: 30 });
      await t.advance(6 * DAY);
      await runRetention(t.server.services, rules());
      expect([await exists(projectDefault.id), await exists(own.id)]).toEqual([false, true]);
    } finally {
      await ok(api(t.server, t.token, '/test', { body: { version: changed.version, actions: [{ action: 'changeShoppingListsConfiguration' }] } }));
    }
  });

  test('past the allowed number of lists, the least recently modified are deleted first; carts are a rule of their own', async () => {
    const lists = [];
    for (let i = 0; i < 4; i++) {
      await t.advance(1000);
      lists.push(await list());
    }
    const cart = await ok<{ id: string }>(api(t.server, t.token, '/test/carts', { body: { currency: 'EUR' } }), 201);
    const before = (await ok<{ total: number }>(api(t.server, t.token, '/test/shopping-lists'))).total;
    const result = await runRetention(t.server.services, [cartRetention(1000), shoppingListRetention(2)]);
    expect(result?.deleted).toBe(before - 2);
    expect(await Promise.all(lists.map((l) => exists(l.id)))).toEqual([false, false, true, true]);
    expect((await api(t.server, t.token, `/test/carts/${cart.id}`)).status).toBe(200);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? test : test.skip;

describe('one job for the cluster on PostgreSQL', () => {
  onPostgres('while one instance runs the job (holds its advisory lock), another skips lists and carts alike', async () => {
    const kept = await list({ deleteDaysAfterLastModification: 1 });
    await t.advance(2 * DAY);
    await t.server.services.db.transaction(async (db) => {
      await db.value('SELECT pg_advisory_xact_lock(727311)::text AS "locked"');
      expect(await runRetention(t.server.services, [cartRetention(1000), shoppingListRetention(1000)])).toBeUndefined();
    });
    expect(await exists(kept.id)).toBe(true);
    expect((await runRetention(t.server.services, rules()))?.deleted).toBeGreaterThan(0);
    expect(await exists(kept.id)).toBe(false);
  });
});
