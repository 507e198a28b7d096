import { ok } from '../carts/support.js';
import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Ref {
  typeId: string;
  id: string;
  obj?: ChannelBody;
}
interface ChannelBody {
  id: string;
  version: number;
  key: string;
  roles: string[];
  name?: Record<string, string>;
  description?: Record<string, string>;
  address?: { id: string; country: string; city?: string; custom?: { fields: Record<string, unknown> } };
  geoLocation?: { type: string; coordinates: number[] };
  custom?: { fields: Record<string, unknown> };
}
interface StoreBody {
  id: string;
  version: number;
  key: string;
  distributionChannels: Ref[];
  supplyChannels: Ref[];
}

let server: TestServer;
let admin: string;
let viewer: string;
let seq = 0;
const CH = '/test/channels';

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  viewer = await clientToken(server, 'view_channels:test');
});
afterAll(async () => {
  await server.close();
});

const uniqueKey = (prefix = 'channel') => `${prefix}-${++seq}`;
const createChannel = (draft: Record<string, unknown> = {}) => ok<ChannelBody>(api(server, admin, CH, { body: { key: uniqueKey(), ...draft } }), 201);
const update = (channel: { id: string; version: number }, actions: unknown[], path = CH) =>
  api(server, admin, `${path}/${channel.id}`, { body: { version: channel.version, actions } });
const createStore = (draft: Record<string, unknown>) => api(server, admin, '/test/stores', { body: { key: uniqueKey('store'), ...draft } });
const ref = (channel: { id: string }) => ({ typeId: 'channel', id: channel.id });
const BERLIN = { type: 'Point', coordinates: [13.405, 52.52] };

