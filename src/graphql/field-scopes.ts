import type { Mutation, Query } from '../../generated/graphql/types.js';

/** The fields of a root type as the generated types know them (a field added to the SDL shows up here). */
type RootFields<T> = Exclude<keyof T, '__typename'>;

/**
 * The scopes each root field of the GraphQL API accepts, one table for the whole schema: any one of
 * them lets the caller in (`manage_project` always does), like the `security` of an HTTP operation.
 * An empty list admits any token of the project, for fields that reveal nothing.
 *
 * Every Query and Mutation field must be listed: the type-check fails when one is missing after
 * `npm run generate`, and the server refuses to start when the SDL and this table disagree
 * (src/graphql/field-guard.ts), so no field is ever served unchecked.
 */
export const fieldScopes: {
  Query: Record<RootFields<Query>, readonly string[]>;
  Mutation: Record<RootFields<Mutation>, readonly string[]>;
} = {
  Query: {
    project: ['view_project_settings', 'manage_project_settings'],
  },
  Mutation: {
    // A placeholder that always answers null.
    _noop: [],
  },
};
