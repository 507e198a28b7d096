import { processRequest } from 'graphql-helix';
import { specifiedRules, type ExecutionResult } from 'graphql';
import { buildGraphQLSchema } from '../../graphql/schema.js';
import { formatGraphQLErrors } from '../../graphql/errors.js';
import { cachedGraphQLSteps } from '../../graphql/document-cache.js';
import { queryLimitsRule } from '../../graphql/query-limits.js';
import type { GraphQLContext } from '../../graphql/context.js';
import type { Services } from '../../composition.js';
import { MethodNotAllowedError, InvalidInputError } from '../../errors/api-error.js';
import { graphiqlUrl } from '../developer/pages.js';
import type { Handlers } from '../router.js';

/** POST /{projectKey}/graphql through graphql-helix; the body was validated against GraphQLRequest. */
export function graphqlRoutes(services: Services): Pick<Handlers, 'executeGraphQL' | 'getGraphiQL'> {
  const schema = buildGraphQLSchema();
  const validationRules = [...specifiedRules, queryLimitsRule()];
  const steps = cachedGraphQLSteps();
  return {
    // A browser asks for HTML and goes to the one GraphiQL page; anything else gets the JSON answer for a method the API does not serve.
    getGraphiQL: async (ctx, _input, http) => {
      if (!http.accepts('html') || http.accepts('json', 'html') === 'json') throw new MethodNotAllowedError('GET');
      return { status: 302, headers: { Location: graphiqlUrl(ctx.projectKey), 'Cache-Control': 'no-store' } };
    },
    executeGraphQL: async (ctx, input, http) => {
      await services.projects.get(ctx);
      const body = input.body;
      const result = await processRequest<GraphQLContext>({
        operationName: body.operationName ?? undefined,
        query: body.query,
        variables: body.variables ?? undefined,
        request: { body, headers: http.headers, method: 'POST', query: {} },
        schema,
        validationRules,
        parse: steps.parse,
        validate: steps.validate,
        contextFactory: () => ({ ctx, services }),
      });
      if (result.type !== 'RESPONSE') throw new InvalidInputError('Subscriptions and incremental delivery are not supported.');
      return { status: result.status, body: formatGraphQLErrors(result.payload as ExecutionResult) };
    },
  };
}
