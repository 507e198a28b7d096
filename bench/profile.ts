/**
 * CPU profiles of a benchmarked server over exactly the span that matters: with BENCH_PROFILE_DIR set,
 * SIGUSR2 starts the V8 profiler and the next SIGUSR2 writes `<dir>/<n>.cpuprofile` (`node --cpu-prof`
 * would also record start-up and seeding).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { join } from 'node:path';

export async function profileOnSignal(dir: string): Promise<void> {
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.setSamplingInterval', { interval: 200 });
  let running = false;
  let written = 0;
  process.on('SIGUSR2', () => {
    running = !running;
    if (running) void session.post('Profiler.start');
    else void session.post('Profiler.stop').then(({ profile }) => writeFileSync(join(dir, `${++written}.cpuprofile`), JSON.stringify(profile)));
  });
}
