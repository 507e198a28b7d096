import type { RequestContext } from '../context.js';
import type { Services } from '../composition.js';

/** The context every resolver receives: the request context plus the domain services. */
export interface GraphQLContext {
  ctx: RequestContext;
  services: Services;
}
