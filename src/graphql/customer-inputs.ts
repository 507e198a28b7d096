import type {
  AddressDraft,
  CustomerDraft,
  CustomerUpdateAction,
  CustomFieldsDraft as HttpCustomFieldsDraft,
  MyCustomerDraft,
  MyCustomerUpdateAction,
} from '../../generated/openapi/client/types.gen.js';
import type {
  AddressInput,
  CustomerSignUpDraft,
  CustomerSignMeUpDraft,
  CustomerUpdateAction as CustomerUpdateActionInput,
  CustomFieldInput,
  CustomFieldsDraft,
  MyCustomerUpdateAction as MyCustomerUpdateActionInput,
  ResourceIdentifierInput,
} from '../../generated/graphql/types.js';
import { InvalidInputError } from '../errors/api-error.js';
import { contractValidator } from '../http/validation.js';

/**
 * GraphQL's customer inputs in the service's (the HTTP API's) shapes: nulls dropped, the flat
 * CustomFieldsDraft (typeId/typeKey, values JSON-encoded) to `{type, fields}`, and each
 * CustomerUpdateAction input object (one member set) to `{action, ...}`. The results are checked
 * against the HTTP contract's schemas, so GraphQL's loose scalars (Country, Locale, Date are plain
 * strings there) meet the same rules as an HTTP body.
 */
const asCustomerDraft = contractValidator<CustomerDraft>('CustomerDraft');
const asMyCustomerDraft = contractValidator<MyCustomerDraft>('MyCustomerDraft');
const asUpdate = contractValidator<{ version: number; actions: CustomerUpdateAction[] }>('CustomerUpdate');
const asMyUpdate = contractValidator<{ version: number; actions: MyCustomerUpdateAction[] }>('MyCustomerUpdate');
type NoNulls<T> = T extends null ? never : T extends readonly (infer U)[] ? NoNulls<U>[] : T extends object ? { [K in keyof T]: NoNulls<T[K]> } : T;

/** Drops null members (GraphQL's "not given"), deeply. */
export function withoutNulls<T>(value: T): NoNulls<T> {
  if (Array.isArray(value)) return value.map(withoutNulls) as NoNulls<T>;
  if (value === null || typeof value !== 'object') return value as NoNulls<T>;
  const out: Record<string, unknown> = {};
  for (const [name, member] of Object.entries(value)) if (member !== null && member !== undefined) out[name] = withoutNulls(member);
  return out as NoNulls<T>;
}

function jsonValue(field: string, text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new InvalidInputError(`The value of custom field '${field}' must be JSON-encoded (e.g. "\\"text\\"" or "4").`);
  }
}

function customFieldValues(fields: readonly CustomFieldInput[] | null | undefined): Record<string, unknown> | undefined {
  if (!fields) return undefined;
  return Object.fromEntries(fields.map((f) => [f.name, jsonValue(f.name, f.value)]));
}

function typeIdentifier(input: { typeId?: string | null; typeKey?: string | null; type?: ResourceIdentifierInput | null }) {
  if (input.type) return { ...withoutNulls(input.type), typeId: 'type' };
  return withoutNulls({ typeId: 'type', id: input.typeId, key: input.typeKey });
}

export function customFieldsDraft(input: CustomFieldsDraft | null | undefined): HttpCustomFieldsDraft | undefined {
  if (!input) return undefined;
  const fields = customFieldValues(input.fields);
  return { type: typeIdentifier(input), ...(fields ? { fields } : {}) };
}

export function addressDraft(input: AddressInput): AddressDraft {
  const { custom, ...fields } = input;
  const draft = customFieldsDraft(custom);
  return { ...withoutNulls(fields), ...(draft ? { custom: draft } : {}) };
}

function draftFields(input: CustomerSignUpDraft | CustomerSignMeUpDraft): unknown {
  const { addresses, custom, ...fields } = input;
  const draft = customFieldsDraft(custom);
  return { ...withoutNulls(fields), addresses: (addresses ?? []).map(addressDraft), ...(draft ? { custom: draft } : {}) };
}

export function signUpDraft(input: CustomerSignUpDraft): CustomerDraft {
  return asCustomerDraft(draftFields(input));
}

export function signMeUpDraft(input: CustomerSignMeUpDraft): MyCustomerDraft {
  return asMyCustomerDraft(draftFields(input));
}

/** `updateCustomer(version, actions)` as a CustomerUpdate. */
export function customerUpdate(version: number, inputs: readonly CustomerUpdateActionInput[]): { version: number; actions: CustomerUpdateAction[] } {
  return asUpdate({ version, actions: toActions(inputs) });
}

/** `updateMyCustomer(version, actions)` as a MyCustomerUpdate. */
export function myCustomerUpdate(version: number, inputs: readonly MyCustomerUpdateActionInput[]): { version: number; actions: MyCustomerUpdateAction[] } {
  return asMyUpdate({ version, actions: toActions(inputs) });
}

type Member = keyof CustomerUpdateActionInput;

/** One input object per action with exactly one member set; each becomes `{action: member, ...}`. */
function toActions(inputs: readonly (CustomerUpdateActionInput | MyCustomerUpdateActionInput)[]): unknown[] {
  return inputs.map((input, i) => {
    const set = Object.entries(input).filter(([, value]) => value !== null && value !== undefined);
    if (set.length !== 1) throw new InvalidInputError(`actions[${i}]: exactly one update action must be given, found ${set.length}.`);
    const [member, value] = set[0] as [Member, Record<string, unknown>];
    return { action: member, ...actionFields(member, value) };
  });
}

function actionFields(member: Member, value: Record<string, unknown>): Record<string, unknown> {
  switch (member) {
    case 'addAddress':
    case 'changeAddress':
      return { ...withoutNulls(value), address: addressDraft(value.address as AddressInput) };
    case 'setCustomType':
    case 'setAddressCustomType': {
      const input = value as { typeId?: string; typeKey?: string; type?: ResourceIdentifierInput; fields?: CustomFieldInput[]; addressId?: string };
      const given = input.type || input.typeId || input.typeKey;
      const fields = customFieldValues(input.fields);
      return withoutNulls({ addressId: input.addressId, type: given ? typeIdentifier(input) : undefined, fields });
    }
    case 'setCustomField':
    case 'setAddressCustomField': {
      const input = value as { name: string; value?: string | null; addressId?: string };
      return withoutNulls({ addressId: input.addressId, name: input.name, value: input.value == null ? undefined : jsonValue(input.name, input.value) });
    }
    default:
      return withoutNulls(value);
  }
}
