import type {
  CustomFields,
  CustomFieldsDraft,
  FieldDefinition,
  ResourceIdentifier,
  ResourceTypeId,
  Type,
} from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidFieldError, InvalidOperationError, ReferencedResourceNotFoundError, RequiredFieldError } from '../../errors/api-error.js';
import { loadByIds } from '../../query/index.js';
import { checkFieldValue, type FieldReference } from './custom-field-values.js';
import { expandableResources } from '../../resources/queryable-resources.js';
import { typeRepository } from './type-repository.js';
import { resolveIdentifier } from '../../resources/resource-identifiers.js';

/**
 * Custom fields of a resource (`custom: {type, fields}`): the Type named in a draft or in
 * setCustomType is resolved in the caller's project, must list the resource's type id among its
 * `resourceTypeIds`, and every field is checked against its definition (unknown field or wrong type:
 * InvalidField; missing required field: RequiredField; reference to nothing: ReferencedResourceNotFound).
 * Stored as `{type: {typeId: 'type', id}, fields}` with values normalized (see custom-field-values.ts).
 */

/** `custom` of a new resource from its draft's CustomFieldsDraft (undefined when the draft has none). */
export async function customFieldsFromDraft(
  ctx: RequestContext,
  resourceTypeId: ResourceTypeId,
  draft: CustomFieldsDraft | undefined,
): Promise<CustomFields | undefined> {
  if (draft === undefined) return undefined;
  const type = await resolveType(ctx, draft.type, resourceTypeId);
  return { type: { typeId: 'type', id: type.id }, fields: await checkFields(ctx, type, draft.fields ?? {}) };
}

/** setCustomType: replaces the custom type and all fields; without `type` it removes the custom fields. */
export async function setCustomType(
  ctx: RequestContext,
  resourceTypeId: ResourceTypeId,
  doc: { custom?: CustomFields },
  type: ResourceIdentifier | undefined,
  fields: Record<string, unknown> | undefined,
): Promise<void> {
  if (type === undefined) {
    delete doc.custom;
    return;
  }
  const resolved = await resolveType(ctx, type, resourceTypeId);
  doc.custom = { type: { typeId: 'type', id: resolved.id }, fields: await checkFields(ctx, resolved, fields ?? {}) };
}

/** setCustomField: needs a custom type set first; without `value` it removes the field (unless required). */
export async function setCustomField(ctx: RequestContext, doc: { custom?: CustomFields }, name: string, value: unknown): Promise<void> {
  if (!doc.custom) {
    throw new InvalidOperationError('This resource has no custom type set - please use setCustomType first to set the type of the custom fields');
  }
  const type = await typeRepository.find(ctx, { id: doc.custom.type.id });
  if (!type) throw new ReferencedResourceNotFoundError('type', { id: doc.custom.type.id });
  const definition = definitionOf(type, name, value);
  if (value === undefined || value === null) {
    if (definition.required) throw new RequiredFieldError(name);
    delete doc.custom.fields[name];
    return;
  }
  const refs: FieldReference[] = [];
  const checked = checkFieldValue(definition, value, refs);
  await checkReferences(ctx, refs);
  doc.custom.fields[name] = checked;
}

/**
 * The setCustomType and setCustomField actions of a resource whose own `custom` they change, for
 * its actions table: `...customFieldActions('store')`. Nested holders (addresses, assets, parcels…)
 * call setCustomType/setCustomField with the holder they find.
 */
export function customFieldActions(resourceTypeId: ResourceTypeId) {
  return {
    setCustomType: (doc: { custom?: CustomFields }, a: { type?: ResourceIdentifier; fields?: Record<string, unknown> }, ctx: RequestContext) =>
      setCustomType(ctx, resourceTypeId, doc, a.type, a.fields),
    setCustomField: (doc: { custom?: CustomFields }, a: { name: string; value?: unknown }, ctx: RequestContext) => setCustomField(ctx, doc, a.name, a.value),
  };
}

/** The Type an identifier names, in the caller's project; it must be meant for `resourceTypeId`. */
async function resolveType(ctx: RequestContext, ref: ResourceIdentifier, resourceTypeId: ResourceTypeId): Promise<Type> {
  const type = await resolveIdentifier(ctx, typeRepository, ref, 'custom.type');
  if (!type.resourceTypeIds.includes(resourceTypeId)) {
    throw new InvalidOperationError(
      `The type with key '${type.key}' cannot be used for resources of type '${resourceTypeId}'; its resourceTypeIds are: ${type.resourceTypeIds.join(', ') || 'none'}.`,
    );
  }
  return type;
}

/** The definition of the field `name`; a field the type does not define is 400 InvalidField. */
function definitionOf(type: Type, name: string, value: unknown): FieldDefinition {
  const definition = type.fieldDefinitions.find((d) => d.name === name);
  if (!definition) throw new InvalidFieldError(name, value, undefined, `The field '${name}' is not defined by the type with key '${type.key}'.`);
  return definition;
}

/** Every given field checked against the Type, and every required field present. */
async function checkFields(ctx: RequestContext, type: Type, fields: Record<string, unknown>): Promise<Record<string, unknown>> {
  const refs: FieldReference[] = [];
  const checked: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(fields)) {
    const definition = definitionOf(type, name, value);
    // A null value is no value, as in setCustomField.
    if (value !== null) checked[name] = checkFieldValue(definition, value, refs);
  }
  const missing = type.fieldDefinitions.find((d) => d.required && checked[d.name] === undefined);
  if (missing) throw new RequiredFieldError(missing.name);
  await checkReferences(ctx, refs);
  return checked;
}

/** Every referenced resource must exist in the project; a type without a table here has nothing to point to. */
async function checkReferences(ctx: RequestContext, refs: readonly FieldReference[]): Promise<void> {
  for (const typeId of new Set(refs.map((r) => r.typeId))) {
    const wanted = refs.filter((r) => r.typeId === typeId);
    const resource = expandableResources.find((e) => e.resource.typeId === typeId)?.resource;
    const found = resource
      ? await loadByIds(
          ctx.db,
          resource,
          ctx.projectKey,
          wanted.map((r) => r.id),
        )
      : new Map();
    const missing = wanted.find((r) => !found.has(r.id));
    if (missing) throw new ReferencedResourceNotFoundError(typeId, { id: missing.id });
  }
}
