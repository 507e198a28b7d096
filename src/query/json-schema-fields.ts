import { array, dynamic, map, type FieldSchema } from './field-schema.js';

/**
 * Derives a resource's field schema from its JSON Schema (as generated from the OpenAPI contract by
 * @hey-api/openapi-ts into generated/openapi/schemas.gen.ts), so that what can be queried follows
 * the contract instead of a second, hand-kept list.
 */
export interface JsonSchema {
  readonly $ref?: string;
  readonly type?: string | readonly string[];
  readonly format?: string;
  readonly properties?: { readonly [name: string]: JsonSchema };
  readonly additionalProperties?: boolean | JsonSchema;
  readonly items?: JsonSchema | readonly JsonSchema[];
  readonly allOf?: readonly JsonSchema[];
  readonly oneOf?: readonly JsonSchema[];
  readonly anyOf?: readonly JsonSchema[];
  readonly enum?: readonly unknown[];
  readonly const?: unknown;
  readonly description?: string;
}

/** Component schemas keyed by name, as referenced by `#/components/schemas/<name>`. */
export type JsonSchemaComponents = { readonly [name: string]: JsonSchema };

/**
 * The generated module exports `XSchema` for component `X`; this keys them by component name:
 * `componentsFromSchemaModule(await import('../../generated/openapi/schemas.gen.js'))`.
 */
export function componentsFromSchemaModule(module: { readonly [exported: string]: unknown }): JsonSchemaComponents {
  const components: Record<string, JsonSchema> = {};
  for (const [name, value] of Object.entries(module)) {
    if (name.endsWith('Schema') && typeof value === 'object' && value !== null) {
      components[name.slice(0, -'Schema'.length)] = value as JsonSchema;
    }
  }
  return components;
}

const REF_PREFIX = '#/components/schemas/';

export function fieldsFromJsonSchema(schema: JsonSchema, components: JsonSchemaComponents): FieldSchema {
  return new Deriver(components).derive(schema);
}

class Deriver {
  /** Resolved components; recursive schemas become cyclic object graphs, which is fine to walk lazily. */
  private readonly resolved = new Map<string, FieldSchema>();

  constructor(private readonly components: JsonSchemaComponents) {}

  derive(schema: JsonSchema): FieldSchema {
    if (schema.$ref !== undefined) return this.ref(schema.$ref);
    if (schema.allOf) return mergeAll(schema.allOf.map((s) => this.derive(s)));
    const alternatives = schema.oneOf ?? schema.anyOf;
    if (alternatives) return union(alternatives.map((s) => this.derive(s)));
    switch (typeOf(schema)) {
      case 'string':
        return schema.format === 'date-time' || schema.format === 'date' || schema.format === 'time' ? { kind: 'datetime' } : { kind: 'string' };
      case 'number':
      case 'integer':
        return { kind: 'number' };
      case 'boolean':
        return { kind: 'boolean' };
      case 'array':
        return array(schema.items === undefined || Array.isArray(schema.items) ? dynamic() : this.derive(schema.items as JsonSchema));
      case 'object':
        return this.object(schema);
      default:
        return dynamic();
    }
  }

  private ref(ref: string): FieldSchema {
    const name = ref.startsWith(REF_PREFIX) ? ref.slice(REF_PREFIX.length) : undefined;
    const target = name !== undefined && Object.hasOwn(this.components, name) ? this.components[name] : undefined;
    if (name === undefined || target === undefined) throw new Error(`Unresolvable schema reference ${ref}`);
    const known = this.resolved.get(name);
    if (known) return known;
    // Registered before deriving, so a schema that refers back to itself finds this node.
    const placeholder: FieldSchema = { kind: 'object', fields: {} };
    this.resolved.set(name, placeholder);
    const derived = this.derive(target);
    if (derived.kind === 'object') {
      Object.assign(placeholder.fields, derived.fields);
      return placeholder;
    }
    this.resolved.set(name, derived);
    return derived;
  }

  private object(schema: JsonSchema): FieldSchema {
    const properties = schema.properties ?? {};
    const names = Object.keys(properties);
    if (names.length === 0) {
      const extra = schema.additionalProperties;
      if (extra === false) return { kind: 'object', fields: {} };
      // LocalizedString is `additionalProperties: {type: string}`; FieldContainer is open.
      return map(typeof extra === 'object' ? this.derive(extra) : dynamic());
    }
    if (names.includes('typeId') && names.includes('id')) return { kind: 'reference' };
    if (names.includes('typeId') && names.includes('key')) return { kind: 'keyReference' };
    if (names.includes('coordinates') && names.includes('type') && names.length === 2) return { kind: 'geoPoint' };
    const fields: Record<string, FieldSchema> = {};
    for (const name of names) fields[name] = this.derive(properties[name]);
    return { kind: 'object', fields };
  }
}

function typeOf(schema: JsonSchema): string | undefined {
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : (schema.type as string | undefined);
  if (type !== undefined) return type;
  if (schema.properties !== undefined || schema.additionalProperties !== undefined) return 'object';
  if (schema.items !== undefined) return 'array';
  const sample = schema.const ?? schema.enum?.[0];
  return typeof sample === 'string' || typeof sample === 'number' || typeof sample === 'boolean' ? typeof sample : undefined;
}

/** allOf: every part describes the same value, so object fields add up. */
function mergeAll(parts: FieldSchema[]): FieldSchema {
  const objects = parts.filter((p) => p.kind === 'object');
  if (objects.length === 0) return parts[0] ?? dynamic();
  const fields: Record<string, FieldSchema> = {};
  for (const part of objects) if (part.kind === 'object') Object.assign(fields, part.fields);
  return { kind: 'object', fields };
}

/** oneOf/anyOf: a query may name any alternative's field (a discriminated union's subtypes). */
function union(parts: FieldSchema[]): FieldSchema {
  if (parts.length === 0) return dynamic();
  if (parts.every((p) => p.kind === parts[0].kind && p.kind !== 'object' && p.kind !== 'array' && p.kind !== 'map')) return parts[0];
  if (parts.every((p) => p.kind === 'object')) return mergeAll(parts);
  if (parts.every((p) => p.kind === 'array')) {
    return array(union(parts.map((p) => (p.kind === 'array' ? p.items : p))));
  }
  return dynamic();
}
