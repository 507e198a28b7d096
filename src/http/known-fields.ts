import { openApiDocument } from '../../generated/openapi/document.js';

type Schema = {
  readonly [keyword: string]: unknown;
  $ref?: string;
  properties?: Record<string, Schema>;
  additionalProperties?: boolean | Schema;
  items?: Schema;
  allOf?: Schema[];
  oneOf?: Schema[];
  anyOf?: Schema[];
  discriminator?: { propertyName: string };
  const?: unknown;
};

const components = (openApiDocument as unknown as { components?: { schemas?: Record<string, Schema> } }).components?.schemas ?? {};

function resolve(schema: Schema): Schema {
  let s = schema;
  for (let hops = 0; s.$ref !== undefined && hops < 32; hops++) {
    s = components[s.$ref.replace('#/components/schemas/', '')] ?? {};
  }
  return s;
}

/**
 * The properties a closed object schema declares for this value (allOf merged, a discriminated
 * oneOf narrowed to the member the value names), or undefined when the schema is open: it allows
 * additional properties (field containers, localized strings) or cannot be narrowed safely.
 */
function declaredProperties(schema: Schema, value: Record<string, unknown>, out: Map<string, Schema>): boolean {
  const s = resolve(schema);
  if (s.additionalProperties !== undefined && s.additionalProperties !== false) return false;
  for (const part of s.allOf ?? []) if (!declaredProperties(part, value, out)) return false;
  const members = s.oneOf ?? s.anyOf;
  if (members) {
    const tag = s.discriminator?.propertyName;
    if (tag === undefined) return false;
    const member = members.find((m) => resolve(m).properties?.[tag]?.const === value[tag]);
    if (member === undefined || !declaredProperties(member, value, out)) return false;
  }
  if (s.properties) for (const [name, sub] of Object.entries(s.properties)) out.set(name, sub);
  return out.size > 0;
}

/**
 * Drops the properties of a validated request body that its contract does not declare, so only
 * known fields are stored: the platform's drafts are closed types, and what a client adds beyond
 * them (arbitrary JSON in an address, say) is ignored rather than kept. Open parts of a schema
 * (custom field values, localized strings) are kept as they are.
 */
export function dropUnknownFields(value: unknown, bodySchema: object): void {
  prune(value, bodySchema as Schema);
}

/**
 * Whether the declared properties depend on the value: a oneOf or anyOf on the way, narrowed by its
 * discriminator. (A union without one is open for every value: see declaredProperties.)
 */
function dependsOnValue(schema: Schema): boolean {
  const s = resolve(schema);
  return ((s.oneOf ?? s.anyOf) !== undefined && s.discriminator !== undefined) || (s.allOf ?? []).some(dependsOnValue);
}

/**
 * Per schema object of the contract: its declared properties, worked out once (null: an open
 * schema), or 'per value' where a discriminated union makes them depend on the value. Every body of
 * a route is checked against the same schema objects, so the walk through $refs and allOf happens
 * once per schema instead of once per object of every request.
 */
const shapes = new WeakMap<Schema, Map<string, Schema> | null | 'per value'>();

function knownProperties(schema: Schema, record: Record<string, unknown>): Map<string, Schema> | undefined {
  let shape = shapes.get(schema);
  if (shape === undefined) {
    const known = new Map<string, Schema>();
    shape = dependsOnValue(schema) ? 'per value' : declaredProperties(schema, record, known) ? known : null;
    shapes.set(schema, shape);
  }
  if (shape !== 'per value') return shape ?? undefined;
  const known = new Map<string, Schema>();
  return declaredProperties(schema, record, known) ? known : undefined;
}

function prune(value: unknown, schema: Schema): void {
  if (Array.isArray(value)) {
    const items = resolve(schema).items;
    if (items) for (const item of value) prune(item, items);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const known = knownProperties(schema, record);
  if (known === undefined) return;
  for (const key of Object.keys(record)) {
    const sub = known.get(key);
    if (sub === undefined) delete record[key];
    else prune(record[key], sub);
  }
}
