/**
 * What a resource's JSON representation looks like, as far as querying is concerned: which field
 * names exist and what type each has. Predicates and sort expressions are checked against it, so an
 * unknown field or a type mismatch is a 400 instead of a silently empty result.
 */
export type FieldSchema =
  | { kind: 'string' }
  | { kind: 'number' }
  | { kind: 'boolean' }
  /** Date, time or date-time: an ISO 8601 string, compared and sorted as a string. */
  | { kind: 'datetime' }
  | { kind: 'object'; fields: Record<string, FieldSchema> }
  /** An object with arbitrary keys, all of one type: LocalizedString is `map(string)`. */
  | { kind: 'map'; values: FieldSchema }
  | { kind: 'array'; items: FieldSchema }
  /** A value whose type is only known at run time (custom field values): typed by the literal compared with. */
  | { kind: 'dynamic' }
  /** Reference `{typeId, id}`; queried like an object. */
  | { kind: 'reference'; typeId?: string }
  /** KeyReference `{typeId, key}`; queried like an object, never expanded. */
  | { kind: 'keyReference'; typeId?: string }
  /** GeoJSON point `{type: "Point", coordinates: [lng, lat]}`, the target of `within circle`. */
  | { kind: 'geoPoint' };

export type ScalarKind = 'string' | 'number' | 'boolean' | 'datetime';

export const string = (): FieldSchema => ({ kind: 'string' });
export const number = (): FieldSchema => ({ kind: 'number' });
export const boolean = (): FieldSchema => ({ kind: 'boolean' });
export const datetime = (): FieldSchema => ({ kind: 'datetime' });
export const object = (fields: Record<string, FieldSchema>): FieldSchema => ({ kind: 'object', fields });
export const map = (values: FieldSchema): FieldSchema => ({ kind: 'map', values });
export const array = (items: FieldSchema): FieldSchema => ({ kind: 'array', items });
export const dynamic = (): FieldSchema => ({ kind: 'dynamic' });
export const localizedString = (): FieldSchema => map(string());
export const reference = (typeId?: string): FieldSchema => ({ kind: 'reference', typeId });
export const keyReference = (typeId?: string): FieldSchema => ({ kind: 'keyReference', typeId });
export const geoPoint = (): FieldSchema => ({ kind: 'geoPoint' });
/** CustomFields `{type, fields}`: `custom(fields(anyName = ...))`. */
export const customFields = (): FieldSchema => object({ type: reference('type'), fields: map(dynamic()) });

/**
 * The named sub-fields of a field, or undefined when it has none. Maps and dynamic values accept
 * any name, so callers ask `memberOf` instead for a given name.
 */
export function memberOf(schema: FieldSchema, name: string): FieldSchema | undefined {
  switch (schema.kind) {
    case 'object':
      return Object.hasOwn(schema.fields, name) ? schema.fields[name] : undefined;
    case 'map':
      return schema.values;
    case 'dynamic':
      return schema;
    case 'reference':
      return name === 'typeId' || name === 'id' ? string() : undefined;
    case 'keyReference':
      return name === 'typeId' || name === 'key' ? string() : undefined;
    case 'geoPoint':
      return name === 'type' ? string() : name === 'coordinates' ? array(number()) : undefined;
    default:
      return undefined;
  }
}

/** True for kinds that hold named members (so `field(sub = ...)` makes sense). */
export function hasMembers(schema: FieldSchema): boolean {
  return ['object', 'map', 'dynamic', 'reference', 'keyReference', 'geoPoint'].includes(schema.kind);
}

export function isScalar(schema: FieldSchema): schema is { kind: ScalarKind } {
  return schema.kind === 'string' || schema.kind === 'number' || schema.kind === 'boolean' || schema.kind === 'datetime';
}

export function describeKind(schema: FieldSchema): string {
  switch (schema.kind) {
    case 'array':
      return `array of ${describeKind(schema.items)}`;
    case 'map':
      return schema.values.kind === 'string' ? 'localized string' : `map of ${describeKind(schema.values)}`;
    default:
      return schema.kind;
  }
}
