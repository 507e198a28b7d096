import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { eur, ok, publishedProduct } from '../carts/support.js';

/** Inventory entries, and the stock an order takes with inventoryMode TrackOnly or ReserveOnOrder. */
interface EntryBody {
  id: string;
  version: number;
  key?: string;
  sku: string;
  supplyChannel?: { typeId: string; id: string };
  quantityOnStock: number;
  availableQuantity: number;
  restockableInDays?: number;
}

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  await publishedProduct(server, admin, 'stocked', [
    { sku: 'stock-a', prices: [{ value: eur(100) }] },
    { sku: 'stock-b', prices: [{ value: eur(100) }] },
  ]);
  await ok(api(server, admin, '/test/channels', { body: { key: 'warehouse', roles: ['InventorySupply'] } }), 201);
  await ok(api(server, admin, '/test/channels', { body: { key: 'shop', roles: ['ProductDistribution'] } }), 201);
});
afterAll(() => server.close());

const entry = (draft: Record<string, unknown>) => ok<EntryBody>(api(server, admin, '/test/inventory', { body: draft }), 201);
const update = (path: string, doc: { version: number }, actions: unknown[], token = admin) =>
  api(server, token, path, { body: { version: doc.version, actions } });
const get = (id: string) => ok<EntryBody>(api(server, admin, `/test/inventory/${id}`));

async function orderOf(inventoryMode: string, lines: { sku: string; quantity: number; supplyChannel?: unknown }[]): Promise<Response> {
  const cart = await ok<{ id: string; version: number }>(
    api(server, admin, '/test/carts', { body: { currency: 'EUR', inventoryMode, lineItems: lines } }),
    201,
  );
  return api(server, admin, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } });
}

test('one entry per SKU and supply channel; quantities; the channel needs the InventorySupply role', async () => {
  const plain = await entry({ sku: 'inv-1', quantityOnStock: 10, key: 'inv-1-plain' });
  expect(plain).toMatchObject({ sku: 'inv-1', quantityOnStock: 10, availableQuantity: 10 });
  const stocked = await entry({ sku: 'inv-1', quantityOnStock: 3, supplyChannel: { typeId: 'channel', key: 'warehouse' }, restockableInDays: 2 });
  expect(stocked.supplyChannel?.typeId).toBe('channel');
  await expectError(await api(server, admin, '/test/inventory', { body: { sku: 'inv-1', quantityOnStock: 1 } }), 400, 'DuplicateField', { field: 'sku' });
  await expectError(
    await api(server, admin, '/test/inventory', { body: { sku: 'inv-1', quantityOnStock: 1, supplyChannel: { key: 'shop' } } }),
    400,
    'MissingRoleOnChannel',
  );
  await expectError(
    await update(`/test/inventory/${plain.id}`, plain, [{ action: 'setSupplyChannel', supplyChannel: { key: 'warehouse' } }]),
    400,
    'DuplicateField',
  );
  const moved = await ok<EntryBody>(
    update(`/test/inventory/key=inv-1-plain`, plain, [
      { action: 'addQuantity', quantity: 5 },
      { action: 'removeQuantity', quantity: 2 },
      { action: 'setRestockableInDays', restockableInDays: 7 },
      { action: 'setExpectedDelivery', expectedDelivery: '2027-01-01T00:00:00.000Z' },
    ]),
  );
  expect(moved).toMatchObject({ quantityOnStock: 13, availableQuantity: 13, restockableInDays: 7, expectedDelivery: '2027-01-01T00:00:00.000Z' });
  const changed = await ok<EntryBody>(update(`/test/inventory/${plain.id}`, moved, [{ action: 'changeQuantity', quantity: 4 }]));
  expect([changed.quantityOnStock, changed.availableQuantity]).toEqual([4, 4]);
  const page = await ok<{ results: EntryBody[] }>(api(server, admin, `/test/inventory?where=${encodeURIComponent('sku = "inv-1"')}&sort=quantityOnStock+asc`));
  expect(page.results.map((e) => e.id)).toEqual([stocked.id, plain.id]);
  // A channel that an entry uses is not deleted.
  const warehouse = await ok<{ id: string; version: number }>(api(server, admin, '/test/channels/key=warehouse'));
  await expectError(await api(server, admin, `/test/channels/${warehouse.id}?version=${warehouse.version}`, { method: 'DELETE' }), 400, 'ReferenceExists');
  expect((await ok<EntryBody>(api(server, admin, `/test/inventory/${stocked.id}?version=${stocked.version}`, { method: 'DELETE' }))).id).toBe(stocked.id);
  // Scopes: view_products reads, manage_products writes.
  const viewer = await clientToken(server, 'view_products:test');
  expect((await ok<EntryBody>(api(server, viewer, `/test/inventory/${plain.id}`))).sku).toBe('inv-1');
  await expectError(await api(server, viewer, '/test/inventory', { body: { sku: 'x', quantityOnStock: 1 } }), 403, 'insufficient_scope');
});

