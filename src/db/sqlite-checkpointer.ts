import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';

/*
 * SQLite in WAL mode copies the log back into the database file in "checkpoints", and by default
 * the connection whose commit crosses 1,000 log pages runs one itself: copying the pages and two
 * fsyncs, on the event loop, inside some request's write. Measured on this machine (inserts of one
 * store row, WAL, synchronous=NORMAL): ~100-200 µs per commit with the writer checkpointing, ~40-70 µs
 * without. So the writer never checkpoints (`wal_autocheckpoint = 0`) and this worker thread does,
 * on a connection of its own: PASSIVE checkpoints block neither the writer nor readers, and the
 * fsyncs wait off the event loop. Durability is unchanged: a commit is in the WAL when it is
 * acknowledged, whether or not a checkpoint has copied it yet.
 */

/** The worker's code (CommonJS, evaluated), so it runs the same under tsx, jest and plain node. */
const WORKER_SOURCE = `
const { workerData, parentPort } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.path);
db.pragma('busy_timeout = 1000');
let stopped = false;
const tick = () => {
  if (stopped) return;
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch (err) {
    // Busy (another process's checkpoint) or the file went away: the next tick tries again.
  }
  setTimeout(tick, workerData.intervalMs);
};
parentPort.on('message', (message) => {
  if (message !== 'stop') return;
  stopped = true;
  try { db.close(); } catch (err) {}
  parentPort.postMessage('stopped');
});
setTimeout(tick, workerData.intervalMs);
`;

export interface Checkpointer {
  stop(): Promise<void>;
}

/** Starts checkpointing `path` every `intervalMs` on a worker thread. */
export function startCheckpointer(path: string, intervalMs = 100): Checkpointer {
  const driver = createRequire(import.meta.url).resolve('better-sqlite3');
  // Workers inherit the parent's execArgv (e.g. a loader hook), which an evaluated CommonJS script does not need.
  const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { path, driver, intervalMs }, execArgv: [] });
  // The checkpoints are housekeeping: they never keep the process alive.
  worker.unref();
  let stopping: Promise<void> | undefined;
  return {
    stop() {
      stopping ??= new Promise<void>((resolve) => {
        const done = () => resolve();
        worker.once('exit', done);
        worker.once('message', () => void worker.terminate().then(done, done));
        worker.postMessage('stop');
      });
      return stopping;
    },
  };
}
