import type { AsyncLocalStorage } from 'node:async_hooks';
// node-oidc-provider keeps the request context (`Provider.ctx`) in this AsyncLocalStorage; the
// package has no `exports` map, so the module is importable as a file.
import providerStorage from 'oidc-provider/lib/helpers/als.js';

const storage = providerStorage as AsyncLocalStorage<unknown>;
let inFlight = 0;

/**
 * Runs one request through the provider. On Node 20 an AsyncLocalStorage in use keeps async hooks on
 * for every promise of the process, which costs every API request that never touches the provider;
 * so the storage is switched off again whenever no provider request is in flight (the provider's
 * next `als.run` switches it back on).
 */
export async function withProviderContext<T>(fn: () => Promise<T>): Promise<T> {
  inFlight++;
  try {
    return await fn();
  } finally {
    inFlight--;
    if (inFlight === 0) storage.disable();
  }
}
