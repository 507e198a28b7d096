import type { CustomFields, FieldDefinition, FieldType, Type } from '../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../context.js';
import { typeRepository } from '../domains/types/index.js';

/** `(includeNames, excludeNames)` of the custom-field list fields: all fields when neither is given. */
export interface FieldNameFilter {
  includeNames?: readonly string[] | null;
  excludeNames?: readonly string[] | null;
}

/** One custom field as a GraphQL CustomField: `kind` names the object type, `value` is as stored. */
export interface TypedCustomField {
  kind: `${Exclude<FieldType['name'], 'Set'>}Field`;
  name: string;
  value: unknown;
  definition: FieldDefinition;
}

/** Whether the filter keeps the field (or definition) `name`. */
export const wanted = (name: string, filter: FieldNameFilter) =>
  (filter.includeNames == null || filter.includeNames.includes(name)) && (filter.excludeNames == null || !filter.excludeNames.includes(name));

/** `customFieldsRaw`: the stored values, untyped. */
export function rawCustomFields(custom: CustomFields | undefined, filter: FieldNameFilter): { name: string; value: unknown }[] | null {
  if (!custom) return null;
  return Object.entries(custom.fields ?? {})
    .filter(([name]) => wanted(name, filter))
    .map(([name, value]) => ({ name, value }));
}

// One lookup per Type and request, however many resources of a page use it.
const typesOfRequest = new WeakMap<RequestContext, Map<string, Promise<Type | undefined>>>();

/** The Type a resource's custom fields name, read once per request. */
export function typeOfCustomFields(ctx: RequestContext, custom: CustomFields): Promise<Type | undefined> {
  let types = typesOfRequest.get(ctx);
  if (!types) typesOfRequest.set(ctx, (types = new Map()));
  let type = types.get(custom.type.id);
  if (!type) types.set(custom.type.id, (type = typeRepository.find(ctx, { id: custom.type.id })));
  return type;
}

/**
 * `customFieldList`: each field typed by its definition in the Type. Set fields are left out, as the
 * platform's CustomField interface has no member for them (customFieldsRaw carries them). Listed in
 * the order of the Type's field definitions.
 */
export async function typedCustomFields(ctx: RequestContext, custom: CustomFields | undefined, filter: FieldNameFilter): Promise<TypedCustomField[] | null> {
  if (!custom) return null;
  const type = await typeOfCustomFields(ctx, custom);
  const values = custom.fields ?? {};
  // In the order of the Type's definitions: the stored object's key order is not kept by every database (jsonb sorts).
  return (type?.fieldDefinitions ?? [])
    .filter((definition) => definition.name in values && definition.type.name !== 'Set' && wanted(definition.name, filter))
    .map((definition) => ({
      kind: `${definition.type.name as Exclude<FieldType['name'], 'Set'>}Field`,
      name: definition.name,
      value: values[definition.name],
      definition,
    }));
}