describe('channels', () => {
  it('create answers 201 with the InventorySupply role by default; get by id and key; HEAD', async () => {
    const channel = await createChannel({ key: 'warehouse-1', name: { en: 'Warehouse' } });
    expect(channel).toMatchObject({ version: 1, key: 'warehouse-1', roles: ['InventorySupply'], name: { en: 'Warehouse' } });
    expect(await ok(api(server, viewer, `${CH}/${channel.id}`))).toEqual(channel);
    expect(await ok(api(server, viewer, `${CH}/key=warehouse-1`))).toEqual(channel);
    expect((await api(server, viewer, `${CH}/key=warehouse-1`, { method: 'HEAD' })).status).toBe(200);
    await expectError(await api(server, viewer, `${CH}/key=nope`), 404, 'ResourceNotFound');
  });

  it('a channel with roles, an address (with an id), a geo location and custom fields', async () => {
    await ok(
      api(server, admin, '/test/types', {
        body: {
          key: 'channel-extra',
          name: { en: 'x' },
          resourceTypeIds: ['channel'],
          fieldDefinitions: [{ name: 'opens', label: { en: 'o' }, required: false, type: { name: 'String' } }],
        },
      }),
      201,
    );
    const channel = await createChannel({
      roles: ['ProductDistribution', 'Primary', 'ProductDistribution'],
      description: { en: 'Flagship' },
      address: { country: 'DE', city: 'Berlin' },
      geoLocation: BERLIN,
      custom: { type: { key: 'channel-extra' }, fields: { opens: '9:00' } },
    });
    expect(channel).toMatchObject({
      roles: ['ProductDistribution', 'Primary'],
      description: { en: 'Flagship' },
      address: { country: 'DE', city: 'Berlin' },
      geoLocation: BERLIN,
    });
    expect(channel.address?.id).toEqual(expect.any(String));
    expect(channel.custom?.fields).toEqual({ opens: '9:00' });
  });

  it('refuses an unknown role, a geo location that is not a Point, and a key used by another channel', async () => {
    await expectError(await api(server, admin, CH, { body: { key: uniqueKey(), roles: ['Warehouse'] } }), 400, 'InvalidField');
    await expectError(await api(server, admin, CH, { body: { key: uniqueKey(), geoLocation: { type: 'Polygon', coordinates: [1, 2] } } }), 400, 'InvalidField');
    const channel = await createChannel();
    await expectError(await api(server, admin, CH, { body: { key: channel.key } }), 400, 'DuplicateField', { field: 'key', duplicateValue: channel.key });
  });

  it('update actions: key, name, description, roles, address and its custom fields, geo location', async () => {
    await ok(
      api(server, admin, '/test/types', {
        body: {
          key: 'address-extra',
          name: { en: 'x' },
          resourceTypeIds: ['address'],
          fieldDefinitions: [{ name: 'gate', label: { en: 'g' }, required: false, type: { name: 'String' } }],
        },
      }),
      201,
    );
    let channel = await createChannel();
    const key = uniqueKey('renamed');
    channel = await ok<ChannelBody>(
      update(channel, [
        { action: 'changeKey', key },
        { action: 'changeName', name: { en: 'Shop' } },
        { action: 'changeDescription', description: { en: 'Downtown' } },
        { action: 'addRoles', roles: ['ProductDistribution', 'InventorySupply'] },
        { action: 'removeRoles', roles: ['InventorySupply'] },
        { action: 'setAddress', address: { country: 'FR', city: 'Paris' } },
        { action: 'setAddressCustomType', type: { key: 'address-extra' }, fields: { gate: 'B' } },
        { action: 'setGeoLocation', geoLocation: { type: 'Point', coordinates: [2.35, 48.85] } },
      ]),
    );
    expect(channel).toMatchObject({
      version: 2,
      key,
      name: { en: 'Shop' },
      description: { en: 'Downtown' },
      roles: ['ProductDistribution'],
      address: { country: 'FR', city: 'Paris', custom: { fields: { gate: 'B' } } },
    });
    channel = await ok<ChannelBody>(
      update(channel, [
        { action: 'setAddressCustomField', name: 'gate', value: 'C' },
        { action: 'setRoles', roles: ['OrderExport', 'OrderImport'] },
      ]),
    );
    expect(channel.address?.custom?.fields).toEqual({ gate: 'C' });
    expect(channel.roles).toEqual(['OrderExport', 'OrderImport']);
    channel = await ok<ChannelBody>(update(channel, [{ action: 'setAddress' }, { action: 'setGeoLocation' }]));
    expect(channel.address).toBeUndefined();
    expect(channel.geoLocation).toBeUndefined();
    await expectError(await update(channel, [{ action: 'setAddressCustomField', name: 'gate', value: 'D' }]), 400, 'InvalidOperation');
    await expectError(await update({ id: channel.id, version: 1 }, [{ action: 'changeName', name: { en: 'x' } }]), 409, 'ConcurrentModification');
  });

  it('queries by role and by distance (`within circle`)', async () => {
    // Sydney: no other test puts a channel there. Melbourne is ~700 km away; a warehouse in Sydney has another role.
    const near = await createChannel({ roles: ['Primary'], geoLocation: { type: 'Point', coordinates: [151.21, -33.87] } });
    await createChannel({ roles: ['Primary'], geoLocation: { type: 'Point', coordinates: [144.96, -37.81] } });
    await createChannel({ roles: ['InventorySupply'], geoLocation: { type: 'Point', coordinates: [151.2, -33.86] } });
    const where = encodeURIComponent('roles contains any ("Primary") and geoLocation within circle(151.2, -33.86, 5000)');
    const page = await ok<{ results: ChannelBody[] }>(api(server, viewer, `${CH}?where=${where}`));
    expect(page.results.map((c) => c.id)).toEqual([near.id]);
  });

  it('view_channels reads but cannot write; view_products reads too', async () => {
    const channel = await createChannel();
    await expectError(await api(server, viewer, CH, { body: { key: uniqueKey() } }), 403, 'insufficient_scope');
    const products = await clientToken(server, 'view_products:test');
    expect((await ok<ChannelBody>(api(server, products, `${CH}/${channel.id}`))).id).toBe(channel.id);
  });
});

