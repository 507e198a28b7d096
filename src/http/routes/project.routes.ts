import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';

export function projectRoutes(services: Services): Pick<Handlers, 'getProject' | 'updateProject'> {
  return {
    getProject: async (ctx) => ({ body: await services.projects.get(ctx) }),
    updateProject: async (ctx, input) => ({ body: await services.projects.update(ctx, input.body) }),
  };
}
