/** Time source. Tests drive a ManualClock to prove expiry without waiting. */
export interface Clock {
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

export class ManualClock implements Clock {
  constructor(private current = Date.now()) {}
  now(): number {
    return this.current;
  }
  advance(ms: number): void {
    this.current += ms;
  }
}

export const isoNow = (clock: Clock): string => new Date(clock.now()).toISOString();
