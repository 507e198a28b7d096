import type { AppServices } from '../../context.js';
import type { Handlers } from '../router.js';

export function healthRoutes(app: AppServices): Pick<Handlers, 'getHealth' | 'getReadiness'> {
  return {
    getHealth: async () => ({ body: { status: 'ok' } }),
    getReadiness: async () => {
      try {
        await app.db.queryRaw('SELECT 1');
        return { body: { status: 'ok' } };
      } catch {
        return { status: 503, body: { status: 'unavailable' } };
      }
    },
  };
}
