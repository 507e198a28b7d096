/** One autocannon measurement: a warm-up, then the measured run, reduced to the figures we report. */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { cpuTicks } from './servers.js';

export interface LoadSettings {
  seconds: number;
  warmupSeconds: number;
  connections: number;
}

export interface Sample {
  /** Mean requests per second over the measured run. */
  rps: number;
  /** Latency percentiles in ms (autocannon's own histogram rounds to whole ms, so these are kept here). */
  p50: number;
  p99: number;
  requests: number;
  /** Answers other than the expected status, plus connection errors and timeouts. */
  failed: number;
  statuses: Record<string, number>;
  /**
   * CPU time (user + system, every thread) the server's processes used per answered request during
   * the measured run, in µs: steadier than req/s on a machine where the load generator shares the cores.
   */
  cpuUs?: number;
}

/** µs per clock tick of /proc's CPU counters. */
const TICK_US = (() => {
  try {
    return 1e6 / Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim());
  } catch {
    return 1e6 / 100;
  }
})();

function ticksOf(pids: readonly number[]): number | undefined {
  let sum = 0;
  for (const pid of pids) {
    const ticks = cpuTicks(pid);
    if (ticks === undefined) return undefined;
    sum += ticks;
  }
  return sum;
}

function run(options: autocannon.Options, onLatency?: (ms: number) => void): Promise<autocannon.Result> {
  return new Promise((resolve, reject) => {
    const instance = autocannon(options, (error, result) => (error ? reject(error) : resolve(result)));
    if (onLatency) instance.on('response', (_client, _status, _bytes, ms) => onLatency(ms));
  });
}

function percentile(sorted: Float64Array, p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] : NaN;
}

/**
 * `options()` is called once for the warm-up and once for the measured run, so a call that needs
 * fresh state per run (the update's stores) gets it.
 */
export async function measure(
  options: () => autocannon.Options,
  expectedStatus: number,
  settings: LoadSettings,
  pids: readonly number[] = [],
): Promise<Sample> {
  await run({ ...options(), duration: settings.warmupSeconds, connections: settings.connections });
  const latencies: number[] = [];
  const ticksBefore = ticksOf(pids);
  const result = await run({ ...options(), duration: settings.seconds, connections: settings.connections }, (ms) => latencies.push(ms));
  const ticksAfter = ticksOf(pids);
  const sorted = Float64Array.from(latencies).sort();
  const statuses: Record<string, number> = {};
  let unexpected = 0;
  for (const [status, { count = 0 }] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = count;
    if (Number(status) !== expectedStatus) unexpected += count;
  }
  return {
    rps: result.requests.average,
    p50: percentile(sorted, 0.5),
    p99: percentile(sorted, 0.99),
    requests: result.requests.total,
    failed: unexpected + result.errors,
    statuses,
    cpuUs:
      pids.length && ticksBefore !== undefined && ticksAfter !== undefined && result.requests.total > 0
        ? ((ticksAfter - ticksBefore) * TICK_US) / result.requests.total
        : undefined,
  };
}
