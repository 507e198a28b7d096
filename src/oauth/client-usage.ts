import type { AppServices } from '../context.js';
import type { ApiClientService } from '../services/api-client.service.js';

/**
 * Keeps an API client's `lastUsedAt` (a date) current without touching the database per request:
 * at most one write per client per day and process, never awaited by the request that caused it.
 */
export class ClientUsage {
  private readonly lastDay = new Map<string, string>();

  constructor(
    private readonly app: AppServices,
    private readonly apiClients: ApiClientService,
  ) {}

  used(clientId: string): void {
    const today = new Date(this.app.clock.now()).toISOString().slice(0, 10);
    if (this.lastDay.get(clientId) === today) return;
    if (this.lastDay.size > 100_000) this.lastDay.clear();
    this.lastDay.set(clientId, today);
    this.apiClients.touch(clientId).catch((err: unknown) => this.app.logger.warn({ err, clientId }, 'could not record API client use'));
  }

  forget(clientId: string): void {
    this.lastDay.delete(clientId);
  }

  forgetAll(): void {
    this.lastDay.clear();
  }
}
