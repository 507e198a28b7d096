import type { RequestContext } from '../context.js';

/** What the edge middleware leave on `ctx.state` for the steps after them. */
export interface HttpState {
  /** The request's path, once worked out (`requestPath`). */
  path?: string;
  correlationId: string;
  requestContext?: RequestContext;
  /** The matched route's path template (`/{projectKey}/stores/{id}`), for the metrics. */
  route?: string;
  /** Raw request body, read once by readBody. */
  rawBody?: string;
}
