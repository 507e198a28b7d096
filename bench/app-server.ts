/**
 * The real server on a fresh embedded database file (or on BENCH_DATABASE_URL), for the benchmarks;
 * prints its URL and the bootstrap API client's credentials as JSON on its first stdout line.
 */
import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { bootstrapIfEmpty } from '../src/bootstrap.js';
import { loadConfig } from '../src/config.js';
import { startServer } from '../src/server.js';
import { profileOnSignal } from './profile.js';

const dir = mkdtempSync(join(tmpdir(), 'cpa-bench-'));
const config = {
  ...loadConfig(),
  host: '127.0.0.1',
  port: 0,
  databaseUrl: process.env.BENCH_DATABASE_URL ?? `file:${join(dir, 'bench.db')}`,
  tokenRateLimitPerMinute: 1_000_000,
  // Measures the app, as behind a TLS-terminating proxy.
  plainHttp: true,
};
const running = await startServer(config);
const created = await bootstrapIfEmpty(running.services, running.app.services);
const info = JSON.stringify({ url: running.url, ...created }) + '\n';
// The benchmark reads this line on fd 3 and sends stdout (the request log) to a file.
if (process.env.BENCH_INFO_FD) writeSync(Number(process.env.BENCH_INFO_FD), info);
else process.stdout.write(info);
if (process.env.BENCH_PROFILE_DIR) await profileOnSignal(process.env.BENCH_PROFILE_DIR);
process.once(
  'SIGTERM',
  () =>
    void running.close().then(() => {
      rmSync(dir, { recursive: true, force: true });
      process.exit(0);
    }),
);
