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

function prune(value: unknown, schema: Schema): void {
  if (Array.isArray(value)) {
    const items = resolve(schema).items;
    if (items) for (const item of value) prune(item, items);
    return;
  }
  if (value === null || typeof value !== 'object') return;
  const record = value as Record<string, unknown>;
  const known = new Map<string, Schema>();
  if (!declaredProperties(schema, record, known)) return;
  for (const key of Object.keys(record)) {
    const sub = known.get(key);
    if (sub === undefined) delete record[key];
    else prune(record[key], sub);
  }
}
