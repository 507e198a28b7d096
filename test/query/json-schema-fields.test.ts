import { InvalidInputError } from '../../src/errors/api-error.js';
import { componentsFromSchemaModule, fieldsFromJsonSchema, type JsonSchemaComponents } from '../../src/query/json-schema-fields.js';
import { checkPredicate } from '../../src/query/predicate-checker.js';
import { defineQueryableResource } from '../../src/query/queryable-resource.js';
import { checkSort } from '../../src/query/sort-compiler.js';

/** A contract in the shape @hey-api/openapi-ts generates (`XSchema = {...} as const`), commercetools style. */
const components = {
  DateTime: { type: 'string', format: 'date-time' },
  LocalizedString: { type: 'object', additionalProperties: { type: 'string' } },
  Reference: { type: 'object', required: ['typeId', 'id'], properties: { typeId: { type: 'string' }, id: { type: 'string' }, obj: { type: 'object' } } },
  StoreKeyReference: { type: 'object', properties: { typeId: { type: 'string', enum: ['store'] }, key: { type: 'string' } } },
  FieldContainer: { type: 'object', additionalProperties: true },
  CustomFields: { type: 'object', properties: { type: { $ref: '#/components/schemas/Reference' }, fields: { $ref: '#/components/schemas/FieldContainer' } } },
  GeoJsonPoint: { type: 'object', properties: { type: { type: 'string', const: 'Point' }, coordinates: { type: 'array', items: { type: 'number' } } } },
  BaseResource: {
    type: 'object',
    properties: {
      id: { type: 'string' },
      version: { type: 'integer', format: 'int64' },
      createdAt: { $ref: '#/components/schemas/DateTime' },
      lastModifiedAt: { $ref: '#/components/schemas/DateTime' },
    },
  },
  Address: { type: 'object', properties: { country: { type: 'string' }, geo: { $ref: '#/components/schemas/GeoJsonPoint' } } },
  Associate: {
    type: 'object',
    properties: {
      customer: { $ref: '#/components/schemas/Reference' },
      roles: { type: 'array', items: { type: 'object', properties: { key: { type: 'string' } } } },
    },
  },
  Company: { type: 'object', properties: { unitType: { type: 'string', enum: ['Company'] } } },
  Division: {
    type: 'object',
    properties: { unitType: { type: 'string', enum: ['Division'] }, parentUnit: { $ref: '#/components/schemas/StoreKeyReference' } },
  },
  BusinessUnit: {
    allOf: [
      { $ref: '#/components/schemas/BaseResource' },
      {
        type: 'object',
        properties: {
          key: { type: 'string' },
          name: { type: ['string', 'null'] },
          active: { type: 'boolean' },
          description: { $ref: '#/components/schemas/LocalizedString' },
          stores: { type: 'array', items: { $ref: '#/components/schemas/StoreKeyReference' } },
          associates: { type: 'array', items: { $ref: '#/components/schemas/Associate' } },
          addresses: { type: 'array', items: { $ref: '#/components/schemas/Address' } },
          custom: { $ref: '#/components/schemas/CustomFields' },
          ancestors: { type: 'array', items: { $ref: '#/components/schemas/BusinessUnit' } },
          kind: { oneOf: [{ $ref: '#/components/schemas/Company' }, { $ref: '#/components/schemas/Division' }] },
          anything: {},
        },
      },
    ],
  },
} as const;

const schema = fieldsFromJsonSchema(components.BusinessUnit, components as JsonSchemaComponents);
const resource = defineQueryableResource({ table: 'BusinessUnit', typeId: 'business-unit', fields: schema });
const accepts = (where: string) => expect(() => checkPredicate(where, resource)).not.toThrow();
const rejects = (where: string, message: string) => {
  expect(() => checkPredicate(where, resource)).toThrow(InvalidInputError);
  expect(() => checkPredicate(where, resource)).toThrow(message);
};

describe('field schemas derived from the JSON schemas of the contract', () => {
  test('scalars, $ref, allOf, date-time and nullable types', () => {
    accepts('version > 2 and createdAt > "2020-01-01" and key = "acme" and active = true and name = "x"');
    rejects('version = "2"', 'cannot be compared with a string');
    rejects('unknownField = 1', "Unknown field 'unknownField'");
    expect(checkSort('createdAt desc', resource).kind).toBe('datetime');
  });

  test('localized strings, arrays of objects, references and key references', () => {
    accepts('description(en = "x" and de-CH = "y")');
    accepts('associates(customer(id = "c1") and roles(key = "admin"))');
    accepts('stores(key = "s1")');
    rejects('stores(id = "s1")', "Unknown field 'id'");
    rejects('associates(customer(obj(id = "x")))', "Unknown field 'obj'");
  });

  test('custom fields accept any name; geo points support within circle', () => {
    accepts('custom(type(id = "t") and fields(anything = 1 or other = "x"))');
    accepts('addresses(geo within circle(13.37, 52.51, 1000))');
  });

  test('oneOf/anyOf offer the fields of every alternative; untyped schemas are dynamic', () => {
    accepts('kind(unitType = "Company")');
    accepts('kind(parentUnit(key = "root"))');
    accepts('anything = 1 or anything = "x"');
  });

  test('recursive schemas resolve lazily', () => {
    accepts('ancestors(ancestors(key = "x"))');
  });

  test('an unresolvable $ref is a programming error found at startup', () => {
    expect(() => fieldsFromJsonSchema({ $ref: '#/components/schemas/Missing' }, {})).toThrow('Unresolvable schema reference');
  });

  test('the generated module is keyed by component name', () => {
    // Stands in for `import * as schemas from generated/openapi/.../schemas.gen.js`: exports named `<Component>Schema`.
    const generatedModule = { LocalizedStringSchema: components.LocalizedString, ReferenceSchema: components.Reference, version: '1' };
    const generated = componentsFromSchemaModule(generatedModule);
    expect(Object.keys(generated)).toEqual(['LocalizedString', 'Reference']);
    expect(fieldsFromJsonSchema(generated.LocalizedString, generated)).toEqual({ kind: 'map', values: { kind: 'string' } });
    expect(fieldsFromJsonSchema(generated.Reference, generated)).toEqual({ kind: 'reference' });
    expect(fieldsFromJsonSchema(components.StoreKeyReference, generated)).toEqual({ kind: 'keyReference' });
  });
});
