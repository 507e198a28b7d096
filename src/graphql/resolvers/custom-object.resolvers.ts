import type { Resolvers } from '../../../generated/graphql/types.js';
import { InvalidInputError } from '../../errors/api-error.js';
import { normalizeQueryParams } from '../../query/index.js';
import { orNull, queryResult } from '../query-fields.js';

/** Custom objects over GraphQL: by id, or by container and key; queries within one container, as the platform's schema has them. */
export const customObjectResolvers: Resolvers = {
  Query: {
    customObject: (_root, { id, key, container }, { ctx, services }) => {
      if (id != null ? key != null || container != null : key == null || container == null) {
        throw new InvalidInputError('Exactly one of id, or key with container, must be given.');
      }
      return orNull(services.customObjects.get(ctx, id != null ? { id } : { container: container!, key: key! }));
    },
    customObjects: async (_root, { container, ...args }, { ctx, services }) =>
      queryResult(await services.customObjects.queryInContainer(ctx, container, normalizeQueryParams(args))),
  },
};
