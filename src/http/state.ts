import type { RequestContext } from '../context.js';

/** What the edge middleware leave on `ctx.state` for the steps after them. */
export interface HttpState {
  correlationId: string;
  requestContext?: RequestContext;
  /** Raw request body, read once by readBody. */
  rawBody?: string;
}
