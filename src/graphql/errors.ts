import { GraphQLError, type ExecutionResult } from 'graphql';
import { ApiError } from '../errors/api-error.js';

/**
 * GraphQL errors carry the same fields as HTTP errors, under `extensions`. Anything that
 * is not an ApiError (a bug) is reported as `General` with no internals.
 */
export function formatGraphQLErrors(result: ExecutionResult): ExecutionResult {
  if (!result.errors) return result;
  return {
    ...result,
    errors: result.errors.map((error) => {
      const original = error.originalError;
      if (original instanceof ApiError) {
        return new GraphQLError(original.message, {
          nodes: error.nodes,
          positions: error.positions,
          path: error.path,
          extensions: { code: original.code, ...original.extra },
        });
      }
      if (original && !(original instanceof GraphQLError)) {
        return new GraphQLError('Internal Server Error', { nodes: error.nodes, positions: error.positions, path: error.path, extensions: { code: 'General' } });
      }
      return error.extensions?.code
        ? error
        : new GraphQLError(error.message, { nodes: error.nodes, positions: error.positions, path: error.path, extensions: { code: 'GraphQLValidationError' } });
    }),
  };
}
