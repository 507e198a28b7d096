import { api } from '../support/auth.js';
import { clockedServer, DAY, type ClockedServer } from '../support/clocked-server.js';
import { cartRetention, runRetention } from '../../src/flows/retention.js';
import { ok, type CartBody } from './support.js';

let t: ClockedServer;

beforeAll(async () => {
  t = await clockedServer('manage_orders:test');
});
afterAll(async () => {
  await t.server.close();
});

const exists = (id: string) => t.exists(`/test/carts/${id}`);
const cart = (body: Record<string, unknown> = {}) => ok<CartBody>(api(t.server, t.token, '/test/carts', { body: { currency: 'EUR', ...body } }), 201);

describe('cart retention (spec "Limits")', () => {
  test('carts are deleted 90 days after their last modification by default, or after their own deleteDaysAfterLastModification', async () => {
    const plain = await cart();
    const short = await cart({ deleteDaysAfterLastModification: 10 });
    await t.advance(5 * DAY);
    const touched = await cart();
    await t.advance(6 * DAY);
    await runRetention(t.server.services, [cartRetention(1000)]);
    expect([await exists(plain.id), await exists(short.id), await exists(touched.id)]).toEqual([true, false, true]);
    await t.advance(80 * DAY);
    await runRetention(t.server.services, [cartRetention(1000)]);
    expect([await exists(plain.id), await exists(touched.id)]).toEqual([false, true]);
    // A modification restarts the period.
    const current = await ok<CartBody>(api(t.server, t.token, `/test/carts/${touched.id}`));
    await ok(api(t.server, t.token, `/test/carts/${touched.id}`, { body: { version: current.version, actions: [{ action: 'setCountry', country: 'DE' }] } }));
    await t.advance(80 * DAY);
    await runRetention(t.server.services, [cartRetention(1000)]);
    expect(await exists(touched.id)).toBe(true);
  });

  test('past the allowed number of carts, the least recently modified are deleted first', async () => {
    const carts = [];
    for (let i = 0; i < 4; i++) {
      await t.advance(1000);
      carts.push(await cart());
    }
    const before = (await ok<{ total: number }>(api(t.server, t.token, '/test/carts?withTotal=true'))).total;
    const result = await runRetention(t.server.services, [cartRetention(2)]);
    expect(result?.deleted).toBe(before - 2);
    expect(await Promise.all(carts.map((c) => exists(c.id)))).toEqual([false, false, true, true]);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? test : test.skip;

describe('cart retention with several instances on one PostgreSQL', () => {
  onPostgres('while one instance runs the job (holds its advisory lock), another skips it', async () => {
    const kept = await cart({ deleteDaysAfterLastModification: 1 });
    await t.advance(2 * DAY);
    await t.server.services.db.transaction(async (db) => {
      await db.value('SELECT pg_advisory_xact_lock(727311)::text AS "locked"');
      expect(await runRetention(t.server.services, [cartRetention(1000)])).toBeUndefined();
    });
    expect(await exists(kept.id)).toBe(true);
    expect((await runRetention(t.server.services, [cartRetention(1000)]))?.deleted).toBeGreaterThan(0);
    expect(await exists(kept.id)).toBe(false);
  });
});
