import { api, clientToken } from '../support/auth.js';
import { firstError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface FieldDefinition {
  name: string;
  label: Record<string, string>;
  required: boolean;
  inputHint?: string;
  type: {
    name: string;
    values?: { key: string; label: unknown }[];
    elementType?: { name: string; values?: { key: string; label: unknown }[] };
    referenceTypeId?: string;
  };
}
interface TypeBody {
  id: string;
  version: number;
  key: string;
  name: Record<string, string>;
  description?: Record<string, string>;
  resourceTypeIds: string[];
  fieldDefinitions: FieldDefinition[];
  createdAt: string;
  lastModifiedAt: string;
}
interface Page {
  count: number;
  total?: number;
  results: TypeBody[];
}

let server: TestServer;
let manager: string;
let viewer: string;
let keySeq = 0;

beforeAll(async () => {
  server = await startTestServer();
  manager = await clientToken(server, 'manage_types:test manage_stores:test');
  viewer = await clientToken(server, 'view_types:test');
});
afterAll(async () => {
  await server.close();
});

const uniqueKey = () => `type-${++keySeq}`;
const label = (en: string) => ({ en });
const field = (name: string, type: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  name,
  label: label(name),
  required: false,
  type,
  ...extra,
});

const colorEnum = {
  name: 'Enum',
  values: [
    { key: 'red', label: 'Red' },
    { key: 'green', label: 'Green' },
  ],
};
const sizeEnum = {
  name: 'LocalizedEnum',
  values: [
    { key: 's', label: { en: 'Small' } },
    { key: 'l', label: { en: 'Large' } },
  ],
};

/** One field of every field type, and a Set of each. */
const EVERY_TYPE: Record<string, unknown>[] = [
  { name: 'String' },
  { name: 'LocalizedString' },
  { name: 'Boolean' },
  { name: 'Number' },
  colorEnum,
  sizeEnum,
  { name: 'Date' },
  { name: 'Time' },
  { name: 'DateTime' },
  { name: 'Money' },
  { name: 'Reference', referenceTypeId: 'customer-group' },
];

async function createType(draft: Record<string, unknown> = {}): Promise<TypeBody> {
  const res = await api(server, manager, '/test/types', { body: { key: uniqueKey(), name: label('A type'), resourceTypeIds: ['store'], ...draft } });
  if (res.status !== 201) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as TypeBody;
}

const update = (path: string, version: number, actions: unknown[]) => api(server, manager, `/test/types/${path}`, { body: { version, actions } });

async function updated(path: string, version: number, actions: unknown[]): Promise<TypeBody> {
  const res = await update(path, version, actions);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as TypeBody;
}