describe('channels of stores', () => {
  it('a store drafted with channels by id or key, expanded with distributionChannels[*]', async () => {
    const web = await createChannel({ roles: ['ProductDistribution'] });
    const warehouse = await createChannel({ roles: ['InventorySupply'] });
    const store = await ok<StoreBody>(createStore({ distributionChannels: [{ typeId: 'channel', key: web.key }], supplyChannels: [ref(warehouse)] }), 201);
    expect(store.distributionChannels).toEqual([ref(web)]);
    expect(store.supplyChannels).toEqual([ref(warehouse)]);
    const expanded = await ok<StoreBody>(
      api(server, admin, `/test/stores/${store.id}?expand=${encodeURIComponent('distributionChannels[*]')}&expand=${encodeURIComponent('supplyChannels[*]')}`),
    );
    expect(expanded.distributionChannels[0].obj).toMatchObject({ id: web.id, key: web.key });
    expect(expanded.supplyChannels[0].obj?.id).toBe(warehouse.id);
  });

  it('a distribution channel needs ProductDistribution, a supply channel InventorySupply (MissingRoleOnChannel)', async () => {
    const warehouse = await createChannel({ roles: ['InventorySupply'] });
    const web = await createChannel({ roles: ['ProductDistribution'] });
    await expectError(await createStore({ distributionChannels: [{ typeId: 'channel', key: warehouse.key }] }), 400, 'MissingRoleOnChannel', {
      missingRole: 'ProductDistribution',
      channel: { typeId: 'channel', key: warehouse.key },
    });
    await expectError(await createStore({ supplyChannels: [ref(web)] }), 400, 'MissingRoleOnChannel', { missingRole: 'InventorySupply' });
    await expectError(await createStore({ supplyChannels: [{ typeId: 'channel', key: 'no-such-channel' }] }), 400, 'ReferencedResourceNotFound', {
      typeId: 'channel',
    });
  });

  it('the store update actions add, remove and set channels, with the same role checks', async () => {
    const web = await createChannel({ roles: ['ProductDistribution'] });
    const app = await createChannel({ roles: ['ProductDistribution', 'InventorySupply'] });
    const warehouse = await createChannel({ roles: ['InventorySupply'] });
    let store = await ok<StoreBody>(createStore({}), 201);
    store = await ok<StoreBody>(
      update(
        store,
        [
          { action: 'addDistributionChannel', distributionChannel: ref(web) },
          { action: 'addDistributionChannel', distributionChannel: { typeId: 'channel', key: app.key } },
          { action: 'addDistributionChannel', distributionChannel: ref(web) },
          { action: 'addSupplyChannel', supplyChannel: ref(warehouse) },
        ],
        '/test/stores',
      ),
    );
    expect(store.distributionChannels).toEqual([ref(web), ref(app)]);
    expect(store.supplyChannels).toEqual([ref(warehouse)]);
    store = await ok<StoreBody>(
      update(
        store,
        [
          { action: 'removeDistributionChannel', distributionChannel: ref(web) },
          { action: 'setSupplyChannels', supplyChannels: [ref(app), ref(warehouse)] },
        ],
        '/test/stores',
      ),
    );
    expect(store.distributionChannels).toEqual([ref(app)]);
    expect(store.supplyChannels).toEqual([ref(app), ref(warehouse)]);
    await expectError(await update(store, [{ action: 'addSupplyChannel', supplyChannel: ref(web) }], '/test/stores'), 400, 'MissingRoleOnChannel');
    store = await ok<StoreBody>(
      update(store, [{ action: 'setDistributionChannels' }, { action: 'removeSupplyChannel', supplyChannel: ref(app) }], '/test/stores'),
    );
    expect(store.distributionChannels).toEqual([]);
    expect(store.supplyChannels).toEqual([ref(warehouse)]);
  });

  it('a channel a store uses cannot be deleted (ReferenceExists); once unused it can', async () => {
    const web = await createChannel({ roles: ['ProductDistribution'] });
    const store = await ok<StoreBody>(createStore({ distributionChannels: [ref(web)] }), 201);
    await expectError(await api(server, admin, `${CH}/${web.id}?version=1`, { method: 'DELETE' }), 400, 'ReferenceExists', { referencedBy: 'store' });
    await ok(update(store, [{ action: 'removeDistributionChannel', distributionChannel: ref(web) }], '/test/stores'));
    await ok(api(server, admin, `${CH}/key=${web.key}?version=1`, { method: 'DELETE' }));
    await expectError(await api(server, admin, `${CH}/${web.id}`), 404, 'ResourceNotFound');
  });
});

describe('channels of prices', () => {
  it('a price may be scoped to a channel (by key); an unknown channel is ReferencedResourceNotFound; a priced channel cannot be deleted', async () => {
    const shop = await createChannel({ roles: ['ProductDistribution'] });
    const type = await ok<{ id: string }>(api(server, admin, '/test/product-types', { body: { name: 'p', description: 'p' } }), 201);
    const product = (prices: unknown[]) =>
      api(server, admin, '/test/products', {
        body: { productType: { typeId: 'product-type', id: type.id }, name: { en: 'x' }, slug: { en: uniqueKey('slug') }, masterVariant: { prices } },
      });
    const eur = { currencyCode: 'EUR', centAmount: 100 };
    const created = await ok<{ masterData: { staged: { masterVariant: { prices: { channel?: Ref }[] } } } }>(
      product([{ value: eur }, { value: eur, channel: { typeId: 'channel', key: shop.key } }]),
      201,
    );
    expect(created.masterData.staged.masterVariant.prices.map((p) => p.channel)).toEqual([undefined, ref(shop)]);
    await expectError(await product([{ value: eur, channel: { typeId: 'channel', key: 'no-such-channel' } }]), 400, 'ReferencedResourceNotFound', {
      typeId: 'channel',
    });
    await expectError(await api(server, admin, `${CH}/${shop.id}?version=1`, { method: 'DELETE' }), 400, 'ReferenceExists', { referencedBy: 'product' });
  });
});
