import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { expectError } from '../support/errors.js';

interface StoreBody {
  id: string;
  version: number;
  key: string;
  name?: Record<string, string>;
  languages: string[];
  countries: { code: string }[];
  distributionChannels: unknown[];
  supplyChannels: unknown[];
  productSelections: unknown[];
  createdAt: string;
  lastModifiedAt: string;
  createdBy?: { clientId?: string };
}
interface ErrorBody {
  statusCode: number;
  message: string;
  errors: { code: string; message: string; [extra: string]: unknown }[];
}

let server: TestServer;
let manager: string;
let viewer: string;
let keySeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_stores:test');
  viewer = await clientToken(server, 'view_stores:test');
});
afterAll(async () => {
  await server.close();
});

const uniqueKey = () => `store-${++keySeq}`;

async function createStore(draft: Record<string, unknown> = {}): Promise<StoreBody> {
  const res = await api(server, manager, '/test/stores', { body: { key: uniqueKey(), ...draft } });
  expect(res.status).toBe(201);
  return (await res.json()) as StoreBody;
}

async function update(path: string, version: number, actions: unknown[]): Promise<Response> {
  return api(server, manager, `/test/stores/${path}`, { body: { version, actions } });
}

describe('create', () => {
  it('answers 201 with the store at version 1, server-set fields and empty lists', async () => {
    const res = await api(server, manager, '/test/stores', {
      body: { key: 'berlin', name: { en: 'Berlin', de: 'Berlin' }, languages: ['de', 'en'], countries: [{ code: 'DE' }] },
    });
    expect(res.status).toBe(201);
    const store = (await res.json()) as StoreBody;
    expect(store).toMatchObject({
      version: 1,
      key: 'berlin',
      name: { en: 'Berlin', de: 'Berlin' },
      languages: ['de', 'en'],
      countries: [{ code: 'DE' }],
      distributionChannels: [],
      supplyChannels: [],
      productSelections: [],
    });
    expect(store.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(store.createdAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(store.lastModifiedAt).toBe(store.createdAt);
    expect(store.createdBy?.clientId).toEqual(expect.any(String));
  });

  it('rejects a key used by another store with 400 DuplicateField', async () => {
    const first = await createStore();
    const res = await api(server, manager, '/test/stores', { body: { key: first.key } });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: first.key });
  });

  it('requires a key', async () => {
    const res = await api(server, manager, '/test/stores', { body: { name: { en: 'x' } } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'RequiredField', field: 'key' });
  });

  it('rejects a key outside the key pattern', async () => {
    const res = await api(server, manager, '/test/stores', { body: { key: 'has space' } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0].code).toBe('InvalidField');
  });

  it('rejects a country that is not a two-letter code', async () => {
    const res = await api(server, manager, '/test/stores', { body: { key: uniqueKey(), countries: [{ code: 'Germany' }] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'InvalidField', field: 'countries[0].code' });
  });

  it('answers ReferencedResourceNotFound for an unknown distribution channel', async () => {
    const res = await api(server, manager, '/test/stores', { body: { key: uniqueKey(), distributionChannels: [{ typeId: 'channel', key: 'web' }] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'channel', key: 'web' });
  });
});

describe('get and HEAD', () => {
  it('gets a store by id and by key', async () => {
    const store = await createStore({ name: { en: 'Get me' } });
    const byId = await api(server, viewer, `/test/stores/${store.id}`);
    expect(byId.status).toBe(200);
    expect(await byId.json()).toEqual(store);
    const byKey = await api(server, viewer, `/test/stores/key=${store.key}`);
    expect(byKey.status).toBe(200);
    expect(await byKey.json()).toEqual(store);
  });

  it('answers with the length in bytes, the JSON type and the correlation id, for any text (the stored document is sent as stored)', async () => {
    const store = await createStore({ name: { de: 'Zürich ✓ 東京 🛒', en: 'quote " and \\ backslash' } });
    for (const path of [`/test/stores/${store.id}`, `/test/stores/key=${store.key}`]) {
      const res = await server.request(path, { headers: { Authorization: `Bearer ${viewer}`, 'X-Correlation-ID': 'store-read-0001' } });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(res.headers.get('content-length'))).toBe(bytes.length);
      expect(res.headers.get('x-correlation-id')).toBe('store-read-0001');
      expect(JSON.parse(bytes.toString('utf8')).name).toEqual({ de: 'Zürich ✓ 東京 🛒', en: 'quote " and \\ backslash' });
    }
  });

  it('answers 404 ResourceNotFound for an unknown id or key', async () => {
    for (const path of ['/test/stores/00000000-0000-0000-0000-000000000000', '/test/stores/key=no-such-store']) {
      const res = await api(server, viewer, path);
      expect(res.status).toBe(404);
      expect(((await res.json()) as ErrorBody).errors[0].code).toBe('ResourceNotFound');
    }
  });

  it('HEAD by id and by key: 200 when it exists, 404 otherwise, never a body', async () => {
    const store = await createStore();
    for (const [path, status] of [
      [`/test/stores/${store.id}`, 200],
      [`/test/stores/key=${store.key}`, 200],
      ['/test/stores/00000000-0000-0000-0000-000000000000', 404],
      ['/test/stores/key=no-such-store', 404],
    ] as const) {
      const res = await api(server, viewer, path, { method: 'HEAD' });
      expect([path, res.status]).toEqual([path, status]);
      expect(await res.text()).toBe('');
    }
  });

  it('does not see stores of another project', async () => {
    await server.app.services.projects.create({ key: 'other' });
    const store = await createStore();
    const otherToken = await clientToken(server, 'manage_project:other', 'other');
    const res = await api(server, otherToken, `/other/stores/${store.id}`);
    await expectError(res, 404, 'ResourceNotFound');
  });
});

describe('update actions', () => {
  it('setName, setLanguages and setCountries apply together and bump the version once', async () => {
    const store = await createStore({ name: { en: 'Old' } });
    const res = await update(store.id, 1, [
      { action: 'setName', name: { en: 'New', de: 'Neu' } },
      { action: 'setLanguages', languages: ['en-US', 'de'] },
      { action: 'setCountries', countries: [{ code: 'US' }, { code: 'DE' }] },
    ]);
    expect(res.status).toBe(200);
    const updated = (await res.json()) as StoreBody;
    expect(updated).toMatchObject({ version: 2, name: { en: 'New', de: 'Neu' }, languages: ['en-US', 'de'], countries: [{ code: 'US' }, { code: 'DE' }] });
    expect(updated.lastModifiedAt >= store.lastModifiedAt).toBe(true);
    expect(await (await api(server, viewer, `/test/stores/${store.id}`)).json()).toEqual(updated);
  });

  it('setName without a name removes it; empty setLanguages/setCountries clear the lists', async () => {
    const store = await createStore({ name: { en: 'x' }, languages: ['en'], countries: [{ code: 'DE' }] });
    const res = await update(`key=${store.key}`, 1, [{ action: 'setName' }, { action: 'setLanguages' }, { action: 'setCountries', countries: [] }]);
    expect(res.status).toBe(200);
    const updated = (await res.json()) as StoreBody;
    expect(updated.name).toBeUndefined();
    expect(updated.languages).toEqual([]);
    expect(updated.countries).toEqual([]);
  });

  it('updates by key', async () => {
    const store = await createStore();
    const res = await update(`key=${store.key}`, 1, [{ action: 'setCountries', countries: [{ code: 'FR' }] }]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as StoreBody).countries).toEqual([{ code: 'FR' }]);
  });

  it('an update that changes nothing keeps version and lastModifiedAt', async () => {
    const store = await createStore({ languages: ['en'] });
    const res = await update(store.id, 1, [{ action: 'setLanguages', languages: ['en'] }]);
    expect(res.status).toBe(200);
    const same = (await res.json()) as StoreBody;
    expect(same.version).toBe(1);
    expect(same.lastModifiedAt).toBe(store.lastModifiedAt);
  });

  it('a stale version is 409 ConcurrentModification with the current version, and nothing changes', async () => {
    const store = await createStore();
    expect((await update(store.id, 1, [{ action: 'setLanguages', languages: ['de'] }])).status).toBe(200);
    const res = await update(store.id, 1, [{ action: 'setLanguages', languages: ['en'] }]);
    expect(res.status).toBe(409);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect(body.message).toBe(`Object ${store.id} has a different version than expected. Expected: 1 - Actual: 2.`);
    expect(((await (await api(server, viewer, `/test/stores/${store.id}`)).json()) as StoreBody).languages).toEqual(['de']);
  });

  it('of two concurrent updates at the same version exactly one wins', async () => {
    const store = await createStore();
    const results = await Promise.all(['de', 'en', 'fr', 'it'].map((lang) => update(store.id, 1, [{ action: 'setLanguages', languages: [lang] }])));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409]);
    const current = (await (await api(server, viewer, `/test/stores/${store.id}`)).json()) as StoreBody;
    expect(current.version).toBe(2);
  });

  it('all or nothing: one invalid action leaves the store unchanged', async () => {
    const store = await createStore({ languages: ['en'] });
    const res = await update(store.id, 1, [
      { action: 'setLanguages', languages: ['de'] },
      { action: 'setCountries', countries: [{ code: 'invalid' }] },
    ]);
    expect(res.status).toBe(400);
    const current = (await (await api(server, viewer, `/test/stores/${store.id}`)).json()) as StoreBody;
    expect(current).toEqual(store);
  });

  it('an unknown action is 400 InvalidInput naming it', async () => {
    const store = await createStore();
    const res = await update(store.id, 1, [{ action: 'setKey', key: 'x' }]);
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0].code).toBe('InvalidInput');
    expect(body.message).toContain('setKey');
  });

  it('updating an unknown store is 404', async () => {
    const res = await update('key=no-such-store', 1, [{ action: 'setLanguages', languages: ['en'] }]);
    await expectError(res, 404, 'ResourceNotFound');
  });
});

