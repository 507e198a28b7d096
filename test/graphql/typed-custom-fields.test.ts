import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { gqlData, gqlError } from './support.js';

/**
 * Custom fields in the platform's typed forms: `customFieldList` (one CustomField per field, typed by
 * the field definition), `customFields: Type` and `custom.type` (the TypeDefinition), on the customer
 * itself, under `custom` and on addresses; customFieldsRaw stays as it was.
 */
let server: TestServer;
let admin: string;
let customerId: string;
let groupId: string;

const label = (en: string) => ({ en });
const field = (name: string, type: Record<string, unknown>) => ({ name, label: label(name), required: false, type });

async function post<T>(token: string, path: string, body: unknown): Promise<T> {
  const res = await api(server, token, path, { body });
  if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const LIST = `
  name __typename
  ... on StringField { value }
  ... on LocalizedStringField { de: value(locale: "de") en: value(locale: "en") }
  ... on BooleanField { bool: value }
  ... on NumberField { number: value }
  ... on EnumField { key label }
  ... on LocalizedEnumField { lkey: key enLabel: label(locale: "en") }
  ... on DateField { date: value }
  ... on TimeField { time: value }
  ... on DateTimeField { dateTime: value }
  ... on MoneyField { centAmount currencyCode }
  ... on ReferenceField { typeId id }
`;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  groupId = (await post<{ id: string }>(admin, '/test/customer-groups', { groupName: 'VIP' })).id;
  await post(admin, '/test/types', {
    key: 'customer-fields',
    name: { en: 'Customer fields', de: 'Kundenfelder' },
    resourceTypeIds: ['customer'],
    fieldDefinitions: [
      field('code', { name: 'String' }),
      field('title', { name: 'LocalizedString' }),
      field('active', { name: 'Boolean' }),
      field('level', { name: 'Number' }),
      field('color', { name: 'Enum', values: [{ key: 'red', label: 'Red' }] }),
      field('size', { name: 'LocalizedEnum', values: [{ key: 's', label: { en: 'Small', de: 'Klein' } }] }),
      field('born', { name: 'Date' }),
      field('callAt', { name: 'Time' }),
      field('audited', { name: 'DateTime' }),
      field('budget', { name: 'Money' }),
      field('group', { name: 'Reference', referenceTypeId: 'customer-group' }),
      field('tags', { name: 'Set', elementType: { name: 'String' } }),
    ],
  });
  await post(admin, '/test/types', {
    key: 'address-fields',
    name: label('Address fields'),
    resourceTypeIds: ['address'],
    fieldDefinitions: [field('floor', { name: 'Number' })],
  });
  const customer = await post<{ customer: { id: string } }>(admin, '/test/customers', {
    email: 'typed@example.com',
    password: 'pw-123',
    addresses: [{ key: 'home', country: 'DE', custom: { type: { key: 'address-fields' }, fields: { floor: 3 } } }],
    custom: {
      type: { key: 'customer-fields' },
      fields: {
        code: 'C-1',
        title: { en: 'Doctor', de: 'Doktor' },
        active: true,
        level: 2.5,
        color: 'red',
        size: 's',
        born: '1990-02-28',
        callAt: '18:30',
        audited: '2030-01-01T10:00:00+01:00',
        budget: { currencyCode: 'EUR', centAmount: 12345 },
        group: { typeId: 'customer-group', id: groupId },
        tags: ['a'],
      },
    },
  });
  customerId = customer.customer.id;
});
afterAll(async () => server.close());

