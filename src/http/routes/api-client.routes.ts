import { InvalidInputError } from '../../errors/api-error.js';
import { foreignScopes } from '../../oauth/scopes.js';
import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { queryParams } from './query-input.js';

type ApiClientHandlers = Pick<Handlers, 'queryApiClients' | 'createApiClient' | 'getApiClientById' | 'deleteApiClientById'>;

export function apiClientRoutes(services: Services): ApiClientHandlers {
  const clients = services.apiClients;
  return {
    queryApiClients: async (ctx, input, http) => ({ body: await clients.query(ctx.projectKey, queryParams(input.query, http)) }),
    createApiClient: async (ctx, input) => {
      const bad = foreignScopes(input.body.scope.split(' ').filter(Boolean), ctx.projectKey);
      if (bad.length > 0) throw new InvalidInputError(`Invalid scope ${bad.join(', ')}: scopes of this project are name:${ctx.projectKey} or name:${ctx.projectKey}:{storeKey}.`);
      return { status: 201, body: await clients.create(ctx.projectKey, input.body) };
    },
    getApiClientById: async (ctx, input) => ({ body: await clients.get(ctx.projectKey, input.path.id) }),
    deleteApiClientById: async (ctx, input) => ({ body: await clients.delete(ctx.projectKey, input.path.id) }),
  };
}
