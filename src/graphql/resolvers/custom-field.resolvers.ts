import type { CustomFieldEnumValue, CustomFieldLocalizedEnumValue, TypedMoney } from '../../../generated/openapi/client/types.gen.js';
import { TextInputHint, type Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { rawCustomFields, typedCustomFields, typeOfCustomFields, wanted, type TypedCustomField } from '../custom-field-list.js';
import { allLocales, localizedValue } from '../localized.js';

type Localized = Record<string, string>;

/** The enum entry a stored key names (Enum and LocalizedEnum fields store the key only, as over HTTP). */
function enumValue<V extends CustomFieldEnumValue | CustomFieldLocalizedEnumValue>(field: TypedCustomField): V | undefined {
  const type = field.definition.type;
  const values = (type.name === 'Enum' || type.name === 'LocalizedEnum' ? type.values : []) as V[];
  return values.find((v) => v.key === field.value);
}

const fieldValue = (field: TypedCustomField) => field.value as never;
const money = (field: TypedCustomField) => field.value as TypedMoney;
const reference = (field: TypedCustomField) => field.value as { typeId: string; id: string };

/** Custom fields typed by their Type (`customFieldList`, `customFields`, `custom.type`). */
export const customFieldResolvers: Resolvers = {
  CustomField: { __resolveType: (field) => field.kind },
  StringField: { value: fieldValue },
  LocalizedStringField: { value: (field, args) => (field.value as Localized)[args.locale] ?? null },
  BooleanField: { value: fieldValue },
  NumberField: { value: fieldValue },
  DateField: { value: fieldValue },
  TimeField: { value: fieldValue },
  DateTimeField: { value: fieldValue },
  EnumField: {
    key: fieldValue,
    label: (field) => enumValue<CustomFieldEnumValue>(field)?.label ?? String(field.value),
  },
  LocalizedEnumField: {
    key: fieldValue,
    label: (field, args) => enumValue<CustomFieldLocalizedEnumValue>(field)?.label[args.locale] ?? null,
  },
  MoneyField: {
    centAmount: (field) => money(field).centAmount,
    currencyCode: (field) => money(field).currencyCode,
  },
  ReferenceField: {
    typeId: (field) => reference(field).typeId,
    id: (field) => reference(field).id,
  },
  // One schema serves every project, so there is no object type per project Type: CustomFieldsType is the one implementation.
  Type: { __resolveType: () => 'CustomFieldsType' },
  CustomFieldsType: {
    typeRef: (custom) => custom.type,
    type: async (custom, _args, { ctx }) => {
      // The Type is a resource of its own: reading it needs its view scope, as over HTTP.
      requireScopes(ctx, ['view_types', 'manage_types']);
      return (await typeOfCustomFields(ctx, custom)) ?? null;
    },
    customFieldsRaw: (custom, args) => rawCustomFields(custom, args),
    customFieldList: (custom, args, { ctx }) => typedCustomFields(ctx, custom, args),
  },
  TypeDefinition: {
    name: (type, args) => localizedValue(type.name, args),
    description: (type, args) => localizedValue(type.description, args),
    nameAllLocales: (type) => allLocales(type.name),
    descriptionAllLocales: (type) => (type.description ? allLocales(type.description) : null),
    fieldDefinitions: (type, args) => type.fieldDefinitions.filter((d) => wanted(d.name, args)),
  },
  FieldDefinition: {
    inputHint: (definition) => (definition.inputHint === 'MultiLine' ? TextInputHint.MultiLine : TextInputHint.SingleLine),
    label: (definition, args) => localizedValue(definition.label, args),
    labelAllLocales: (definition) => allLocales(definition.label),
  },
  FieldType: { __resolveType: (type) => `${type.name}Type` },
  LocalizedEnumValue: {
    label: (value, args) => localizedValue(value.label, args),
    labelAllLocales: (value) => allLocales(value.label),
  },
};
