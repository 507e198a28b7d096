import type { CustomFields, CustomFieldsDraft, ResourceIdentifier } from '../../generated/openapi/client/types.gen.js';
import { InvalidOperationError, ReferencedResourceNotFoundError } from '../errors/api-error.js';

/**
 * Custom fields of a resource (`custom: {type, fields}`). Custom field types (the `type` resource)
 * do not exist yet, so any reference to one cannot be resolved.
 * TODO: resolve the Type and validate fields against it once custom-field types land.
 */
export function customFieldsFromDraft(draft: CustomFieldsDraft | undefined): CustomFields | undefined {
  if (draft === undefined) return undefined;
  throw unknownType(draft.type);
}

/** setCustomType: without `type` it removes the custom fields. */
export function setCustomType(doc: { custom?: CustomFields }, type: ResourceIdentifier | undefined): void {
  if (type === undefined) {
    delete doc.custom;
    return;
  }
  throw unknownType(type);
}

/** setCustomField: needs a custom type set first; without `value` it removes the field. */
export function setCustomField(doc: { custom?: CustomFields }, name: string, value: unknown): void {
  if (!doc.custom) {
    throw new InvalidOperationError('This resource has no custom type set - please use setCustomType first to set the type of the custom fields');
  }
  if (value === undefined || value === null) delete doc.custom.fields[name];
  else doc.custom.fields[name] = value;
}

function unknownType(type: ResourceIdentifier): ReferencedResourceNotFoundError {
  return new ReferencedResourceNotFoundError('type', type.id !== undefined ? { id: type.id } : { key: type.key ?? '' });
}
