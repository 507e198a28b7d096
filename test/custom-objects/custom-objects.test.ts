import { ok } from '../carts/support.js';
import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface CustomObjectBody {
  id: string;
  version: number;
  container: string;
  key: string;
  value: unknown;
  createdAt: string;
  lastModifiedAt: string;
}

let server: TestServer;
let writer: string;
let reader: string;
let seq = 0;
const CO = '/test/custom-objects';

beforeAll(async () => {
  server = await startTestServer();
  writer = await clientToken(server, 'manage_key_value_documents:test manage_types:test manage_stores:test');
  reader = await clientToken(server, 'view_key_value_documents:test');
});
afterAll(async () => {
  await server.close();
});

const container = () => `settings.${++seq}`;
const upsert = (draft: Record<string, unknown>) => api(server, writer, CO, { body: draft });

describe('versioned upsert', () => {
  it('creates with 201 at version 1, replaces with 200 at the next version; the same value changes nothing', async () => {
    const c = container();
    const created = await ok<CustomObjectBody>(upsert({ container: c, key: 'theme', value: { color: 'blue', sizes: [1, 2] } }), 201);
    expect(created).toMatchObject({ version: 1, container: c, key: 'theme', value: { color: 'blue', sizes: [1, 2] } });
    const replaced = await ok<CustomObjectBody>(upsert({ container: c, key: 'theme', value: 'dark' }));
    expect(replaced).toMatchObject({ id: created.id, version: 2, value: 'dark', createdAt: created.createdAt });
    const same = await ok<CustomObjectBody>(upsert({ container: c, key: 'theme', value: 'dark' }));
    expect(same).toEqual(replaced);
  });

  it('any JSON value: number, boolean, array, nested objects; null fields are not saved', async () => {
    const c = container();
    for (const [key, value] of [
      ['n', 42],
      ['b', false],
      ['a', [1, 'two', { three: 3 }]],
    ] as const) {
      expect((await ok<CustomObjectBody>(upsert({ container: c, key, value }), 201)).value).toEqual(value);
    }
    const withNulls = await ok<CustomObjectBody>(
      upsert({ container: c, key: 'o', value: { keep: 1, drop: null, inner: { drop: null, keep: 'x' }, list: [null] } }),
      201,
    );
    expect(withNulls.value).toEqual({ keep: 1, inner: { keep: 'x' }, list: [null] });
    await expectError(await upsert({ container: c, key: 'nothing', value: null }), 400, 'RequiredField', { field: 'value' });
  });

  it('with a version: the current version replaces, another one is 409 ConcurrentModification and changes nothing', async () => {
    const c = container();
    const created = await ok<CustomObjectBody>(upsert({ container: c, key: 'k', value: 1 }), 201);
    const v2 = await ok<CustomObjectBody>(upsert({ container: c, key: 'k', value: 2, version: 1 }));
    expect(v2.version).toBe(2);
    await expectError(await upsert({ container: c, key: 'k', value: 3, version: 1 }), 409, 'ConcurrentModification', { currentVersion: 2 });
    expect((await ok<CustomObjectBody>(api(server, reader, `${CO}/${c}/k`))).value).toBe(2);
    expect(created.id).toBe(v2.id);
  });

  it('creating with a version other than 0 is InvalidOperation; version 0 creates', async () => {
    const c = container();
    await expectError(await upsert({ container: c, key: 'k', value: 1, version: 3 }), 400, 'InvalidOperation');
    expect((await ok<CustomObjectBody>(upsert({ container: c, key: 'k', value: 1, version: 0 }), 201)).version).toBe(1);
  });

  it('refuses containers and keys outside ^[-_~.a-zA-Z0-9]+$, and a missing value', async () => {
    await expectError(await upsert({ container: 'has space', key: 'k', value: 1 }), 400, 'InvalidField');
    await expectError(await upsert({ container: container(), key: 'a/b', value: 1 }), 400, 'InvalidField');
    await expectError(await upsert({ container: container(), key: 'k' }), 400, 'RequiredField', { field: 'value' });
  });

  it('concurrent creates of one container and key: one creates, the others replace or get 409, none fails otherwise', async () => {
    const c = container();
    const answers = await Promise.all([1, 2, 3, 4, 5].map((value) => upsert({ container: c, key: 'race', value })));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 201 || s === 409)).toBe(true);
    const page = await ok<{ total: number }>(api(server, reader, `${CO}/${c}`));
    expect(page.total).toBe(1);
  });

  it('the same key in two containers is two objects', async () => {
    const [a, b] = [container(), container()];
    const first = await ok<CustomObjectBody>(upsert({ container: a, key: 'same', value: 'a' }), 201);
    const second = await ok<CustomObjectBody>(upsert({ container: b, key: 'same', value: 'b' }), 201);
    expect(first.id).not.toBe(second.id);
  });
});

