import { ResourceNotFoundError } from '../../errors/api-error.js';

import { TOKEN_TTL_MINUTES } from '../../domains/customers/index.js';

import type { Services } from '../../composition.js';

import type { Handler, Handlers } from '../router.js';

import { headResult, queryParams } from './query-input.js';

const at = (input: { path: { id: string } | { key: string } }) => ('id' in input.path ? { id: input.path.id } : { key: input.path.key });

/** An in-store sign-up makes a customer of that store unless the draft names its stores. */
function found<T>(value: T | undefined): T {
  if (value === undefined) throw new ResourceNotFoundError('', 'No customer has a valid token with this value.');
  return value;
}

/**
 * The customer endpoints, global and in-store: each one call into the customer service, the store
 * (when the path has one) passed on so the service limits the operation to that store's customers.
 */
export function customerRoutes(services: Services): Pick<Handlers, CustomerOperation> {
  const customers = services.customers;
  const account = customers.account;
  const routes: Partial<Record<CustomerOperation, unknown>> = {};
  /** One handler for the global and the in-store form of an operation (typed by both inputs). */
  const each = <K extends CustomerOperation>(names: K[], handler: Handler<K>) => {
    for (const name of names) routes[name] = handler;
  };
  each(['queryCustomers', 'queryCustomersInStore'], async (ctx, input, http) => ({
    body: await customers.query(ctx, queryParams(input.query, http)),
  }));
  each(['checkCustomersExist', 'checkCustomersExistInStore'], async (ctx, input, http) =>
    headResult(await customers.anyMatches(ctx, queryParams(input.query, http))),
  );
  each(['checkCustomerExistsById', 'checkCustomerExistsByKey', 'checkCustomerExistsInStoreById', 'checkCustomerExistsInStoreByKey'], async (ctx, input) =>
    headResult((await customers.find(ctx, at(input))) !== undefined),
  );
  each(['createCustomer', 'createCustomerInStore'], async (ctx, input) => ({
    status: 201,
    body: await customers.create(ctx, input.body),
  }));
  each(['getCustomerById', 'getCustomerByKey', 'getCustomerInStoreById', 'getCustomerInStoreByKey'], async (ctx, input) => ({
    body: await customers.locate(ctx, at(input)),
  }));
  each(['updateCustomerById', 'updateCustomerByKey', 'updateCustomerInStoreById', 'updateCustomerInStoreByKey'], async (ctx, input) => ({
    body: await customers.update(ctx, at(input), input.body),
  }));
  each(['deleteCustomerById', 'deleteCustomerByKey', 'deleteCustomerInStoreById', 'deleteCustomerInStoreByKey'], async (ctx, input) => ({
    body: await customers.delete(ctx, at(input), input.query.version),
  }));
  each(['getCustomerByEmailToken', 'getCustomerInStoreByEmailToken'], async (ctx, input) => ({
    body: found(await account.byToken(ctx, 'email', input.path.emailToken)),
  }));
  each(['getCustomerByPasswordToken', 'getCustomerInStoreByPasswordToken'], async (ctx, input) => ({
    body: found(await account.byToken(ctx, 'password', input.path.passwordToken)),
  }));
  each(['createCustomerPasswordResetToken', 'createCustomerInStorePasswordResetToken'], async (ctx, input) => ({
    body: await account.createPasswordResetToken(ctx, input.body, TOKEN_TTL_MINUTES.httpPasswordReset),
  }));
  each(['resetCustomerPassword', 'resetCustomerInStorePassword'], async (ctx, input) => ({
    body: await account.resetPassword(ctx, input.body),
  }));
  each(['createCustomerEmailToken', 'createCustomerInStoreEmailToken'], async (ctx, input) => ({
    body: await account.createEmailToken(ctx, input.body),
  }));
  each(['confirmCustomerEmail', 'confirmCustomerInStoreEmail'], async (ctx, input) => ({ body: await account.confirmEmail(ctx, input.body) }));
  each(['changeCustomerPassword', 'changeCustomerInStorePassword'], async (ctx, input) => ({
    body: await account.changePassword(ctx, input.body),
  }));
  each(['signInCustomer', 'signInCustomerInStore'], async (ctx, input) => ({ body: await account.signIn(ctx, input.body) }));
  each(['getMyCustomer', 'getMyCustomerInStore'], async (ctx) => ({ body: await account.requireMe(ctx) }));
  each(['updateMyCustomer', 'updateMyCustomerInStore'], async (ctx, input) => ({ body: await account.updateMe(ctx, input.body) }));
  each(['deleteMyCustomer', 'deleteMyCustomerInStore'], async (ctx, input) => ({ body: await account.deleteMe(ctx, input.query.version) }));
  each(['changeMyCustomerPassword', 'changeMyCustomerPasswordInStore'], async (ctx, input) => ({
    body: await account.changeMyPassword(ctx, input.body),
  }));
  each(['resetMyCustomerPassword', 'resetMyCustomerPasswordInStore'], async (ctx, input) => ({
    body: await account.resetPassword(ctx, input.body),
  }));
  each(['confirmMyCustomerEmail', 'confirmMyCustomerEmailInStore'], async (ctx, input) => ({
    body: await account.confirmMyEmail(ctx, input.body.tokenValue),
  }));
  each(['signUpMyCustomer', 'signUpMyCustomerInStore'], async (ctx, input) => ({ status: 201, body: await account.signMeUp(ctx, input.body) }));
  each(['signInMyCustomer', 'signInMyCustomerInStore'], async (ctx, input) => ({ body: await account.signMeIn(ctx, input.body) }));
  const missing = OPERATIONS.filter((name) => routes[name] === undefined);
  if (missing.length > 0) throw new Error(`customer routes without a handler: ${missing.join(', ')}`);
  return routes as Pick<Handlers, CustomerOperation>;
}