describe('delete', () => {
  it('deletes by id at the current version and answers the deleted store', async () => {
    const store = await createStore();
    const res = await api(server, manager, `/test/stores/${store.id}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual(store);
    expect((await api(server, viewer, `/test/stores/${store.id}`)).status).toBe(404);
  });

  it('deletes by key', async () => {
    const store = await createStore();
    const res = await api(server, manager, `/test/stores/key=${store.key}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(200);
    expect((await api(server, viewer, `/test/stores/key=${store.key}`, { method: 'HEAD' })).status).toBe(404);
  });

  it('a stale version is 409 ConcurrentModification and the store stays', async () => {
    const store = await createStore();
    await update(store.id, 1, [{ action: 'setLanguages', languages: ['de'] }]);
    const res = await api(server, manager, `/test/stores/${store.id}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(409);
    expect(((await res.json()) as ErrorBody).errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
    expect((await api(server, viewer, `/test/stores/${store.id}`)).status).toBe(200);
  });

  it('requires the version parameter', async () => {
    const store = await createStore();
    const res = await api(server, manager, `/test/stores/${store.id}`, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toContain('version');
  });

  it('frees the key for a new store', async () => {
    const store = await createStore();
    await api(server, manager, `/test/stores/${store.id}?version=1`, { method: 'DELETE' });
    const res = await api(server, manager, '/test/stores', { body: { key: store.key } });
    expect(res.status).toBe(201);
  });
});

describe('expand', () => {
  // Stores carry no expandable Reference yet (channels and product selections do not exist), so
  // this only checks that every response accepts `expand` and is unchanged by a path to nothing;
  // expansion itself is covered by the query engine's tests (test/query/expand.test.ts).
  it('is accepted on create, get, update and delete and never fails the request', async () => {
    const created = await api(server, manager, '/test/stores?expand=distributionChannels[*]', { body: { key: uniqueKey() } });
    expect(created.status).toBe(201);
    const store = (await created.json()) as StoreBody;
    const got = await api(server, viewer, `/test/stores/${store.id}?expand=supplyChannels[*]&expand=custom.type`);
    expect(await got.json()).toEqual(store);
    const updated = await api(server, manager, `/test/stores/key=${store.key}?expand=distributionChannels[0]`, {
      body: { version: 1, actions: [{ action: 'setLanguages', languages: ['en'] }] },
    });
    expect(updated.status).toBe(200);
    const deleted = await api(server, manager, `/test/stores/${store.id}?version=2&expand=distributionChannels[*]`, { method: 'DELETE' });
    expect(deleted.status).toBe(200);
  });
});

describe('scopes', () => {
  it('view_stores reads but cannot create, update or delete (403)', async () => {
    const store = await createStore();
    expect((await api(server, viewer, '/test/stores')).status).toBe(200);
    await expectError(await api(server, viewer, '/test/stores', { body: { key: uniqueKey() } }), 403, 'insufficient_scope');
    await expectError(await api(server, viewer, `/test/stores/${store.id}`, { body: { version: 1, actions: [] } }), 403, 'insufficient_scope');
    const del = await api(server, viewer, `/test/stores/${store.id}?version=1`, { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect(((await del.json()) as ErrorBody).errors[0].code).toBe('insufficient_scope');
  });

  it('a token without a store scope is refused every store endpoint with 403', async () => {
    const other = await clientToken(server, 'view_customers:test');
    const store = await createStore();
    for (const [path, method] of [
      ['/test/stores', 'GET'],
      ['/test/stores', 'HEAD'],
      [`/test/stores/${store.id}`, 'GET'],
      [`/test/stores/key=${store.key}`, 'HEAD'],
    ] as const) {
      expect([path, method, (await api(server, other, path, { method })).status]).toEqual([path, method, 403]);
    }
  });

  it('manage_stores implies view_stores', async () => {
    expect((await api(server, manager, '/test/stores')).status).toBe(200);
  });

  it('no token is 401', async () => {
    const res = await server.request('/test/stores');
    await expectError(res, 401, 'invalid_token');
  });
});
