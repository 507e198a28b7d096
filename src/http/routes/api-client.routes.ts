import { assertMayGrant } from '../../auth/authorize.js';
import { splitScopes } from '../../auth/scopes.js';
import type { Services } from '../../composition.js';
import type { Handlers } from '../router.js';
import { headResult, queryParams } from './query-input.js';

type ApiClientHandlers = Pick<
  Handlers,
  'queryApiClients' | 'checkApiClientsExist' | 'createApiClient' | 'getApiClientById' | 'checkApiClientExistsById' | 'deleteApiClientById'
>;

export function apiClientRoutes(services: Services): ApiClientHandlers {
  const clients = services.apiClients;
  return {
    queryApiClients: async (ctx, input, http) => ({ body: await clients.query(ctx, queryParams(input.query, http)) }),
    createApiClient: async (ctx, input) => {
      assertMayGrant(ctx, splitScopes(input.body.scope));
      return { status: 201, body: await clients.create(ctx, input.body) };
    },
    getApiClientById: async (ctx, input) => ({ body: await clients.get(ctx, input.path.id) }),
    checkApiClientsExist: async (ctx, input, http) => headResult(await clients.anyMatches(ctx, queryParams(input.query, http))),
    checkApiClientExistsById: async (ctx, input) => headResult((await clients.find(ctx, input.path.id)) !== undefined),
    deleteApiClientById: async (ctx, input) => ({ body: await clients.delete(ctx, input.path.id) }),
  };
}
