import type {
  CustomFieldEnumValue,
  CustomFieldLocalizedEnumValue,
  FieldDefinition,
  FieldType,
  SetElementFieldType,
  Type,
} from '../../../generated/openapi/client/types.gen.js';
import { DuplicateEnumValuesError, DuplicateFieldError, InvalidOperationError } from '../../errors/api-error.js';

/** The field types whose values are enum keys, directly or as the elements of a Set. */
export type EnumFieldType = Extract<FieldType | SetElementFieldType, { name: 'Enum' | 'LocalizedEnum' }>;

/** The rules a Type's field definitions keep: unique names, and unique keys within each enum. */
export function checkFieldDefinitions(definitions: readonly FieldDefinition[]): void {
  const names = new Set<string>();
  for (const definition of definitions) {
    if (names.has(definition.name))
      throw new DuplicateFieldError('name', definition.name, `A field definition with the name '${definition.name}' already exists.`);
    names.add(definition.name);
    const enumType = enumTypeOf(definition);
    if (enumType) checkEnumKeys(enumType.values);
  }
}

export function checkEnumKeys(values: readonly (CustomFieldEnumValue | CustomFieldLocalizedEnumValue)[]): void {
  const seen = new Set<string>();
  const duplicates = new Set<string>();
  for (const { key } of values) {
    if (seen.has(key)) duplicates.add(key);
    seen.add(key);
  }
  if (duplicates.size > 0) throw new DuplicateEnumValuesError([...duplicates]);
}

/** The enum of an Enum/LocalizedEnum field or of a Set of them; undefined for any other field. */
export function enumTypeOf(definition: FieldDefinition): EnumFieldType | undefined {
  const type = definition.type.name === 'Set' ? definition.type.elementType : definition.type;
  return type.name === 'Enum' || type.name === 'LocalizedEnum' ? type : undefined;
}

/** The definition named `fieldName`; an unknown name is 400 InvalidOperation. */
export function fieldDefinition(type: Type, fieldName: string): FieldDefinition {
  const definition = type.fieldDefinitions.find((d) => d.name === fieldName);
  if (!definition) throw new InvalidOperationError(`The type with key '${type.key}' has no field definition with the name '${fieldName}'.`);
  return definition;
}

/** The enum of the field `fieldName`, which must be of the kind `kind` (directly or as a Set's elements). */
export function enumOf<K extends EnumFieldType['name']>(type: Type, fieldName: string, kind: K): Extract<EnumFieldType, { name: K }> {
  const enumType = enumTypeOf(fieldDefinition(type, fieldName));
  if (enumType?.name !== kind) throw new InvalidOperationError(`The field definition '${fieldName}' is not of type ${kind} or Set of ${kind}.`);
  return enumType as Extract<EnumFieldType, { name: K }>;
}