describe('reads', () => {
  it('GET by container and key; 404 with the platform message for an unknown one', async () => {
    const c = container();
    const created = await ok<CustomObjectBody>(upsert({ container: c, key: 'k', value: { a: 1 } }), 201);
    expect(await ok(api(server, reader, `${CO}/${c}/k`))).toEqual(created);
    await expectError(await api(server, reader, `${CO}/${c}/missing`), 404, 'ResourceNotFound', {
      message: `The CustomObject with container '${c}' and key 'missing' was not found.`,
    });
  });

  it('GET /{container} queries that container only, with where, sort and paging', async () => {
    const [c, other] = [container(), container()];
    for (const [key, value] of [
      ['x1', { rank: 3 }],
      ['x2', { rank: 1 }],
      ['x3', { rank: 2 }],
    ] as const) {
      await ok(upsert({ container: c, key, value }), 201);
    }
    await ok(upsert({ container: other, key: 'x1', value: { rank: 1 } }), 201);
    const page = await ok<{ results: CustomObjectBody[]; total: number; count: number }>(
      api(server, reader, `${CO}/${c}?sort=${encodeURIComponent('value.rank asc')}&limit=2`),
    );
    expect(page.results.map((o) => o.key)).toEqual(['x2', 'x3']);
    expect(page.total).toBe(3);
    const filtered = await ok<{ results: CustomObjectBody[] }>(api(server, reader, `${CO}/${c}?where=${encodeURIComponent('value(rank > 1)')}&sort=key%20asc`));
    expect(filtered.results.map((o) => o.key)).toEqual(['x1', 'x3']);
  });

  it('GET /custom-objects queries every container; where container = ... narrows it; HEAD answers 200 or 404', async () => {
    const c = container();
    await ok(upsert({ container: c, key: 'only', value: true }), 201);
    const page = await ok<{ results: CustomObjectBody[] }>(api(server, reader, `${CO}?where=${encodeURIComponent(`container = "${c}"`)}`));
    expect(page.results.map((o) => [o.container, o.key])).toEqual([[c, 'only']]);
    expect((await api(server, reader, `${CO}?where=${encodeURIComponent(`container = "${c}"`)}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, reader, `${CO}?where=${encodeURIComponent('container = "no-such-container"')}`, { method: 'HEAD' })).status).toBe(404);
  });

  it('a reference in a custom field to a custom object expands for a caller without custom-object scopes', async () => {
    const c = container();
    const object = await ok<CustomObjectBody>(upsert({ container: c, key: 'k', value: 'referenced' }), 201);
    await ok(
      api(server, writer, '/test/types', {
        body: {
          key: 'store-config',
          name: { en: 'x' },
          resourceTypeIds: ['store'],
          fieldDefinitions: [{ name: 'config', label: { en: 'c' }, required: false, type: { name: 'Reference', referenceTypeId: 'key-value-document' } }],
        },
      }),
      201,
    );
    const store = await ok<{ id: string }>(
      api(server, writer, '/test/stores', {
        body: { key: 'with-config', custom: { type: { key: 'store-config' }, fields: { config: { typeId: 'key-value-document', id: object.id } } } },
      }),
      201,
    );
    const storeReader = await clientToken(server, 'view_stores:test');
    const expanded = await ok<{ custom: { fields: { config: { obj?: CustomObjectBody } } } }>(
      api(server, storeReader, `/test/stores/${store.id}?expand=${encodeURIComponent('custom.fields.config')}`),
    );
    expect(expanded.custom.fields.config.obj?.value).toBe('referenced');
  });
});

describe('delete', () => {
  it('by container and key, with or without a version; the answer is the deleted object', async () => {
    const c = container();
    const first = await ok<CustomObjectBody>(upsert({ container: c, key: 'a', value: 1 }), 201);
    await ok(upsert({ container: c, key: 'b', value: 1 }), 201);
    await expectError(await api(server, writer, `${CO}/${c}/a?version=2`, { method: 'DELETE' }), 409, 'ConcurrentModification');
    expect(await ok(api(server, writer, `${CO}/${c}/a?version=1&dataErasure=true`, { method: 'DELETE' }))).toEqual(first);
    await ok(api(server, writer, `${CO}/${c}/b`, { method: 'DELETE' }));
    await expectError(await api(server, reader, `${CO}/${c}/a`), 404, 'ResourceNotFound');
    await expectError(await api(server, writer, `${CO}/${c}/b`, { method: 'DELETE' }), 404, 'ResourceNotFound');
  });

  it('by id (DELETE /custom-objects/{id})', async () => {
    const c = container();
    const object = await ok<CustomObjectBody>(upsert({ container: c, key: 'k', value: 1 }), 201);
    expect((await ok<CustomObjectBody>(api(server, writer, `${CO}/${object.id}?version=1`, { method: 'DELETE' }))).id).toBe(object.id);
    await expectError(await api(server, reader, `${CO}/${c}/k`), 404, 'ResourceNotFound');
    await expectError(await api(server, writer, `${CO}/${object.id}`, { method: 'DELETE' }), 404, 'ResourceNotFound');
  });
});

describe('scopes', () => {
  it('view_key_value_documents reads but cannot write; view_products / manage_orders are accepted too', async () => {
    const c = container();
    await ok(upsert({ container: c, key: 'k', value: 1 }), 201);
    await expectError(await api(server, reader, CO, { body: { container: c, key: 'k', value: 2 } }), 403, 'insufficient_scope');
    await expectError(await api(server, reader, `${CO}/${c}/k`, { method: 'DELETE' }), 403, 'insufficient_scope');
    const products = await clientToken(server, 'view_products:test');
    expect((await ok<CustomObjectBody>(api(server, products, `${CO}/${c}/k`))).value).toBe(1);
    const orders = await clientToken(server, 'manage_orders:test');
    expect((await ok<CustomObjectBody>(api(server, orders, CO, { body: { container: c, key: 'k', value: 3 } }))).version).toBe(2);
    const stores = await clientToken(server, 'view_stores:test');
    await expectError(await api(server, stores, `${CO}/${c}/k`), 403, 'insufficient_scope');
  });
});