/** The operations of openapi/paths/customers.yaml, customers-in-store.yaml and me.yaml. */
const OPERATIONS = [
  'queryCustomers',
  'queryCustomersInStore',
  'checkCustomersExist',
  'checkCustomersExistInStore',
  'checkCustomerExistsById',
  'checkCustomerExistsByKey',
  'checkCustomerExistsInStoreById',
  'checkCustomerExistsInStoreByKey',
  'createCustomer',
  'createCustomerInStore',
  'getCustomerById',
  'getCustomerByKey',
  'getCustomerInStoreById',
  'getCustomerInStoreByKey',
  'updateCustomerById',
  'updateCustomerByKey',
  'updateCustomerInStoreById',
  'updateCustomerInStoreByKey',
  'deleteCustomerById',
  'deleteCustomerByKey',
  'deleteCustomerInStoreById',
  'deleteCustomerInStoreByKey',
  'getCustomerByEmailToken',
  'getCustomerInStoreByEmailToken',
  'getCustomerByPasswordToken',
  'getCustomerInStoreByPasswordToken',
  'createCustomerPasswordResetToken',
  'createCustomerInStorePasswordResetToken',
  'resetCustomerPassword',
  'resetCustomerInStorePassword',
  'createCustomerEmailToken',
  'createCustomerInStoreEmailToken',
  'confirmCustomerEmail',
  'confirmCustomerInStoreEmail',
  'changeCustomerPassword',
  'changeCustomerInStorePassword',
  'signInCustomer',
  'signInCustomerInStore',
  'getMyCustomer',
  'getMyCustomerInStore',
  'updateMyCustomer',
  'updateMyCustomerInStore',
  'deleteMyCustomer',
  'deleteMyCustomerInStore',
  'changeMyCustomerPassword',
  'changeMyCustomerPasswordInStore',
  'resetMyCustomerPassword',
  'resetMyCustomerPasswordInStore',
  'confirmMyCustomerEmail',
  'confirmMyCustomerEmailInStore',
  'signUpMyCustomer',
  'signUpMyCustomerInStore',
  'signInMyCustomer',
  'signInMyCustomerInStore',
] as const satisfies readonly (keyof Handlers)[];
type CustomerOperation = (typeof OPERATIONS)[number];
