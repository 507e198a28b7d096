/**
 * Starts the measured servers, each in its own child process, and makes sure none outlives the
 * benchmark: every child is stopped by `stopAll()` and, should the run die first, killed on exit.
 */
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { openSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Child<T> {
  info: T;
  stop(): Promise<void>;
  pid?: number;
}

/** What bench/app-server.ts prints: the server's URL and the bootstrap project's API client. */
export interface OursInfo {
  url: string;
  projectKey: string;
  clientId: string;
  clientSecret: string;
}

const children = new Set<ChildProcess>();
const START_TIMEOUT_MS = Number(process.env.BENCH_START_TIMEOUT_MS ?? 120_000);
const STOP_TIMEOUT_MS = 15_000;

/** Spawns `script` under tsx and resolves with the JSON object on its first stdout line. */
export function startChild<T>(script: string, env: NodeJS.ProcessEnv, logFile?: string): Promise<Child<T>> {
  // With `logFile`, the child's stdout (its request log) goes to that file and the JSON line comes on
  // fd 3: a server in production logs to a file or a collector, not into the load generator's process,
  // which would otherwise spend CPU reading every line while it generates load.
  const stdio: StdioOptions = logFile ? ['ignore', openSync(logFile, 'w'), 'inherit', 'pipe'] : ['ignore', 'pipe', 'inherit'];
  // BENCH_NODE_ARGS (e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`) go to the children's node: the way to profile a server under a call.
  const nodeArgs = process.env.BENCH_NODE_ARGS ? process.env.BENCH_NODE_ARGS.split(' ') : [];
  // BENCH_COMMAND_PREFIX (e.g. `valgrind --tool=callgrind …`, bench/instructions.ts) runs node under that command.
  const prefix = process.env.BENCH_COMMAND_PREFIX ? process.env.BENCH_COMMAND_PREFIX.split(' ') : [];
  const command = [...prefix, process.execPath, ...nodeArgs, '--import', 'tsx', script];
  const child = spawn(command[0], command.slice(1), { env: logFile ? { ...env, BENCH_INFO_FD: '3' } : env, stdio });
  const infoStream = (logFile ? child.stdio[3] : child.stdout) as NodeJS.ReadableStream & { off: NodeJS.ReadableStream['removeListener'] };
  children.add(child);
  child.once('exit', () => {
    children.delete(child);
    if (logFile) rmSync(logFile, { force: true });
  });
  const stop = () => stopChild(child);
  return new Promise<Child<T>>((resolve, reject) => {
    let pending = '';
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      infoStream.off('data', onData);
      void stop().finally(() => reject(error));
    };
    const timer = setTimeout(() => fail(new Error(`${script} printed nothing within ${START_TIMEOUT_MS / 1000} s`)), START_TIMEOUT_MS);
    const onExit = (code: number | null, signal: string | null) => fail(new Error(`${script} exited (${signal ?? `code ${code}`}) before it was ready`));
    const onData = (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const newline = pending.indexOf('\n');
      if (newline < 0) return;
      // Whatever the child prints afterwards (our server's request log) is read and dropped, so the
      // pipe never fills up and blocks it.
      infoStream.off('data', onData);
      infoStream.resume();
      const line = pending.slice(0, newline);
      let info: T;
      try {
        info = JSON.parse(line) as T;
      } catch {
        return fail(new Error(`${script} printed ${JSON.stringify(line)} instead of a JSON line`));
      }
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      child.off('exit', onExit);
      resolve({ info, stop, pid: child.pid });
    };
    infoStream.on('data', onData);
    child.once('exit', onExit);
  });
}

/** The CPU time (user + system, in clock ticks) a process has used, from /proc; undefined elsewhere. */
export function cpuTicks(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return Number(fields[11]) + Number(fields[12]);
  } catch {
    return undefined;
  }
}

/**
 * Waits until no child is busy (at most one clock tick of CPU in 100 ms): a server still working off
 * requests that arrived before the previous measurement stopped would otherwise steal CPU from the
 * next one. Without /proc, waits half a second.
 */
