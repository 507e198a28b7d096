import type { AppServices } from '../context.js';
import type { ApiClientService } from '../domains/projects/index.js';

const DAY_MS = 86_400_000;

/**
 * Keeps an API client's `lastUsedAt` (a date) current without touching the database per request:
 * at most one write per client per day and process, never awaited by the request that caused it.
 */
export class ClientUsage {
  private readonly lastDay = new Map<string, string>();
  /** Today as YYYY-MM-DD, and the instant it ends (worked out once a day, not per request). */
  private today = { day: '', endsAt: 0 };

  constructor(
    private readonly app: AppServices,
    private readonly apiClients: ApiClientService,
  ) {}

  used(clientId: string): void {
    const today = this.day();
    if (this.lastDay.get(clientId) === today) return;
    if (this.lastDay.size > 100_000) this.lastDay.clear();
    this.lastDay.set(clientId, today);
    this.apiClients.touch(clientId).catch((err: unknown) => this.app.logger.warn({ err, clientId }, 'could not record API client use'));
  }

  private day(): string {
    const now = this.app.clock.now();
    // A clock moved back by hand (tests) starts a new day too.
    if (now >= this.today.endsAt || now < this.today.endsAt - DAY_MS) {
      const start = Math.floor(now / DAY_MS) * DAY_MS;
      this.today = { day: new Date(start).toISOString().slice(0, 10), endsAt: start + DAY_MS };
    }
    return this.today.day;
  }

  forget(clientId: string): void {
    this.lastDay.delete(clientId);
  }

  forgetAll(): void {
    this.lastDay.clear();
  }
}
