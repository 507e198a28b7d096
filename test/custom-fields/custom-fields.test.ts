import { api, clientToken } from '../support/auth.js';
import { firstError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Custom {
  type: { typeId: string; id: string; obj?: { key: string } };
  fields: Record<string, unknown>;
}
interface Resource {
  id: string;
  version: number;
  key?: string;
  custom?: Custom;
}

let server: TestServer;
let token: string;
let storeType: { id: string; key: string };
let groupId: string;
let keySeq = 0;

const label = (en: string) => ({ en });
const field = (name: string, type: Record<string, unknown>, required = false) => ({ name, label: label(name), required, type });

async function post<T>(path: string, body: unknown, status = 201): Promise<T> {
  const res = await api(server, token, path, { body });
  if (res.status !== status) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}
const uniqueKey = () => `res-${++keySeq}`;

/** A type for stores with one field of each field type; `code` is required. */
const STORE_FIELDS = [
  field('code', { name: 'String' }, true),
  field('title', { name: 'LocalizedString' }),
  field('active', { name: 'Boolean' }),
  field('level', { name: 'Number' }),
  field('color', {
    name: 'Enum',
    values: [
      { key: 'red', label: 'Red' },
      { key: 'blue', label: 'Blue' },
    ],
  }),
  field('size', { name: 'LocalizedEnum', values: [{ key: 's', label: { en: 'Small' } }] }),
  field('opens', { name: 'Date' }),
  field('closesAt', { name: 'Time' }),
  field('audited', { name: 'DateTime' }),
  field('budget', { name: 'Money' }),
  field('group', { name: 'Reference', referenceTypeId: 'customer-group' }),
  field('tags', { name: 'Set', elementType: { name: 'String' } }),
  field('colors', { name: 'Set', elementType: { name: 'Enum', values: [{ key: 'red', label: 'Red' }] } }),
];

beforeAll(async () => {
  server = await startTestServer();
  token = await clientToken(server, 'manage_project:test');
  storeType = await post('/test/types', { key: 'store-fields', name: label('Store fields'), resourceTypeIds: ['store'], fieldDefinitions: STORE_FIELDS });
  groupId = (await post<{ id: string }>('/test/customer-groups', { groupName: 'VIP' })).id;
});
afterAll(async () => {
  await server.close();
});

const createStore = (custom: unknown) => api(server, token, '/test/stores', { body: { key: uniqueKey(), custom } });
const updateStore = (store: Resource, actions: unknown[]) => api(server, token, `/test/stores/${store.id}`, { body: { version: store.version, actions } });

describe('drafts with custom fields', () => {
  it('stores every field type, normalized, with the type as a reference by id (type given by key)', async () => {
    const res = await createStore({
      type: { key: 'store-fields', typeId: 'type' },
      fields: {
        code: 'B-1',
        title: { en: 'Berlin', de: 'Berlin' },
        active: true,
        level: 2.5,
        color: 'red',
        size: 's',
        opens: '2030-02-28',
        closesAt: '18:30',
        audited: '2030-01-01T10:00:00+01:00',
        budget: { currencyCode: 'EUR', centAmount: 12345 },
        group: { typeId: 'customer-group', id: groupId },
        tags: ['a', 'b'],
        colors: ['red'],
      },
    });
    expect(res.status).toBe(201);
    const store = (await res.json()) as Resource;
    expect(store.custom).toEqual({
      type: { typeId: 'type', id: storeType.id },
      fields: {
        code: 'B-1',
        title: { en: 'Berlin', de: 'Berlin' },
        active: true,
        level: 2.5,
        color: 'red',
        size: 's',
        opens: '2030-02-28',
        closesAt: '18:30:00.000',
        audited: '2030-01-01T09:00:00.000Z',
        budget: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 12345, fractionDigits: 2 },
        group: { typeId: 'customer-group', id: groupId },
        tags: ['a', 'b'],
        colors: ['red'],
      },
    });
    const got = (await (await api(server, token, `/test/stores/${store.id}?expand=custom.type`)).json()) as Resource;
    expect(got.custom?.type.obj?.key).toBe('store-fields');
  });

  it('accepts the type by id', async () => {
    const res = await createStore({ type: { id: storeType.id }, fields: { code: 'x' } });
    expect(res.status).toBe(201);
  });

  it.each([
    ['code', 5],
    ['title', 'not localized'],
    ['active', 'yes'],
    ['level', '3'],
    ['color', 'green'],
    ['size', 'xl'],
    ['opens', '2030-02-30'],
    ['closesAt', '25:00'],
    ['audited', '2030-01-01T10:00:00'],
    ['budget', { currencyCode: 'EUR', centAmount: 1.5 }],
    ['budget', { currencyCode: 'XYZ', centAmount: 100 }],
    ['group', { typeId: 'customer', id: 'some-customer-id' }],
    ['tags', 'a'],
    ['colors', ['red', 'pink']],
  ])('a wrong value for %s (%j) is 400 InvalidField', async (name, value) => {
    const res = await createStore({ type: { key: 'store-fields' }, fields: { code: 'x', [name]: value } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidField', field: name, invalidValue: value });
  });

  it('an enum value outside the enum lists the allowed keys', async () => {
    const res = await createStore({ type: { key: 'store-fields' }, fields: { code: 'x', color: 'green' } });
    expect(await firstError(res)).toMatchObject({ allowedValues: ['red', 'blue'] });
  });

  it('a field the type does not define is 400 InvalidField', async () => {
    const res = await createStore({ type: { key: 'store-fields' }, fields: { code: 'x', unknown: 1 } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidField', field: 'unknown', invalidValue: 1 });
  });

  it('a missing required field is 400 RequiredField', async () => {
    const res = await createStore({ type: { key: 'store-fields' }, fields: { level: 1 } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'RequiredField', field: 'code' });
  });

  it('a reference to a resource that does not exist is 400 ReferencedResourceNotFound', async () => {
    const res = await createStore({ type: { key: 'store-fields' }, fields: { code: 'x', group: { typeId: 'customer-group', id: 'missing' } } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'customer-group', id: 'missing' });
  });

  it('an unknown type is 400 ReferencedResourceNotFound, and no store is created', async () => {
    const key = uniqueKey();
    const res = await api(server, token, '/test/stores', { body: { key, custom: { type: { key: 'nope' } } } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', key: 'nope' });
    expect((await api(server, token, `/test/stores/key=${key}`)).status).toBe(404);
  });

  it('a type for another resourceTypeId is 400 InvalidOperation', async () => {
    const res = await api(server, token, '/test/customer-groups', {
      body: { groupName: 'x', custom: { type: { key: 'store-fields' }, fields: { code: 'x' } } },
    });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidOperation' });
  });

  it('custom fields can be queried', async () => {
    await createStore({ type: { key: 'store-fields' }, fields: { code: 'queried', level: 42 } });
    const res = await api(server, token, `/test/stores?where=${encodeURIComponent('custom(fields(level = 42))')}`);
    const page = (await res.json()) as { results: Resource[] };
    expect(page.results.map((s) => s.custom?.fields.code)).toEqual(['queried']);
  });
});

describe('setCustomType and setCustomField', () => {
  async function plainStore(): Promise<Resource> {
    const res = await api(server, token, '/test/stores', { body: { key: uniqueKey() } });
    return (await res.json()) as Resource;
  }

  it('setCustomType sets type and fields; setCustomField sets, replaces and removes one field', async () => {
    const store = await plainStore();
    const res = await updateStore(store, [
      { action: 'setCustomType', type: { key: 'store-fields' }, fields: { code: 'A', level: 1 } },
      { action: 'setCustomField', name: 'level', value: 2 },
      { action: 'setCustomField', name: 'closesAt', value: '08:00:00' },
      { action: 'setCustomField', name: 'tags', value: ['x'] },
      { action: 'setCustomField', name: 'tags' },
    ]);
    expect(res.status).toBe(200);
    expect(((await res.json()) as Resource).custom).toEqual({
      type: { typeId: 'type', id: storeType.id },
      fields: { code: 'A', level: 2, closesAt: '08:00:00.000' },
    });
  });

  it('setCustomType replaces all fields; without a type it removes them', async () => {
    const store = (await (await createStore({ type: { key: 'store-fields' }, fields: { code: 'A', level: 1 } })).json()) as Resource;
    const replaced = (await (await updateStore(store, [{ action: 'setCustomType', type: { id: storeType.id }, fields: { code: 'B' } }])).json()) as Resource;
    expect(replaced.custom?.fields).toEqual({ code: 'B' });
    const removed = (await (await updateStore(replaced, [{ action: 'setCustomType' }])).json()) as Resource;
    expect(removed.custom).toBeUndefined();
  });

  it('the same checks as drafts, and a failing action changes nothing', async () => {
    const store = (await (await createStore({ type: { key: 'store-fields' }, fields: { code: 'A' } })).json()) as Resource;
    const cases: [unknown[], Record<string, unknown>][] = [
      [[{ action: 'setCustomField', name: 'level', value: 'high' }], { code: 'InvalidField', field: 'level' }],
      [[{ action: 'setCustomField', name: 'nope', value: 1 }], { code: 'InvalidField', field: 'nope' }],
      [[{ action: 'setCustomField', name: 'code' }], { code: 'RequiredField', field: 'code' }],
      [[{ action: 'setCustomField', name: 'group', value: { typeId: 'customer-group', id: 'gone' } }], { code: 'ReferencedResourceNotFound', id: 'gone' }],
      [[{ action: 'setCustomType', type: { key: 'store-fields' }, fields: {} }], { code: 'RequiredField', field: 'code' }],
      [[{ action: 'setCustomType', type: { key: 'nope' } }], { code: 'ReferencedResourceNotFound', typeId: 'type' }],
      [[{ action: 'setCustomType', type: { typeId: 'store', key: 'store-fields' } }], { code: 'InvalidField', field: 'custom.type.typeId' }],
    ];
    for (const [actions, error] of cases) {
      const res = await updateStore(store, [{ action: 'setCustomField', name: 'level', value: 9 }, ...actions]);
      expect([actions, res.status]).toEqual([actions, 400]);
      expect(await firstError(res)).toMatchObject(error);
    }
    expect(await (await api(server, token, `/test/stores/${store.id}`)).json()).toEqual(store);
  });

  it('setCustomField without a custom type is 400 InvalidOperation', async () => {
    const res = await updateStore(await plainStore(), [{ action: 'setCustomField', name: 'code', value: 'x' }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidOperation' });
  });

  it('a type that does not list the resource is 400 InvalidOperation for setCustomType', async () => {
    await post('/test/types', { key: 'role-only', name: label('Roles'), resourceTypeIds: ['associate-role'] });
    const res = await updateStore(await plainStore(), [{ action: 'setCustomType', type: { key: 'role-only' } }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidOperation' });
  });
});

describe('associate roles, customer groups and customers', () => {
  beforeAll(async () => {
    await post('/test/types', {
      key: 'shared-fields',
      name: label('Shared'),
      resourceTypeIds: ['associate-role', 'customer-group', 'customer', 'address'],
      fieldDefinitions: [field('note', { name: 'String' }), field('score', { name: 'Number' })],
    });
  });

  it('associate roles: draft, setCustomType and setCustomField', async () => {
    const role = await post<Resource>('/test/associate-roles', { key: uniqueKey(), custom: { type: { key: 'shared-fields' }, fields: { note: 'n' } } });
    expect(role.custom?.fields).toEqual({ note: 'n' });
    const res = await api(server, token, `/test/associate-roles/${role.id}`, {
      body: {
        version: 1,
        actions: [
          { action: 'setCustomType', type: { key: 'shared-fields' }, fields: { score: 1 } },
          { action: 'setCustomField', name: 'note', value: 'm' },
        ],
      },
    });
    expect(((await res.json()) as Resource).custom?.fields).toEqual({ score: 1, note: 'm' });
    const wrong = await api(server, token, `/test/associate-roles/${role.id}`, {
      body: { version: 2, actions: [{ action: 'setCustomField', name: 'score', value: 'x' }] },
    });
    expect(await firstError(wrong)).toMatchObject({ code: 'InvalidField', field: 'score' });
  });

  it('customers and their addresses take custom fields from types for customer and address', async () => {
    const created = await post<{ customer: Resource & { addresses: { custom?: Custom }[] } }>('/test/customers', {
      email: 'custom@example.com',
      password: 'secret-123',
      custom: { type: { key: 'shared-fields' }, fields: { score: 10 } },
      addresses: [{ country: 'DE', custom: { type: { key: 'shared-fields' }, fields: { note: 'door code 1234' } } }],
    });
    expect(created.customer.custom?.fields).toEqual({ score: 10 });
    expect(created.customer.addresses[0].custom?.fields).toEqual({ note: 'door code 1234' });
  });

  it('a customer or address with a type not meant for it is refused', async () => {
    const customer = await api(server, token, '/test/customers', {
      body: { email: 'c2@example.com', password: 'secret-123', custom: { type: { key: 'store-fields' }, fields: { code: 'x' } } },
    });
    expect(await firstError(customer)).toMatchObject({ code: 'InvalidOperation' });
    const address = await api(server, token, '/test/customers', {
      body: {
        email: 'c3@example.com',
        password: 'secret-123',
        addresses: [{ country: 'DE', custom: { type: { key: 'store-fields' }, fields: { code: 'x' } } }],
      },
    });
    expect(await firstError(address)).toMatchObject({ code: 'InvalidOperation' });
    const wrongValue = await api(server, token, '/test/customers', {
      body: {
        email: 'c4@example.com',
        password: 'secret-123',
        addresses: [{ country: 'DE', custom: { type: { key: 'shared-fields' }, fields: { score: 'high' } } }],
      },
    });
    expect(await firstError(wrongValue)).toMatchObject({ code: 'InvalidField', field: 'score' });
  });

  it('a type used only on a customer address cannot be deleted (ReferenceExists)', async () => {
    const type = await post<{ id: string }>('/test/types', { key: 'address-only', name: label('Addresses'), resourceTypeIds: ['address'] });
    await post('/test/customers', {
      email: 'addr@example.com',
      password: 'secret-123',
      addresses: [{ country: 'DE', custom: { type: { key: 'address-only' } } }],
    });
    const res = await api(server, token, `/test/types/${type.id}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'ReferenceExists', referencedBy: 'customer' });
  });

  it('a type used by a customer group or associate role cannot be deleted either', async () => {
    for (const [path, body, referencedBy] of [
      ['/test/customer-groups', { groupName: 'typed' }, 'customer-group'],
      ['/test/associate-roles', { key: uniqueKey() }, 'associate-role'],
    ] as const) {
      const key = uniqueKey();
      const type = await post<{ id: string }>('/test/types', { key, name: label('x'), resourceTypeIds: ['customer-group', 'associate-role'] });
      await post(path, { ...body, custom: { type: { key } } });
      const res = await api(server, token, `/test/types/${type.id}?version=1`, { method: 'DELETE' });
      expect(await firstError(res)).toMatchObject({ code: 'ReferenceExists', referencedBy });
    }
  });
});

describe('removing a field definition', () => {
  it('removes that field from every resource using the type (new version), and nothing else', async () => {
    const type = await post<{ id: string; version: number }>('/test/types', {
      key: 'removable',
      name: label('Removable'),
      resourceTypeIds: ['store', 'customer', 'address'],
      fieldDefinitions: [field('gone', { name: 'String' }), field('kept', { name: 'String' })],
    });
    const custom = { type: { key: 'removable' }, fields: { gone: 'x', kept: 'y' } };
    const store = (await (await createStore(custom)).json()) as Resource;
    const untouched = (await (await createStore({ type: { key: 'store-fields' }, fields: { code: 'gone' } })).json()) as Resource;
    const { customer } = await post<{ customer: Resource }>('/test/customers', {
      email: 'removable@example.com',
      password: 'secret-123',
      addresses: [{ country: 'DE', custom }],
    });
    const res = await api(server, token, `/test/types/${type.id}`, { body: { version: 1, actions: [{ action: 'removeFieldDefinition', fieldName: 'gone' }] } });
    expect(res.status).toBe(200);

    const storeAfter = (await (await api(server, token, `/test/stores/${store.id}`)).json()) as Resource;
    expect(storeAfter.custom?.fields).toEqual({ kept: 'y' });
    expect(storeAfter.version).toBe(store.version + 1);
    const customerAfter = (await (await api(server, token, `/test/customers/${customer.id}`)).json()) as { addresses: { custom?: Custom }[] };
    expect(customerAfter.addresses[0].custom?.fields).toEqual({ kept: 'y' });
    expect(await (await api(server, token, `/test/stores/${untouched.id}`)).json()).toEqual(untouched);

    // The name can be defined again with another type; no old value is left to contradict it.
    const readded = await api(server, token, `/test/types/${type.id}`, {
      body: { version: 2, actions: [{ action: 'addFieldDefinition', fieldDefinition: field('gone', { name: 'Number' }) }] },
    });
    expect(readded.status).toBe(200);
    const set = await updateStore(storeAfter, [{ action: 'setCustomField', name: 'gone', value: 3 }]);
    expect(((await set.json()) as Resource).custom?.fields).toEqual({ kept: 'y', gone: 3 });
  });
});
