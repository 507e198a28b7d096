import type { MyCartDraft as HttpMyCartDraft, MyCartUpdateAction as HttpMyCartUpdateAction } from '../../generated/openapi/client/types.gen.js';
import type { AddressInput, MyCartDraft, MyCartUpdateAction } from '../../generated/graphql/types.js';
import { InvalidInputError } from '../errors/api-error.js';
import { contractSchemaCheck } from '../http/validation.js';
import { addressDraft, withoutNulls } from './customer-inputs.js';

// GraphQL's types say less than the contract (lengths, patterns, ranges): the converted inputs are
// checked against the HTTP API's schemas, so both transports accept exactly the same carts.
const checkDraft = contractSchemaCheck('MyCartDraft');
const checkAction = contractSchemaCheck('MyCartUpdateAction');

/** MyCartDraft (GraphQL) as the HTTP API's MyCartDraft. */
export function myCartDraft(input: MyCartDraft): HttpMyCartDraft {
  const { shippingAddress, itemShippingAddresses, ...rest } = input;
  const draft = {
    ...withoutNulls(rest),
    ...(shippingAddress ? { shippingAddress: addressDraft(shippingAddress) } : {}),
    ...(itemShippingAddresses ? { itemShippingAddresses: itemShippingAddresses.map(addressDraft) } : {}),
  };
  checkDraft(draft);
  return draft as HttpMyCartDraft;
}

/** One input object per action with exactly one member set; each becomes `{action: member, ...}`. */
export function myCartActions(inputs: readonly MyCartUpdateAction[]): HttpMyCartUpdateAction[] {
  return inputs.map((input, i) => {
    const set = Object.entries(input).filter(([, value]) => value !== null && value !== undefined);
    if (set.length !== 1) throw new InvalidInputError(`actions[${i}]: exactly one update action must be given, found ${set.length}.`);
    const [member, value] = set[0] as [string, Record<string, unknown>];
    const fields = withoutNulls(value);
    if ('address' in fields && fields.address) fields.address = addressDraft(fields.address as AddressInput);
    const action = { action: member, ...fields };
    checkAction(action);
    return action as HttpMyCartUpdateAction;
  });
}
