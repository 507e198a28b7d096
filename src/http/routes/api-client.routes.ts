import { assertMayGrant } from '../../auth/authorize.js';
import { splitScopes } from '../../auth/scopes.js';
import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { queryParams } from './query-input.js';

type ApiClientHandlers = Pick<Handlers, 'queryApiClients' | 'createApiClient' | 'getApiClientById' | 'deleteApiClientById'>;

export function apiClientRoutes(services: Services): ApiClientHandlers {
  const clients = services.apiClients;
  return {
    queryApiClients: async (ctx, input, http) => ({ body: await clients.query(ctx.projectKey, queryParams(input.query, http)) }),
    createApiClient: async (ctx, input) => {
      assertMayGrant(ctx, splitScopes(input.body.scope));
      return { status: 201, body: await clients.create(ctx.projectKey, input.body) };
    },
    getApiClientById: async (ctx, input) => ({ body: await clients.get(ctx.projectKey, input.path.id) }),
    deleteApiClientById: async (ctx, input) => ({ body: await clients.delete(ctx.projectKey, input.path.id) }),
  };
}
