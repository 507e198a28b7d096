import type { Handlers } from '../router.js';

/**
 * The handler of an in-store operation (`/{projectKey}/in-store/key={storeKey}/…`) is its global twin's:
 * their inputs differ only in the path's storeKey, which the router puts on the request context and the
 * services read from there. One cast, here.
 */
export const inStoreTwin = <K extends keyof Handlers>(handler: Handlers[keyof Handlers]): Handlers[K] => handler as unknown as Handlers[K];
