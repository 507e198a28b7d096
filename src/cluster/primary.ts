import cluster, { type Worker } from 'node:cluster';
import type { Logger } from '../shared/logger.js';

/**
 * WORKERS=n: this process starts n workers that each run the whole server and share its port (the
 * primary accepts connections and hands them out in turn). The primary serves nothing itself. A
 * worker that dies after it was listening is replaced; one that fails before listening (a port in
 * use, an unreachable database) stops the whole server with status 1, as a single process would.
 * SIGTERM / SIGINT stop the workers gracefully, SIGHUP makes them reload the certificate.
 */
export function runPrimary(workers: number, env: Record<string, string>, logger: Logger): void {
  let stopping = false;
  const listened = new WeakSet<Worker>();

  const fork = () => {
    const worker = cluster.fork(env);
    worker.once('listening', () => listened.add(worker));
  };

  const stop = (code: number) => {
    if (stopping) return;
    stopping = true;
    const alive = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined && !w.isDead());
    if (alive.length === 0) process.exit(code);
    let left = alive.length;
    for (const worker of alive) {
      worker.once('exit', () => {
        left -= 1;
        if (left === 0) process.exit(code);
      });
      worker.process.kill('SIGTERM');
    }
  };

  cluster.on('exit', (worker, code, signal) => {
    if (stopping) return;
    if (!listened.has(worker)) {
      // Its own "cannot start: ..." line is already on stderr.
      stop(code || 1);
      return;
    }
    logger.warn({ pid: worker.process.pid, code, signal }, 'worker exited; starting another');
    fork();
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.on(signal, () => {
      logger.info({ signal }, 'shutting down the workers');
      stop(0);
    });
  }
  process.on('SIGHUP', () => {
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGHUP');
  });

  for (let i = 0; i < workers; i++) fork();
}
