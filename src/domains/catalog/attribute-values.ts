import type { Attribute, AttributeDefinition, AttributeType } from '../../../generated/openapi/client/types.gen.js';
import type { RequestContext } from '../../context.js';
import { InvalidFieldError } from '../../errors/api-error.js';
import { productTypeRepository } from './product-type-repository.js';

/** A product type's attribute definitions by name. */
export type AttributeDefinitions = ReadonlyMap<string, AttributeDefinition>;

export async function attributeDefinitions(ctx: RequestContext, productTypeId: string): Promise<AttributeDefinitions> {
  const productType = await productTypeRepository.find(ctx, { id: productTypeId });
  return new Map((productType?.attributes ?? []).map((definition) => [definition.name, definition]));
}

/**
 * A variant's attributes as the platform keeps them. An `enum` or `lenum` value (or each element of a
 * set of them) may be given by its key or as `{ key, label }`; it is stored as the definition's
 * `{ key, label }`, so products and projections read it back as the platform answers it. A key the
 * definition does not list is 400 InvalidField. Values of other types are kept as given.
 */
export function resolveAttributes(definitions: AttributeDefinitions, attributes: readonly Attribute[], field: string): Attribute[] {
  return attributes.map((attribute, i) => {
    const definition = definitions.get(attribute.name);
    if (!definition) return attribute;
    return { name: attribute.name, value: resolveValue(definition.type, attribute.value, `${field}[${i}].value`) };
  });
}

function resolveValue(type: AttributeType, value: unknown, field: string): unknown {
  if (type.name === 'set' && Array.isArray(value)) return value.map((element, i) => resolveValue(type.elementType, element, `${field}[${i}]`));
  if (type.name !== 'enum' && type.name !== 'lenum') return value;
  const key = typeof value === 'string' ? value : isKeyed(value) ? value.key : undefined;
  const known = key === undefined ? undefined : type.values.find((v) => v.key === key);
  if (!known)
    throw new InvalidFieldError(
      field,
      value,
      type.values.map((v) => v.key),
    );
  return { key: known.key, label: known.label };
}

function isKeyed(value: unknown): value is { key: string } {
  return typeof value === 'object' && value !== null && typeof (value as { key?: unknown }).key === 'string';
}