describe('create', () => {
  it('answers 201 with field definitions of every field type and a Set of each', async () => {
    const fieldDefinitions = [
      ...EVERY_TYPE.map((type, i) => field(`f${i}`, type)),
      ...EVERY_TYPE.map((type, i) => field(`set${i}`, { name: 'Set', elementType: type })),
    ];
    const res = await api(server, manager, '/test/types', {
      body: {
        key: 'everything',
        name: { en: 'Everything', de: 'Alles' },
        description: label('All types'),
        resourceTypeIds: ['store', 'customer'],
        fieldDefinitions,
      },
    });
    expect(res.status).toBe(201);
    const type = (await res.json()) as TypeBody;
    expect(type).toMatchObject({
      version: 1,
      key: 'everything',
      name: { en: 'Everything', de: 'Alles' },
      description: { en: 'All types' },
      resourceTypeIds: ['store', 'customer'],
    });
    expect(type.fieldDefinitions).toEqual(fieldDefinitions);
    expect(await (await api(server, viewer, `/test/types/${type.id}`)).json()).toEqual(type);
  });

  it('field definitions default to none', async () => {
    expect((await createType()).fieldDefinitions).toEqual([]);
  });

  it('requires key, name and resourceTypeIds', async () => {
    for (const [draft, missing] of [
      [{ name: label('x'), resourceTypeIds: ['store'] }, 'key'],
      [{ key: uniqueKey(), resourceTypeIds: ['store'] }, 'name'],
      [{ key: uniqueKey(), name: label('x') }, 'resourceTypeIds'],
    ] as const) {
      const res = await api(server, manager, '/test/types', { body: draft });
      expect(res.status).toBe(400);
      expect(await firstError(res)).toMatchObject({ code: 'RequiredField', field: missing });
    }
  });

  it('a key already used is 400 DuplicateField', async () => {
    const type = await createType();
    const res = await api(server, manager, '/test/types', { body: { key: type.key, name: label('x'), resourceTypeIds: ['store'] } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'DuplicateField', field: 'key', duplicateValue: type.key });
  });

  it('rejects an unknown resourceTypeId, field type or reference type id with 400', async () => {
    const bad = [
      { resourceTypeIds: ['spaceship'] },
      { fieldDefinitions: [field('x1', { name: 'Color' })] },
      { fieldDefinitions: [field('x1', { name: 'Reference', referenceTypeId: 'spaceship' })] },
      { fieldDefinitions: [field('x1', { name: 'Set', elementType: { name: 'Set', elementType: { name: 'String' } } })] },
      { fieldDefinitions: [field('x1', { name: 'Enum' })] },
    ];
    for (const draft of bad) {
      const res = await api(server, manager, '/test/types', { body: { key: uniqueKey(), name: label('x'), resourceTypeIds: ['store'], ...draft } });
      expect([draft, res.status]).toEqual([draft, 400]);
    }
  });

  it('takes every resource type id the platform lists, quote, recurring-order and reservation included', async () => {
    const res = await api(server, manager, '/test/types', {
      body: { key: uniqueKey(), name: label('x'), resourceTypeIds: ['quote', 'recurring-order', 'reservation'] },
    });
    expect(res.status).toBe(201);
  });

  it("takes the names the platform's own SDK tests use: type-field-name-<uuid> (52 characters)", async () => {
    const name = `type-field-name-${crypto.randomUUID()}`;
    const res = await api(server, manager, '/test/types', {
      body: { key: uniqueKey(), name: label('x'), resourceTypeIds: ['store'], fieldDefinitions: [field(name, { name: 'String' })] },
    });
    expect(res.status).toBe(201);
    expect((await res.json()).fieldDefinitions[0].name).toBe(name);
  });

  it('a field name outside the pattern (2 to 256 of A-Za-z0-9_-) is 400 InvalidField', async () => {
    for (const name of ['x', 'has space', 'a'.repeat(257)]) {
      const res = await api(server, manager, '/test/types', {
        body: { key: uniqueKey(), name: label('x'), resourceTypeIds: ['store'], fieldDefinitions: [field(name, { name: 'String' })] },
      });
      expect(res.status).toBe(400);
      expect(await firstError(res)).toMatchObject({ code: 'InvalidField', field: 'fieldDefinitions[0].name' });
    }
  });

  it('two field definitions with one name are 400 DuplicateField', async () => {
    const res = await api(server, manager, '/test/types', {
      body: {
        key: uniqueKey(),
        name: label('x'),
        resourceTypeIds: ['store'],
        fieldDefinitions: [field('same', { name: 'String' }), field('same', { name: 'Number' })],
      },
    });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'DuplicateField', field: 'name', duplicateValue: 'same' });
  });

  it('an enum with a key twice is 400 DuplicateEnumValues', async () => {
    const values = [
      { key: 'a', label: 'A' },
      { key: 'a', label: 'A again' },
    ];
    const res = await api(server, manager, '/test/types', {
      body: {
        key: uniqueKey(),
        name: label('x'),
        resourceTypeIds: ['store'],
        fieldDefinitions: [field('choice', { name: 'Set', elementType: { name: 'Enum', values } })],
      },
    });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'DuplicateEnumValues', duplicates: ['a'] });
  });
});