describe('customFieldList', () => {
  it('types every field by its definition, on the customer and under custom alike (Set fields only in customFieldsRaw)', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ customer(id: "${customerId}") {
      customFieldList { ${LIST} }
      custom { customFieldList { ${LIST} } customFieldsRaw(includeNames: ["tags"]) { name value } }
    } }`,
    );
    const expected = [
      { name: 'code', __typename: 'StringField', value: 'C-1' },
      { name: 'title', __typename: 'LocalizedStringField', de: 'Doktor', en: 'Doctor' },
      { name: 'active', __typename: 'BooleanField', bool: true },
      { name: 'level', __typename: 'NumberField', number: 2.5 },
      { name: 'color', __typename: 'EnumField', key: 'red', label: 'Red' },
      { name: 'size', __typename: 'LocalizedEnumField', lkey: 's', enLabel: 'Small' },
      { name: 'born', __typename: 'DateField', date: '1990-02-28' },
      { name: 'callAt', __typename: 'TimeField', time: '18:30:00.000' },
      { name: 'audited', __typename: 'DateTimeField', dateTime: '2030-01-01T09:00:00.000Z' },
      { name: 'budget', __typename: 'MoneyField', centAmount: 12345, currencyCode: 'EUR' },
      { name: 'group', __typename: 'ReferenceField', typeId: 'customer-group', id: groupId },
    ];
    expect(data.customer.customFieldList).toEqual(expected);
    expect(data.customer.custom.customFieldList).toEqual(expected);
    expect(data.customer.custom.customFieldsRaw).toEqual([{ name: 'tags', value: ['a'] }]);
  });

  it('includeNames and excludeNames filter as in customFieldsRaw', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ customer(id: "${customerId}") {
      a: customFieldList(includeNames: ["code", "color"]) { name }
      b: customFieldList(excludeNames: ["code", "title", "active", "level", "color", "size", "born", "callAt", "audited"]) { name }
    } }`,
    );
    expect(data.customer.a).toEqual([{ name: 'code' }, { name: 'color' }]);
    expect(data.customer.b).toEqual([{ name: 'budget' }, { name: 'group' }]);
  });

  it('addresses answer their own type’s fields under custom', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ customer(id: "${customerId}") { addresses { key custom { typeRef { typeId } customFieldList { name ... on NumberField { value } } } } } }`,
    );
    expect(data.customer.addresses).toEqual([{ key: 'home', custom: { typeRef: { typeId: 'type' }, customFieldList: [{ name: 'floor', value: 3 }] } }]);
  });

  it('a customer without custom fields answers null', async () => {
    const other = await post<{ customer: { id: string } }>(admin, '/test/customers', { email: 'plain@example.com', password: 'pw-123' });
    const data = await gqlData(
      server,
      admin,
      `{ customer(id: "${other.customer.id}") { customFieldList { name } customFields { typeRef { id } } custom { typeRef { id } } } }`,
    );
    expect(data.customer).toEqual({ customFieldList: null, customFields: null, custom: null });
  });
});

describe('customFields: Type and the TypeDefinition', () => {
  it('customFields is the Type interface, answered by CustomFieldsType with typeRef and type', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ customer(id: "${customerId}") {
      customFields {
        __typename typeRef { typeId }
        type { key name(locale: "de") nameAllLocales { locale value } resourceTypeIds }
        ... on CustomFieldsType { customFieldList(includeNames: ["code"]) { name } }
      }
    } }`,
    );
    expect(data.customer.customFields).toEqual({
      __typename: 'CustomFieldsType',
      typeRef: { typeId: 'type' },
      type: { key: 'customer-fields', name: 'Kundenfelder', nameAllLocales: expect.any(Array), resourceTypeIds: ['customer'] },
      customFieldList: [{ name: 'code' }],
    });
    // Locales in whatever order the database keeps them (jsonb sorts keys).
    expect(data.customer.customFields.type.nameAllLocales).toHaveLength(2);
    expect(data.customer.customFields.type.nameAllLocales).toEqual(
      expect.arrayContaining([
        { locale: 'en', value: 'Customer fields' },
        { locale: 'de', value: 'Kundenfelder' },
      ]),
    );
  });

  it('field definitions carry their FieldType, Set with its element type', async () => {
    const data = await gqlData(
      server,
      admin,
      `{ customer(id: "${customerId}") { custom { type { fieldDefinitions(includeNames: ["color", "size", "group", "tags"]) {
      name required inputHint label(locale: "en")
      type { __typename name
        ... on EnumType { values { key label } }
        ... on LocalizedEnumType { localizedValues: values { key label(locale: "de") } }
        ... on ReferenceType { referenceTypeId }
        ... on SetType { elementType { name } }
      }
    } } } } }`,
    );
    expect(data.customer.custom.type.fieldDefinitions).toEqual([
      {
        name: 'color',
        required: false,
        inputHint: 'SingleLine',
        label: 'color',
        type: { __typename: 'EnumType', name: 'Enum', values: [{ key: 'red', label: 'Red' }] },
      },
      {
        name: 'size',
        required: false,
        inputHint: 'SingleLine',
        label: 'size',
        type: { __typename: 'LocalizedEnumType', name: 'LocalizedEnum', localizedValues: [{ key: 's', label: 'Klein' }] },
      },
      {
        name: 'group',
        required: false,
        inputHint: 'SingleLine',
        label: 'group',
        type: { __typename: 'ReferenceType', name: 'Reference', referenceTypeId: 'customer-group' },
      },
      { name: 'tags', required: false, inputHint: 'SingleLine', label: 'tags', type: { __typename: 'SetType', name: 'Set', elementType: { name: 'String' } } },
    ]);
  });

  it('reading the Type needs view_types: without it the field is insufficient_scope, the values still readable', async () => {
    const token = await clientToken(server, 'view_customers:test');
    const error = await gqlError(
      server,
      token,
      `{ customer(id: "${customerId}") { customFieldList(includeNames: ["code"]) { name } custom { type { key } } } }`,
    );
    expect(error.extensions.code).toBe('insufficient_scope');
    expect(error.data).toEqual({ customer: { customFieldList: [{ name: 'code' }], custom: { type: null } } });
  });
});
