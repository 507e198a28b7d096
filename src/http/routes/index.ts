import type { AppServices } from '../../context.js';
import type { Services } from '../../services/index.js';
import type { Handlers } from '../router.js';
import { customerRoutes } from './customer.routes.js';
import { graphqlRoutes } from './graphql.routes.js';
import { healthRoutes } from './health.routes.js';
import { projectRoutes } from './project.routes.js';

/** Every operation of openapi/ mapped to its handler; the type-check fails if one is missing. */
export function allHandlers(app: AppServices, services: Services): Handlers {
  return {
    ...healthRoutes(app),
    ...projectRoutes(services),
    ...customerRoutes(services),
    ...graphqlRoutes(services),
  };
}