test('TrackOnly takes the ordered quantities even below zero; an entry must exist', async () => {
  const a = await entry({ sku: 'stock-a', quantityOnStock: 2 });
  await expectError(
    await orderOf('TrackOnly', [
      { sku: 'stock-a', quantity: 1 },
      { sku: 'stock-b', quantity: 1 },
    ]),
    400,
    'OutOfStock',
    { skus: ['stock-b'] },
  );
  expect((await get(a.id)).availableQuantity).toBe(2);
  expect((await orderOf('TrackOnly', [{ sku: 'stock-a', quantity: 3 }])).status).toBe(201);
  expect(await get(a.id)).toMatchObject({ quantityOnStock: 2, availableQuantity: -1 });
  // inventoryMode None takes nothing.
  expect(
    (
      await orderOf('None', [
        { sku: 'stock-a', quantity: 1 },
        { sku: 'stock-b', quantity: 1 },
      ])
    ).status,
  ).toBe(201);
  expect((await get(a.id)).availableQuantity).toBe(-1);
  await api(server, admin, `/test/inventory/${a.id}?version=${(await get(a.id)).version}`, { method: 'DELETE' });
});

test('ReserveOnOrder needs the quantity available (or a restockable entry); a refused order takes nothing', async () => {
  const a = await entry({ sku: 'stock-a', quantityOnStock: 3 });
  const b = await entry({ sku: 'stock-b', quantityOnStock: 1 });
  const refused = await orderOf('ReserveOnOrder', [
    { sku: 'stock-a', quantity: 2 },
    { sku: 'stock-b', quantity: 2 },
  ]);
  await expectError(refused, 400, 'OutOfStock', { skus: ['stock-b'] });
  expect([(await get(a.id)).availableQuantity, (await get(b.id)).availableQuantity]).toEqual([3, 1]);
  // Two lines of one SKU count together.
  expect((await orderOf('ReserveOnOrder', [{ sku: 'stock-a', quantity: 2 }])).status).toBe(201);
  await expectError(await orderOf('ReserveOnOrder', [{ sku: 'stock-a', quantity: 2 }]), 400, 'OutOfStock');
  const current = await get(b.id);
  await ok(update(`/test/inventory/${b.id}`, current, [{ action: 'setRestockableInDays', restockableInDays: 3 }]));
  expect((await orderOf('ReserveOnOrder', [{ sku: 'stock-b', quantity: 5 }])).status).toBe(201);
  expect((await get(b.id)).availableQuantity).toBe(-4);
  // Line items of a supply channel take from that channel's entry.
  await entry({ sku: 'stock-a', quantityOnStock: 1, supplyChannel: { key: 'warehouse' } });
  expect((await orderOf('ReserveOnOrder', [{ sku: 'stock-a', quantity: 1, supplyChannel: { key: 'warehouse' } }])).status).toBe(201);
  expect((await get(a.id)).availableQuantity).toBe(1);
});

test("a line item's channels: the distribution channel's price applies, each channel needs its role", async () => {
  await publishedProduct(server, admin, 'channel-priced', [
    { sku: 'chan-1', prices: [{ value: eur(100) }, { value: eur(80), channel: { typeId: 'channel', key: 'shop' } }] },
  ]);
  const cart = await ok<{ lineItems: { price: { value: { centAmount: number } }; distributionChannel?: { id: string }; supplyChannel?: { id: string } }[] }>(
    api(server, admin, '/test/carts', {
      body: { currency: 'EUR', lineItems: [{ sku: 'chan-1' }, { sku: 'chan-1', distributionChannel: { key: 'shop' }, supplyChannel: { key: 'warehouse' } }] },
    }),
    201,
  );
  expect(cart.lineItems.map((li) => li.price.value.centAmount)).toEqual([100, 80]);
  expect(cart.lineItems[1].supplyChannel).toEqual({ typeId: 'channel', id: expect.any(String) });
  await expectError(
    await api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'chan-1', distributionChannel: { key: 'warehouse' } }] } }),
    400,
    'MissingRoleOnChannel',
  );
  await expectError(
    await api(server, admin, '/test/carts', { body: { currency: 'EUR', lineItems: [{ sku: 'chan-1', supplyChannel: { key: 'nowhere' } }] } }),
    400,
    'ReferencedResourceNotFound',
  );
});
