import type { CustomFieldEnumValue, CustomFieldLocalizedEnumValue, Type, TypeUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { EnumValuesMustMatchError, InvalidOperationError } from '../../errors/api-error.js';
import { checkFieldNamesAgainstOtherTypes } from './field-definition-conflicts.js';
import { checkEnumKeys, checkFieldDefinitions, enumOf, fieldDefinition } from './field-definitions.js';
import { type ActionHandlers, setOptional } from '../../resources/update-actions.js';

/** Adds an enum value; a key the enum already has is 400 DuplicateEnumValues. */
function addEnumValue<V extends CustomFieldEnumValue | CustomFieldLocalizedEnumValue>(values: V[], value: V): void {
  checkEnumKeys([...values, value]);
  values.push(value);
}

/** Replaces the label of the enum value with the given key; an unknown key is 400 InvalidOperation. */
function changeEnumValueLabel<V extends CustomFieldEnumValue | CustomFieldLocalizedEnumValue>(values: V[], fieldName: string, value: V): void {
  const existing = values.find((v) => v.key === value.key);
  if (!existing) throw new InvalidOperationError(`The field definition '${fieldName}' has no enum value with the key '${value.key}'.`);
  existing.label = value.label;
}

/** The enum's values in the order of `keys`, which must name exactly the existing keys. */
function reorderEnumValues<V extends { key: string }>(values: V[], keys: readonly string[]): V[] {
  const byKey = new Map(values.map((v) => [v.key, v]));
  if (keys.length !== values.length || new Set(keys).size !== keys.length || !keys.every((k) => byKey.has(k))) throw new EnumValuesMustMatchError();
  return keys.map((k) => byKey.get(k)!);
}

/**
 * The platform's update actions of a Type. What removeFieldDefinition means for resources using
 * the type (their values of the field go too) is done by TypeService.update.
 */
export const typeActions: ActionHandlers<Type, TypeUpdateAction> = {
  changeKey: (doc, a) => void (doc.key = a.key),
  changeName: (doc, a) => void (doc.name = a.name),
  setDescription: (doc, a) => setOptional(doc, 'description', a.description),
  addFieldDefinition: async (doc, a, ctx) => {
    checkFieldDefinitions([...doc.fieldDefinitions, a.fieldDefinition]);
    await checkFieldNamesAgainstOtherTypes(ctx, doc, [a.fieldDefinition]);
    doc.fieldDefinitions.push(a.fieldDefinition);
  },
  removeFieldDefinition: (doc, a) => {
    fieldDefinition(doc, a.fieldName);
    doc.fieldDefinitions = doc.fieldDefinitions.filter((d) => d.name !== a.fieldName);
  },
  changeLabel: (doc, a) => void (fieldDefinition(doc, a.fieldName).label = a.label),
  changeInputHint: (doc, a) => {
    const definition = fieldDefinition(doc, a.fieldName);
    const type = definition.type.name === 'Set' ? definition.type.elementType : definition.type;
    if (type.name !== 'String' && type.name !== 'LocalizedString') {
      throw new InvalidOperationError(`The field definition '${a.fieldName}' is not a String or LocalizedString field; only those take an input hint.`);
    }
    definition.inputHint = a.inputHint;
  },
  changeFieldDefinitionOrder: (doc, a) => {
    const byName = new Map(doc.fieldDefinitions.map((d) => [d.name, d]));
    const names = a.fieldNames;
    if (names.length !== byName.size || new Set(names).size !== names.length || !names.every((n) => byName.has(n))) {
      throw new InvalidOperationError('The given field names do not match the names of the existing field definitions.');
    }
    doc.fieldDefinitions = names.map((n) => byName.get(n)!);
  },
  addEnumValue: (doc, a) => addEnumValue(enumOf(doc, a.fieldName, 'Enum').values, a.value),
  addLocalizedEnumValue: (doc, a) => addEnumValue(enumOf(doc, a.fieldName, 'LocalizedEnum').values, a.value),
  changeEnumValueLabel: (doc, a) => changeEnumValueLabel(enumOf(doc, a.fieldName, 'Enum').values, a.fieldName, a.value),
  changeLocalizedEnumValueLabel: (doc, a) => changeEnumValueLabel(enumOf(doc, a.fieldName, 'LocalizedEnum').values, a.fieldName, a.value),
  changeEnumValueOrder: (doc, a) => {
    const enumType = enumOf(doc, a.fieldName, 'Enum');
    enumType.values = reorderEnumValues(enumType.values, a.keys);
  },
  changeLocalizedEnumValueOrder: (doc, a) => {
    const enumType = enumOf(doc, a.fieldName, 'LocalizedEnum');
    enumType.values = reorderEnumValues(enumType.values, a.keys);
  },
};
