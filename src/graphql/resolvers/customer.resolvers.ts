import type { Resolvers } from '../../../generated/graphql/types.js';
import { requireScopes } from '../../auth/authorize.js';
import { InvalidInputError } from '../../errors/api-error.js';
import { normalizeQueryParams } from '../../query/index.js';
import { TOKEN_TTL_MINUTES, type CustomerDocument } from '../../domains/customers/index.js';
import type { GraphQLContext } from '../context.js';
import { customerUpdate, myCustomerUpdate, signMeUpDraft, signUpDraft, withoutNulls } from '../customer-inputs.js';
import { MY_PROFILE, VIEW_CUSTOMERS } from '../field-scopes.js';
import { selector } from '../query-fields.js';
import { inStore } from '../in-store.js';

type Lookup = { id?: string | null; key?: string | null; emailToken?: string | null; passwordToken?: string | null };

/** `customer(id | key | emailToken | passwordToken)`: exactly one; null when nothing matches. */
async function findCustomer({ ctx: global, services }: GraphQLContext, args: Lookup, storeKey?: string): Promise<CustomerDocument | null> {
  const ctx = inStore(global, storeKey);
  const named = (['id', 'key', 'emailToken', 'passwordToken'] as const).filter((name) => args[name] != null);
  if (named.length !== 1) throw new InvalidInputError('Exactly one of id, key, emailToken or passwordToken must be given.');
  const customers = services.customers;
  if (args.emailToken != null) return (await customers.account.byToken(ctx, 'email', args.emailToken)) ?? null;
  if (args.passwordToken != null) return (await customers.account.byToken(ctx, 'password', args.passwordToken)) ?? null;
  return (await customers.find(ctx, args.id != null ? { id: args.id } : { key: args.key! })) ?? null;
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
      return services.customers.query(inStore(ctx, store.storeKey), normalizeQueryParams(args));
    },
    me: async (store, _args, { ctx, services }) => {
      requireScopes(ctx, MY_PROFILE, store.storeKey);
      await services.customers.account.me(inStore(ctx, store.storeKey));
      return store;
    },
  },
  InStoreMe: {
    customer: async (store, _args, { ctx, services }) => (await services.customers.account.me(inStore(ctx, store.storeKey))) ?? null,
  },
  Mutation: {
    customerSignUp: (_root, { draft, storeKey }, { ctx, services }) => services.customers.create(inStore(ctx, storeKey), signUpDraft(draft)),
    customerSignIn: (_root, { draft, storeKey }, { ctx, services }) => services.customers.account.signIn(inStore(ctx, storeKey), withoutNulls(draft)),
    customerSignMeUp: (_root, { draft, storeKey }, { ctx, services }) => services.customers.account.signMeUp(inStore(ctx, storeKey), signMeUpDraft(draft)),
    customerSignMeIn: (_root, { draft, storeKey }, { ctx, services }) => services.customers.account.signMeIn(inStore(ctx, storeKey), withoutNulls(draft)),
    updateCustomer: (_root, args, { ctx, services }) =>
      services.customers.update(inStore(ctx, args.storeKey), selector(args), customerUpdate(args.version, args.actions)),
    updateMyCustomer: (_root, args, { ctx, services }) =>
      services.customers.account.updateMe(inStore(ctx, args.storeKey), myCustomerUpdate(args.version, args.actions)),
    deleteCustomer: (_root, args, { ctx, services }) => services.customers.delete(inStore(ctx, args.storeKey), selector(args), args.version),
    deleteMyCustomer: (_root, args, { ctx, services }) => services.customers.account.deleteMe(inStore(ctx, args.storeKey), args.version),
    customerChangePassword: (_root, { storeKey, ...request }, { ctx, services }) => services.customers.account.changePassword(inStore(ctx, storeKey), request),
    customerChangeMyPassword: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.changeMyPassword(inStore(ctx, storeKey), request),
    customerCreateEmailVerificationToken: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.createEmailToken(inStore(ctx, storeKey), withoutNulls(request)),
    customerConfirmEmail: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.confirmEmail(inStore(ctx, storeKey), withoutNulls(request)),
    customerConfirmMyEmail: (_root, args, { ctx, services }) => services.customers.account.confirmMyEmail(inStore(ctx, args.storeKey), args.tokenValue),
    customerCreatePasswordResetToken: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.createPasswordResetToken(inStore(ctx, storeKey), withoutNulls(request), TOKEN_TTL_MINUTES.graphqlPasswordReset),
    customerResetPassword: (_root, { storeKey, ...request }, { ctx, services }) =>
      services.customers.account.resetPassword(inStore(ctx, storeKey), withoutNulls(request)),
    customerResetMyPassword: (_root, { storeKey, ...request }, { ctx, services }) => services.customers.account.resetPassword(inStore(ctx, storeKey), request),
  },
};
