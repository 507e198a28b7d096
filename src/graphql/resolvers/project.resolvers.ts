import type { Resolvers } from '../../../generated/graphql/types.js';

export const projectResolvers: Resolvers = {
  Query: {
    project: (_root, _args, { ctx, services }) => services.projects.get(ctx),
  },
};