export async function waitUntilIdle(maxMs = 15_000): Promise<void> {
  const pids = [...children].map((c) => c.pid).filter((pid): pid is number => pid !== undefined);
  let before = pids.map(cpuTicks);
  if (before.some((t) => t === undefined)) return sleep(500);
  for (const deadline = Date.now() + maxMs; Date.now() < deadline;) {
    await sleep(100);
    const now = pids.map(cpuTicks);
    if (now.every((t, i) => t === undefined || t - before[i]! <= 1)) return;
    before = now;
  }
}

/** SIGTERM (the servers shut down gracefully), then SIGKILL if the child is still there. */
function stopChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), STOP_TIMEOUT_MS);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}

export async function stopAll(): Promise<void> {
  await Promise.all([...children].map(stopChild));
}

/** Kills the children if this process exits or is interrupted before `stopAll()` ran. */
export function killChildrenOnExit(): void {
  process.once('exit', () => {
    for (const child of children) child.kill('SIGKILL');
  });
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(130));
  }
}

function childEnv(extra: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extra };
  for (const [key, value] of Object.entries(env)) if (value === undefined) delete env[key];
  return env;
}

/**
 * Our server on a fresh embedded database file, or on `databaseUrl` (PostgreSQL). Request logging
 * stays on (`info`, as in production) unless BENCH_LOG_LEVEL says otherwise.
 */
let oursStarted = 0;

export async function startOurs(databaseUrl: string | undefined): Promise<Child<OursInfo>> {
  const logFile = join(tmpdir(), `cpa-bench-${process.pid}-${++oursStarted}.log`);
  const started = await startChild<Partial<OursInfo>>(
    'bench/app-server.ts',
    childEnv({ LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'info', BENCH_DATABASE_URL: databaseUrl }),
    logFile,
  );
  const { url, projectKey, clientId, clientSecret } = started.info;
  if (!url || !projectKey || !clientId || !clientSecret) {
    await started.stop();
    throw new Error('bench/app-server.ts created no API client: the database was not empty (BENCH_POSTGRES=1 uses a fresh schema)');
  }
  return { info: { url, projectKey, clientId, clientSecret }, stop: started.stop, pid: started.pid };
}

/** The community emulator, in memory, with authentication on. */
export async function startEmulator(): Promise<Child<{ url: string }>> {
  const started = await startChild<{ port: number }>('bench/emulator-server.ts', childEnv({ PORT: undefined }));
  return { info: { url: `http://127.0.0.1:${started.info.port}` }, stop: started.stop, pid: started.pid };
}

/** The bare Koa handler, answering every request with `body`. */
export async function startBaseline(body: string): Promise<Child<{ url: string }>> {
  const started = await startChild<{ port: number }>('bench/baseline-server.ts', childEnv({ PORT: undefined, BASELINE_BODY: body }));
  return { info: { url: `http://127.0.0.1:${started.info.port}/` }, stop: started.stop, pid: started.pid };
}

/** The ceilings (bench/ceiling-koa-server.ts, bench/ceiling-oidc-server.ts): the least Koa, SQLite and a log line allow for a read, a create or an update, and node-oidc-provider alone for a token. */
export async function startCeiling(server: 'koa' | 'oidc', body: string): Promise<Child<{ url: string }>> {
  const logFile = server === 'koa' ? join(tmpdir(), `cpa-ceiling-${process.pid}.log`) : undefined;
  const started = await startChild<{ port: number }>(`bench/ceiling-${server}-server.ts`, childEnv({ PORT: undefined, BASELINE_BODY: body }), logFile);
  return { info: { url: `http://127.0.0.1:${started.info.port}` }, stop: started.stop, pid: started.pid };
}

/** A benchmark script's entry: runs `main`, stops every server it started, exits 0 or 1 with the error. */
export async function runScript(main: () => Promise<void>): Promise<never> {
  try {
    await main();
    process.exit(0);
  } catch (error) {
    console.error(error);
    await stopAll();
    process.exit(1);
  }
}
