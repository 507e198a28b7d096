import { defaultFieldResolver, type GraphQLFieldResolver, type GraphQLObjectType, type GraphQLSchema } from 'graphql';
import { requireScopes } from '../auth/authorize.js';
import type { GraphQLContext } from './context.js';

/** Scope names accepted per root type and field (see src/graphql/field-scopes.ts). */
export type FieldScopeTable = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

/**
 * Makes every root field (Query, Mutation, Subscription) check its scopes through src/auth before it
 * resolves; a refused field is a GraphQL error with `extensions.code` insufficient_scope, the rest of
 * the operation still runs. Throws when a root field has no entry in the table or an entry names no
 * field of the schema: a server whose table is out of date must not start.
 *
 * The resolvers of the schema just built are replaced in place (what @graphql-tools does with
 * `updateResolversInPlace`); the schema is not shared before this runs.
 */
export function guardRootFields(schema: GraphQLSchema, table: FieldScopeTable): GraphQLSchema {
  const roots = [schema.getQueryType(), schema.getMutationType(), schema.getSubscriptionType()].filter((type): type is GraphQLObjectType => type != null);
  const problems: string[] = [];
  for (const typeName of Object.keys(table)) {
    if (!roots.some((type) => type.name === typeName)) problems.push(`${typeName} is not a root type of the schema`);
  }
  for (const type of roots) {
    const declared = table[type.name] ?? {};
    const fields = type.getFields();
    for (const name of Object.keys(declared)) {
      if (!Object.hasOwn(fields, name)) problems.push(`${type.name}.${name} is not in the schema`);
    }
    for (const [name, field] of Object.entries(fields)) {
      const accepted = Object.hasOwn(declared, name) ? declared[name] : undefined;
      if (!accepted) {
        problems.push(`${type.name}.${name} declares no scopes`);
        continue;
      }
      field.resolve = checked(accepted, field.resolve ?? defaultFieldResolver);
      if (field.subscribe) field.subscribe = checked(accepted, field.subscribe);
    }
  }
  if (problems.length > 0) throw new Error(`GraphQL field scopes (src/graphql/field-scopes.ts) do not match the schema: ${problems.join('; ')}.`);
  return schema;
}

/**
 * A field with a `storeKey` argument (the in-store form of an operation) also accepts the scopes
 * of that store, e.g. manage_customers:{projectKey}:{storeKey}.
 */
function checked(accepted: readonly string[], resolve: GraphQLFieldResolver<unknown, GraphQLContext>): GraphQLFieldResolver<unknown, GraphQLContext> {
  return function resolveWithScopeCheck(source, args: Record<string, unknown>, context, info) {
    requireScopes(context.ctx, accepted, typeof args.storeKey === 'string' ? args.storeKey : undefined);
    return resolve(source, args, context, info);
  };
}
