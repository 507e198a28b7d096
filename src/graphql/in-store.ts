import type { RequestContext } from '../context.js';

/**
 * The request as the in-store HTTP endpoints (`/in-store/key={storeKey}/…`) see it: the services read
 * the store from the context, so a mutation's `storeKey` argument makes the same call as that endpoint.
 * (Its scopes were already checked with the store by the field guard.)
 */
export const inStore = (ctx: RequestContext, storeKey: string | null | undefined): RequestContext => (storeKey == null ? ctx : { ...ctx, storeKey });
