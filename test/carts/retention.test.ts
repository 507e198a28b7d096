import { api, clientToken } from '../support/auth.js';
import { runCartRetention } from '../../src/services/cart-retention.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { ok, type CartBody } from './support.js';

const DAY = 86_400_000;
let server: TestServer;
let clock: ManualClock;
let admin: string;

beforeAll(async () => {
  clock = new ManualClock(Date.parse('2030-01-01T00:00:00.000Z'));
  server = await startTestServer({ cartRetentionIntervalMs: 0 }, { clock });
  admin = await clientToken(server, 'manage_orders:test');
});
afterAll(async () => {
  await server.close();
});

/** Moves the clock; tokens expire with it, so a new one is taken. */
async function advance(ms: number): Promise<void> {
  clock.advance(ms);
  admin = await clientToken(server, 'manage_orders:test');
}

const exists = async (id: string) => (await api(server, admin, `/test/carts/${id}`)).status === 200;
const cart = (body: Record<string, unknown> = {}) => ok<CartBody>(api(server, admin, '/test/carts', { body: { currency: 'EUR', ...body } }), 201);

describe('cart retention (spec "Limits")', () => {
  test('carts are deleted 90 days after their last modification by default, or after their own deleteDaysAfterLastModification', async () => {
    const plain = await cart();
    const short = await cart({ deleteDaysAfterLastModification: 10 });
    await advance(5 * DAY);
    const touched = await cart();
    await advance(6 * DAY);
    await runCartRetention(server.services, { maxCartsPerProject: 1000 });
    expect([await exists(plain.id), await exists(short.id), await exists(touched.id)]).toEqual([true, false, true]);
    await advance(80 * DAY);
    await runCartRetention(server.services, { maxCartsPerProject: 1000 });
    expect([await exists(plain.id), await exists(touched.id)]).toEqual([false, true]);
    // A modification restarts the period.
    const current = await ok<CartBody>(api(server, admin, `/test/carts/${touched.id}`));
    await ok(api(server, admin, `/test/carts/${touched.id}`, { body: { version: current.version, actions: [{ action: 'setCountry', country: 'DE' }] } }));
    await advance(80 * DAY);
    await runCartRetention(server.services, { maxCartsPerProject: 1000 });
    expect(await exists(touched.id)).toBe(true);
  });

  test('past the allowed number of carts, the least recently modified are deleted first', async () => {
    const carts = [];
    for (let i = 0; i < 4; i++) {
      await advance(1000);
      carts.push(await cart());
    }
    const before = (await ok<{ total: number }>(api(server, admin, '/test/carts?withTotal=true'))).total;
    const result = await runCartRetention(server.services, { maxCartsPerProject: 2 });
    expect(result?.deleted).toBe(before - 2);
    expect(await Promise.all(carts.map((c) => exists(c.id)))).toEqual([false, false, true, true]);
  });
});

const onPostgres = process.env.TEST_DATABASE_URL?.startsWith('postgres') ? test : test.skip;

describe('cart retention with several instances on one PostgreSQL', () => {
  onPostgres('while one instance runs the job (holds its advisory lock), another skips it', async () => {
    const kept = await cart({ deleteDaysAfterLastModification: 1 });
    await advance(2 * DAY);
    await server.services.db.transaction(async (db) => {
      await db.value('SELECT pg_advisory_xact_lock(727311)::text AS "locked"');
      expect(await runCartRetention(server.services, { maxCartsPerProject: 1000 })).toBeUndefined();
    });
    expect(await exists(kept.id)).toBe(true);
    expect((await runCartRetention(server.services, { maxCartsPerProject: 1000 }))?.deleted).toBeGreaterThan(0);
    expect(await exists(kept.id)).toBe(false);
  });
});
