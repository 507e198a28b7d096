import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { create, update, updated, type Resource } from '../support/pricing.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Zone extends Resource {
  name: string;
  description?: string;
  locations: { country: string; state?: string }[];
}

let server: TestServer;
let manager: string;
let keys = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_zones:test manage_shipping_methods:test manage_tax_categories:test');
});
afterAll(async () => {
  await server.close();
});

const newZone = (draft: Record<string, unknown> = {}) => create<Zone>(server, manager, 'zones', { key: `zone-${++keys}`, name: `Zone ${keys}`, ...draft });

describe('create and read', () => {
  it('answers 201 with the zone at version 1, its locations as given', async () => {
    const zone = await newZone({ name: 'Europe', description: 'EU', locations: [{ country: 'DE' }, { country: 'US', state: 'NY' }] });
    expect(zone).toMatchObject({ version: 1, name: 'Europe', description: 'EU', locations: [{ country: 'DE' }, { country: 'US', state: 'NY' }] });
    const byId = await api(server, manager, `/test/zones/${zone.id}`);
    const byKey = await api(server, manager, `/test/zones/key=${zone.key}`);
    expect([byId.status, byKey.status]).toEqual([200, 200]);
    expect(await byKey.json()).toEqual(await byId.json());
  });

  it('locations default to none; name is required', async () => {
    expect((await newZone()).locations).toEqual([]);
    await expectError(await api(server, manager, '/test/zones', { body: { key: 'nameless' } }), 400, 'RequiredField', { field: 'name' });
  });

  it('the same location twice is refused (400 InvalidOperation)', async () => {
    const res = await api(server, manager, '/test/zones', { body: { name: 'x', locations: [{ country: 'DE' }, { country: 'DE' }] } });
    await expectError(res, 400, 'InvalidOperation');
  });

  it('a key in use is 400 DuplicateField; an unknown id or key is 404', async () => {
    const zone = await newZone();
    await expectError(await api(server, manager, '/test/zones', { body: { key: zone.key, name: 'again' } }), 400, 'DuplicateField', {
      field: 'key',
      duplicateValue: zone.key,
    });
    await expectError(await api(server, manager, '/test/zones/key=missing'), 404, 'ResourceNotFound');
    await expectError(await api(server, manager, '/test/zones/00000000-0000-0000-0000-000000000000'), 404, 'ResourceNotFound');
  });

  it('a malformed country is 400 InvalidField', async () => {
    await expectError(await api(server, manager, '/test/zones', { body: { name: 'x', locations: [{ country: 'Germany' }] } }), 400, 'InvalidField');
  });
});

describe('query', () => {
  it('where on a location, sorted, paged', async () => {
    await newZone({ name: 'Query A', locations: [{ country: 'FR' }] });
    await newZone({ name: 'Query B', locations: [{ country: 'FR', state: 'Corse' }, { country: 'IT' }] });
    const res = await api(server, manager, `/test/zones?where=${encodeURIComponent('locations(country = "FR")')}&sort=name%20desc`);
    const page = (await res.json()) as { count: number; total: number; results: Zone[] };
    expect(page.results.map((z) => z.name)).toEqual(['Query B', 'Query A']);
    expect(page.total).toBe(2);
    expect((await api(server, manager, `/test/zones?where=${encodeURIComponent('locations(state = "Corse")')}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, manager, `/test/zones?where=${encodeURIComponent('locations(state = "Bavaria")')}`, { method: 'HEAD' })).status).toBe(404);
  });
});

describe('update actions', () => {
  it('addLocation, removeLocation, setLocations, changeName, setDescription, setKey, all at once', async () => {
    const zone = await newZone({ locations: [{ country: 'DE' }], description: 'old' });
    const next = await updated<Zone>(server, manager, 'zones', zone, [
      { action: 'addLocation', location: { country: 'AT' } },
      { action: 'removeLocation', location: { country: 'DE' } },
      { action: 'addLocation', location: { country: 'US', state: 'CA' } },
      { action: 'changeName', name: 'Renamed' },
      { action: 'setDescription' },
      { action: 'setKey', key: 'renamed-zone' },
    ]);
    expect(next).toMatchObject({ version: 2, name: 'Renamed', key: 'renamed-zone', locations: [{ country: 'AT' }, { country: 'US', state: 'CA' }] });
    expect(next.description).toBeUndefined();
    const replaced = await updated<Zone>(server, manager, 'zones', next, [{ action: 'setLocations', locations: [{ country: 'CH' }] }]);
    expect(replaced.locations).toEqual([{ country: 'CH' }]);
  });

  it('a failing action changes nothing (all or nothing)', async () => {
    const zone = await newZone({ locations: [{ country: 'DE' }] });
    const res = await update(server, manager, 'zones', zone.id, 1, [
      { action: 'changeName', name: 'Never' },
      { action: 'removeLocation', location: { country: 'ES' } },
    ]);
    await expectError(res, 400, 'InvalidOperation');
    expect(await (await api(server, manager, `/test/zones/${zone.id}`)).json()).toMatchObject({ version: 1, name: zone.name });
  });

  it('adding a location the zone has is 400 InvalidOperation', async () => {
    const zone = await newZone({ locations: [{ country: 'DE' }] });
    await expectError(await update(server, manager, 'zones', zone.id, 1, [{ action: 'addLocation', location: { country: 'DE' } }]), 400, 'InvalidOperation');
  });

  it('a stale version is 409 ConcurrentModification', async () => {
    const zone = await newZone();
    await updated(server, manager, 'zones', zone, [{ action: 'changeName', name: 'v2' }]);
    await expectError(await update(server, manager, 'zones', zone.id, 1, [{ action: 'changeName', name: 'v3' }]), 409, 'ConcurrentModification', {
      currentVersion: 2,
    });
  });
});

describe('delete', () => {
  it('deletes at the version (by key too); a zone a shipping method uses is 400 ReferenceExists', async () => {
    const free = await newZone();
    expect((await api(server, manager, `/test/zones/key=${free.key}?version=1`, { method: 'DELETE' })).status).toBe(200);
    const used = await newZone({ locations: [{ country: 'DE' }] });
    const taxCategory = await create(server, manager, 'tax-categories', { name: 'standard' });
    await create(server, manager, 'shipping-methods', {
      name: 'Standard',
      isDefault: false,
      taxCategory: { typeId: 'tax-category', id: taxCategory.id },
      zoneRates: [{ zone: { typeId: 'zone', id: used.id }, shippingRates: [] }],
    });
    await expectError(await api(server, manager, `/test/zones/${used.id}?version=1`, { method: 'DELETE' }), 400, 'ReferenceExists', {
      referencedBy: 'shipping-method',
    });
  });
});

describe('scopes', () => {
  it('view_zones reads, manage_zones or manage_orders write', async () => {
    const zone = await newZone();
    const viewer = await clientToken(server, 'view_zones:test');
    const orders = await clientToken(server, 'manage_orders:test');
    expect((await api(server, viewer, `/test/zones/${zone.id}`)).status).toBe(200);
    await expectError(await api(server, viewer, '/test/zones', { body: { name: 'no' } }), 403, 'insufficient_scope');
    expect((await api(server, orders, '/test/zones', { body: { name: 'yes' } })).status).toBe(201);
    const stores = await clientToken(server, 'view_stores:test');
    await expectError(await api(server, stores, `/test/zones/${zone.id}`), 403, 'insufficient_scope');
  });
});
