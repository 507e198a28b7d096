import type { FieldDefinition, FieldType, SetElementFieldType, Type } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidOperationError } from '../../errors/api-error.js';
import { normalizeQueryParams, QUERY_LIMITS } from '../../query/index.js';
import { typeRepository } from './type-repository.js';

/** A field type without its enum values: what must agree between types sharing a field name. */
function shape(type: FieldType | SetElementFieldType): string {
  if (type.name === 'Set') return `Set of ${shape(type.elementType)}`;
  if (type.name === 'Reference') return `Reference to ${type.referenceTypeId}`;
  return type.name;
}

/**
 * The platform's rule for field names: a field of a Type may share its name with a field of another
 * Type for the same resource type id only if both have the same field type (the platform indexes
 * custom fields by name per resource type). A conflict is 400 InvalidOperation.
 */
export async function checkFieldNamesAgainstOtherTypes(
  ctx: RequestContext,
  type: Pick<Type, 'resourceTypeIds'> & { id?: string },
  definitions: readonly FieldDefinition[],
): Promise<void> {
  if (definitions.length === 0 || type.resourceTypeIds.length === 0) return;
  const params = normalizeQueryParams({
    where: ['resourceTypeIds contains any :resourceTypeIds and fieldDefinitions(name in :names)'],
    vars: { resourceTypeIds: [...type.resourceTypeIds], names: definitions.map((d) => d.name) },
    limit: QUERY_LIMITS.maxLimit,
    withTotal: false,
  });
  const { results } = await typeRepository.query(ctx, params);
  for (const other of results) {
    if (other.id === type.id) continue;
    for (const definition of definitions) {
      const theirs = other.fieldDefinitions.find((d) => d.name === definition.name);
      if (theirs && shape(theirs.type) !== shape(definition.type)) {
        throw new InvalidOperationError(
          `The field '${definition.name}' is defined as ${shape(theirs.type)} by the type with key '${other.key}' for the same resource type ids; a field of that name must have that type here too.`,
        );
      }
    }
  }
}
