import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { InvalidInputError } from '../../errors/api-error.js';
import { normalizeQueryParams } from '../../query/index.js';
import { TOKEN_TTL_MINUTES } from '../../domains/customers/index.js';
import type { CustomerDocument } from '../../domains/customers/index.js';
import type { GraphQLContext } from '../context.js';
import { customerUpdate, myCustomerUpdate, signMeUpDraft, signUpDraft, withoutNulls } from '../customer-inputs.js';
import { MY_PROFILE, VIEW_CUSTOMERS } from '../field-scopes.js';
import { selector } from '../query-fields.js';

/** GraphQL's null for "not given". */
const given = <T>(value: T | null | undefined): T | undefined => value ?? undefined;

type Lookup = { id?: string | null; key?: string | null; emailToken?: string | null; passwordToken?: string | null };

/** `customer(id | key | emailToken | passwordToken)`: exactly one; null when nothing matches. */
async function findCustomer({ ctx, services }: GraphQLContext, args: Lookup, storeKey?: string): Promise<CustomerDocument | null> {
  const named = (['id', 'key', 'emailToken', 'passwordToken'] as const).filter((name) => args[name] != null);
  if (named.length !== 1) throw new InvalidInputError('Exactly one of id, key, emailToken or passwordToken must be given.');
  const customers = services.customers;
  if (args.emailToken != null) return (await customers.account.byToken(ctx, 'email', args.emailToken, storeKey)) ?? null;
  if (args.passwordToken != null) return (await customers.account.byToken(ctx, 'password', args.passwordToken, storeKey)) ?? null;
  return (await customers.find(ctx, args.id != null ? { id: args.id } : { key: args.key! }, storeKey)) ?? null;
}

/** Queries and mutations of customers: each one call into the customer service. */
export const customerResolvers: Resolvers = {
  Query: {
    customer: (_root, args, context) => findCustomer(context, args),
    customers: (_root, args, { ctx, services }) => services.customers.query(ctx, normalizeQueryParams(args)),
    me: (_root, _args, { ctx, services }) => services.customers.account.me(ctx).then(() => ({})),
    inStore: (_root, args) => ({ storeKey: args.key }),
  },
  Me: {
    customer: async (_me, _args, { ctx, services }) => (await services.customers.account.me(ctx)) ?? null,
  },
  InStore: {
    customer: (store, args, context) => {
      requireScopes(context.ctx, VIEW_CUSTOMERS, store.storeKey);
      return findCustomer(context, args, store.storeKey);
    },
    customers: (store, args, { ctx, services }) => {
      requireScopes(ctx, VIEW_CUSTOMERS, store.storeKey);
      return services.customers.query(ctx, normalizeQueryParams(args), store.storeKey);
    },
    me: async (store, _args, { ctx, services }) => {
      requireScopes(ctx, MY_PROFILE, store.storeKey);
      await services.customers.account.me(ctx, store.storeKey);
      return store;
    },
  },
  InStoreMe: {
    customer: async (store, _args, { ctx, services }) => (await services.customers.account.me(ctx, store.storeKey)) ?? null,
  },
  Mutation: {
    customerSignUp: (_root, { draft, storeKey }, { ctx, services }) => {
      const customer = signUpDraft(draft);
      return services.customers.create(ctx, storeKey ? { ...customer, stores: [{ typeId: 'store', key: storeKey }] } : customer);
    },
    customerSignIn: (_root, { draft, storeKey }, { ctx, services }) => services.customers.account.signIn(ctx, withoutNulls(draft), given(storeKey)),
    customerSignMeUp: (_root, { draft, storeKey }, { ctx, services }) => services.customers.account.signMeUp(ctx, signMeUpDraft(draft), given(storeKey)),
    customerSignMeIn: (_root, { draft, storeKey }, { ctx, services }) => services.customers.account.signMeIn(ctx, withoutNulls(draft), given(storeKey)),
    updateCustomer: (_root, args, { ctx, services }) =>
      services.customers.update(ctx, selector(args), customerUpdate(args.version, args.actions), given(args.storeKey)),
    updateMyCustomer: (_root, args, { ctx, services }) =>
      services.customers.account.updateMe(ctx, myCustomerUpdate(args.version, args.actions), given(args.storeKey)),
    deleteCustomer: (_root, args, { ctx, services }) => services.customers.delete(ctx, selector(args), args.version, given(args.storeKey)),
    deleteMyCustomer: (_root, args, { ctx, services }) => services.customers.account.deleteMe(ctx, args.version, given(args.storeKey)),
    customerChangePassword: (_root, { storeKey, ...request }, { ctx, services }) => services.customers.account.changePassword(ctx, request, given(storeKey)),
    customerChangeMyPassword: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.changeMyPassword(ctx, request, given(storeKey)),
    customerCreateEmailVerificationToken: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.createEmailToken(ctx, withoutNulls(request), given(storeKey)),
    customerConfirmEmail: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.confirmEmail(ctx, withoutNulls(request), given(storeKey)),
    customerConfirmMyEmail: (_root, args, { ctx, services }) => services.customers.account.confirmMyEmail(ctx, args.tokenValue, given(args.storeKey)),
    customerCreatePasswordResetToken: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.createPasswordResetToken(ctx, withoutNulls(request), TOKEN_TTL_MINUTES.graphqlPasswordReset, given(storeKey)),
    customerResetPassword: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.resetPassword(ctx, withoutNulls(request), given(storeKey)),
    customerResetMyPassword: (_root, { storeKey, ...request }, { ctx, services }) => services.customers.account.resetPassword(ctx, request, given(storeKey)),
  },
};