describe('get, HEAD and query', () => {
  it('gets by id and by key; HEAD answers 200 or 404', async () => {
    const type = await createType();
    expect(await (await api(server, viewer, `/test/types/key=${type.key}`)).json()).toEqual(type);
    expect((await api(server, viewer, `/test/types/${type.id}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, viewer, '/test/types/key=missing', { method: 'HEAD' })).status).toBe(404);
    expect(await firstError(await api(server, viewer, '/test/types/key=missing'))).toMatchObject({ code: 'ResourceNotFound' });
  });

  it('queries by resourceTypeIds and field definitions, with sort, paging and total', async () => {
    await createType({ key: 'q-b', resourceTypeIds: ['customer-group'], fieldDefinitions: [field('vip', { name: 'Boolean' })] });
    await createType({ key: 'q-a', resourceTypeIds: ['customer-group', 'store'] });
    await createType({ key: 'q-c', resourceTypeIds: ['customer-group'] });
    const where = encodeURIComponent('resourceTypeIds contains any ("customer-group")');
    const page = (await (await api(server, viewer, `/test/types?where=${where}&sort=key%20asc&limit=2&offset=1&withTotal=true`)).json()) as Page;
    expect(page).toMatchObject({ count: 2, total: 3 });
    expect(page.results.map((t) => t.key)).toEqual(['q-b', 'q-c']);
    const byField = (await (await api(server, viewer, `/test/types?where=${encodeURIComponent('fieldDefinitions(name = "vip")')}`)).json()) as Page;
    expect(byField.results.map((t) => t.key)).toEqual(['q-b']);
    expect((await api(server, viewer, `/test/types?where=${encodeURIComponent('key = "q-a"')}`, { method: 'HEAD' })).status).toBe(200);
  });
});

describe('update actions', () => {
  it('changeKey, changeName and setDescription', async () => {
    const type = await createType({ description: label('old') });
    const next = await updated(type.id, 1, [
      { action: 'changeKey', key: `${type.key}-new` },
      { action: 'changeName', name: { en: 'New name' } },
      { action: 'setDescription' },
    ]);
    expect(next).toMatchObject({ version: 2, key: `${type.key}-new`, name: { en: 'New name' } });
    expect(next.description).toBeUndefined();
    const described = await updated(`key=${type.key}-new`, 2, [{ action: 'setDescription', description: label('new') }]);
    expect(described.description).toEqual({ en: 'new' });
  });

  it('changeKey to a key in use is 400 DuplicateField', async () => {
    const [a, b] = [await createType(), await createType()];
    const res = await update(b.id, 1, [{ action: 'changeKey', key: a.key }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'DuplicateField', field: 'key' });
  });

  it('addFieldDefinition appends; a name in use is 400 DuplicateField', async () => {
    const type = await createType({ fieldDefinitions: [field('first', { name: 'String' })] });
    const next = await updated(type.id, 1, [{ action: 'addFieldDefinition', fieldDefinition: field('second', { name: 'Number' }, { required: true }) }]);
    expect(next.fieldDefinitions.map((d) => d.name)).toEqual(['first', 'second']);
    const res = await update(type.id, 2, [{ action: 'addFieldDefinition', fieldDefinition: field('first', { name: 'Boolean' }) }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'DuplicateField', field: 'name', duplicateValue: 'first' });
  });

  it('removeFieldDefinition removes it; an unknown name is 400 InvalidOperation', async () => {
    const type = await createType({ fieldDefinitions: [field('keep', { name: 'String' }), field('drop', { name: 'String' })] });
    const next = await updated(type.id, 1, [{ action: 'removeFieldDefinition', fieldName: 'drop' }]);
    expect(next.fieldDefinitions.map((d) => d.name)).toEqual(['keep']);
    const res = await update(type.id, 2, [{ action: 'removeFieldDefinition', fieldName: 'drop' }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidOperation' });
  });

  it('changeLabel and changeInputHint; an input hint on a non-text field is 400 InvalidOperation', async () => {
    const type = await createType({
      fieldDefinitions: [field('text', { name: 'Set', elementType: { name: 'LocalizedString' } }), field('count', { name: 'Number' })],
    });
    const next = await updated(type.id, 1, [
      { action: 'changeLabel', fieldName: 'text', label: { en: 'Text', de: 'Text' } },
      { action: 'changeInputHint', fieldName: 'text', inputHint: 'MultiLine' },
    ]);
    expect(next.fieldDefinitions[0]).toMatchObject({ label: { en: 'Text', de: 'Text' }, inputHint: 'MultiLine' });
    const res = await update(type.id, 2, [{ action: 'changeInputHint', fieldName: 'count', inputHint: 'SingleLine' }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidOperation' });
    const unknown = await update(type.id, 2, [{ action: 'changeLabel', fieldName: 'nope', label: label('x') }]);
    expect(await firstError(unknown)).toMatchObject({ code: 'InvalidOperation' });
  });

  it('changeFieldDefinitionOrder needs exactly the existing names', async () => {
    const type = await createType({ fieldDefinitions: ['aa', 'bb', 'cc'].map((n) => field(n, { name: 'String' })) });
    const next = await updated(type.id, 1, [{ action: 'changeFieldDefinitionOrder', fieldNames: ['cc', 'aa', 'bb'] }]);
    expect(next.fieldDefinitions.map((d) => d.name)).toEqual(['cc', 'aa', 'bb']);
    for (const fieldNames of [
      ['cc', 'aa'],
      ['cc', 'aa', 'bb', 'dd'],
      ['cc', 'aa', 'aa'],
    ]) {
      const res = await update(type.id, 2, [{ action: 'changeFieldDefinitionOrder', fieldNames }]);
      expect(res.status).toBe(400);
      expect(await firstError(res)).toMatchObject({ code: 'InvalidOperation' });
    }
  });

  it('addEnumValue and addLocalizedEnumValue, also on Sets; a key in use is 400 DuplicateEnumValues', async () => {
    const type = await createType({ fieldDefinitions: [field('color', colorEnum), field('sizes', { name: 'Set', elementType: sizeEnum })] });
    const next = await updated(type.id, 1, [
      { action: 'addEnumValue', fieldName: 'color', value: { key: 'blue', label: 'Blue' } },
      { action: 'addLocalizedEnumValue', fieldName: 'sizes', value: { key: 'm', label: { en: 'Medium' } } },
    ]);
    expect(next.fieldDefinitions[0].type.values?.map((v) => v.key)).toEqual(['red', 'green', 'blue']);
    expect(next.fieldDefinitions[1].type.elementType?.values?.map((v) => v.key)).toEqual(['s', 'l', 'm']);
    const dup = await update(type.id, 2, [{ action: 'addEnumValue', fieldName: 'color', value: { key: 'red', label: 'Again' } }]);
    expect(dup.status).toBe(400);
    expect(await firstError(dup)).toMatchObject({ code: 'DuplicateEnumValues', duplicates: ['red'] });
  });

  it('an enum action on a field of another type is 400 InvalidOperation', async () => {
    const type = await createType({ fieldDefinitions: [field('color', colorEnum), field('plain', { name: 'String' })] });
    for (const action of [
      { action: 'addEnumValue', fieldName: 'plain', value: { key: 'x', label: 'X' } },
      { action: 'addLocalizedEnumValue', fieldName: 'color', value: { key: 'x', label: label('X') } },
      { action: 'changeEnumValueOrder', fieldName: 'missing', keys: [] },
    ]) {
      const res = await update(type.id, 1, [action]);
      expect([action.action, (await firstError(res)).code]).toEqual([action.action, 'InvalidOperation']);
    }
  });

  it('changeEnumValueLabel and changeLocalizedEnumValueLabel; an unknown key is 400 InvalidOperation', async () => {
    const type = await createType({ fieldDefinitions: [field('color', colorEnum), field('size', sizeEnum)] });
    const next = await updated(type.id, 1, [
      { action: 'changeEnumValueLabel', fieldName: 'color', value: { key: 'red', label: 'Crimson' } },
      { action: 'changeLocalizedEnumValueLabel', fieldName: 'size', value: { key: 'l', label: { en: 'Big', de: 'Groß' } } },
    ]);
    expect(next.fieldDefinitions[0].type.values?.[0]).toEqual({ key: 'red', label: 'Crimson' });
    expect(next.fieldDefinitions[1].type.values?.[1]).toEqual({ key: 'l', label: { en: 'Big', de: 'Groß' } });
    const res = await update(type.id, 2, [{ action: 'changeEnumValueLabel', fieldName: 'color', value: { key: 'pink', label: 'Pink' } }]);
    expect(await firstError(res)).toMatchObject({ code: 'InvalidOperation' });
  });

  it('changeEnumValueOrder and changeLocalizedEnumValueOrder; other keys are 400 EnumValuesMustMatch', async () => {
    const type = await createType({ fieldDefinitions: [field('color', colorEnum), field('size', sizeEnum)] });
    const next = await updated(type.id, 1, [
      { action: 'changeEnumValueOrder', fieldName: 'color', keys: ['green', 'red'] },
      { action: 'changeLocalizedEnumValueOrder', fieldName: 'size', keys: ['l', 's'] },
    ]);
    expect(next.fieldDefinitions[0].type.values).toEqual([
      { key: 'green', label: 'Green' },
      { key: 'red', label: 'Red' },
    ]);
    expect(next.fieldDefinitions[1].type.values?.map((v) => v.key)).toEqual(['l', 's']);
    const res = await update(type.id, 2, [{ action: 'changeEnumValueOrder', fieldName: 'color', keys: ['green'] }]);
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'EnumValuesMustMatch' });
  });

  it('all or nothing, and a stale version is 409', async () => {
    const type = await createType();
    const res = await update(type.id, 1, [
      { action: 'changeName', name: label('changed') },
      { action: 'removeFieldDefinition', fieldName: 'missing' },
    ]);
    expect(res.status).toBe(400);
    expect(await (await api(server, viewer, `/test/types/${type.id}`)).json()).toEqual(type);
    await updated(type.id, 1, [{ action: 'changeName', name: label('v2') }]);
    const stale = await update(type.id, 1, [{ action: 'changeName', name: label('lost') }]);
    expect(stale.status).toBe(409);
    expect(await firstError(stale)).toMatchObject({ code: 'ConcurrentModification', currentVersion: 2 });
  });
});

describe('field names shared between types', () => {
  it('a field name another type uses for the same resource type id must have the same field type (else 400 InvalidOperation)', async () => {
    await createType({ resourceTypeIds: ['customer-group'], fieldDefinitions: [field('tier', { name: 'Number' }), field('badge', colorEnum)] });
    const clash = await api(server, manager, '/test/types', {
      body: { key: uniqueKey(), name: label('x'), resourceTypeIds: ['customer', 'customer-group'], fieldDefinitions: [field('tier', { name: 'String' })] },
    });
    expect(clash.status).toBe(400);
    expect(await firstError(clash)).toMatchObject({ code: 'InvalidOperation' });
    // Same field type (enum values may differ), or other resource type ids: fine.
    await createType({
      resourceTypeIds: ['customer-group'],
      fieldDefinitions: [field('tier', { name: 'Number' }), field('badge', { name: 'Enum', values: [] })],
    });
    const other = await createType({ resourceTypeIds: ['customer'], fieldDefinitions: [field('tier', { name: 'String' })] });
    const added = await update(other.id, 1, [
      { action: 'addFieldDefinition', fieldDefinition: field('badge', { name: 'Set', elementType: { name: 'String' } }) },
    ]);
    expect(added.status).toBe(200);
    const groupType = await createType({ resourceTypeIds: ['customer-group'] });
    const addedClash = await update(groupType.id, 1, [{ action: 'addFieldDefinition', fieldDefinition: field('badge', { name: 'String' }) }]);
    expect(addedClash.status).toBe(400);
    expect(await firstError(addedClash)).toMatchObject({ code: 'InvalidOperation' });
  });
});

describe('delete', () => {
  it('deletes an unused type by id or key at the current version', async () => {
    const [a, b] = [await createType(), await createType()];
    const byId = await api(server, manager, `/test/types/${a.id}?version=1`, { method: 'DELETE' });
    expect(byId.status).toBe(200);
    expect(await byId.json()).toEqual(a);
    expect((await api(server, manager, `/test/types/key=${b.key}?version=1`, { method: 'DELETE' })).status).toBe(200);
    expect((await api(server, viewer, `/test/types/${b.id}`)).status).toBe(404);
  });

  it('a type a resource uses is 400 ReferenceExists and stays; once unused it can go', async () => {
    const type = await createType();
    const storeRes = await api(server, manager, '/test/stores', { body: { key: 'uses-type', custom: { type: { key: type.key } } } });
    expect(storeRes.status).toBe(201);
    const res = await api(server, manager, `/test/types/${type.id}?version=1`, { method: 'DELETE' });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'ReferenceExists', referencedBy: 'store' });
    expect((await api(server, viewer, `/test/types/${type.id}`)).status).toBe(200);
    await api(server, manager, '/test/stores/key=uses-type', { body: { version: 1, actions: [{ action: 'setCustomType' }] } });
    expect((await api(server, manager, `/test/types/${type.id}?version=1`, { method: 'DELETE' })).status).toBe(200);
  });

  it('a stale version is 409', async () => {
    const type = await createType();
    await updated(type.id, 1, [{ action: 'changeName', name: label('v2') }]);
    expect((await api(server, manager, `/test/types/${type.id}?version=1`, { method: 'DELETE' })).status).toBe(409);
  });
});

describe('scopes', () => {
  it('view_types reads but cannot write (403 insufficient_scope)', async () => {
    const type = await createType();
    expect((await api(server, viewer, '/test/types')).status).toBe(200);
    expect((await api(server, viewer, '/test/types', { body: { key: uniqueKey(), name: label('x'), resourceTypeIds: ['store'] } })).status).toBe(403);
    expect((await api(server, viewer, `/test/types/${type.id}`, { body: { version: 1, actions: [] } })).status).toBe(403);
    const del = await api(server, viewer, `/test/types/${type.id}?version=1`, { method: 'DELETE' });
    expect(del.status).toBe(403);
    expect((await firstError(del)).code).toBe('insufficient_scope');
  });

  it('other scopes are refused; manage_project may do everything; no token is 401', async () => {
    const other = await clientToken(server, 'view_stores:test');
    expect((await api(server, other, '/test/types')).status).toBe(403);
    const admin = await clientToken(server, 'manage_project:test');
    expect((await api(server, admin, '/test/types', { body: { key: uniqueKey(), name: label('x'), resourceTypeIds: ['store'] } })).status).toBe(201);
    expect((await server.request('/test/types')).status).toBe(401);
  });

  it('types of another project are invisible', async () => {
    await server.app.services.projects.create({ key: 'other' });
    const type = await createType();
    const otherToken = await clientToken(server, 'manage_project:other', 'other');
    expect((await api(server, otherToken, `/other/types/${type.id}`)).status).toBe(404);
    const res = await api(server, otherToken, '/other/stores', { body: { key: 'x-store', custom: { type: { id: type.id } } } });
    expect(res.status).toBe(400);
    expect(await firstError(res)).toMatchObject({ code: 'ReferencedResourceNotFound', typeId: 'type', id: type.id });
  });
});
