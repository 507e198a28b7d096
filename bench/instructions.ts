/**
 * `npm run bench:instructions`: machine instructions per request, counted by valgrind's callgrind, for
 * ours, the emulator and the bare Koa handler on GET store by id (and, with BENCH_CALLS, other reads).
 *
 * Why: req/s on these virtual machines moves by 2× from one session to the next and by ±30% from one
 * 5 s round to the next (bench/notes.md), so a change worth 3% cannot be seen in it.
 * Instruction counts are repeatable for the same code and inputs whatever else the machine does. They
 * leave out the kernel's share (the socket's system calls, the same for every server here) and say
 * nothing of cache misses, so they complement the side-by-side req/s of `npm run bench`, not replace it.
 *
 * Each server runs under `valgrind --tool=callgrind --instr-atstart=no` (uninstrumented, ~5× slower,
 * while it starts and warms up, so V8 has optimized the hot path as it would in production); then the
 * instrumentation is switched on for BENCH_REQUESTS requests at 10 connections and off again, and the
 * dump's total, divided by the requests, is the figure. Every thread counts (the garbage collector's too).
 *
 *   BENCH_REQUESTS (4000) measured requests;  BENCH_WARMUP (30000) requests before;  BENCH_KEEP=dir keeps the dumps
 *   BENCH_CALL=as-associate   GET business unit by id through /as-associate/ (the role inherited three levels down)
 *   BENCH_SERVERS (ours,emulator,baseline)
 */
import autocannon from 'autocannon';
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { basicAuth, clientCredentialsToken, fetchStore, seedBusinessUnits, seedStores, type Api } from './seed.js';
import { killChildrenOnExit, runScript, startBaseline, startEmulator, startOurs, stopAll, type Child } from './servers.js';

const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4000);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30_000);
const STORES = 100;
const AS_ASSOCIATE = process.env.BENCH_CALL === 'as-associate';

/** The paths of the measured call on a seeded server. */
async function seededPaths(api: Api, token: string): Promise<(n: number) => string> {
  if (!AS_ASSOCIATE) {
    const stores = await seedStores(api, token, STORES, 4);
    return (n) => `/${api.projectKey}/stores/${stores[(n * 7) % STORES].id}`;
  }
  const units = await seedBusinessUnits(api, token, 20, 20);
  return (n) => `/${api.projectKey}/as-associate/${units.associateId}/business-units/${units.leaves[n % units.leaves.length].id}`;
}

function load(url: string, token: string | undefined, paths: (n: number) => string, amount: number): Promise<autocannon.Result> {
  let n = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        connections: 10,
        amount,
        timeout: 60,
        headers: token ? { authorization: `Bearer ${token}` } : {},
        requests: [{ setupRequest: (req) => ({ ...req, path: paths(n++) }) }],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

function callgrindControl(pid: number, ...args: string[]): void {
  execFileSync('callgrind_control', [...args, String(pid)], { stdio: 'ignore' });
}

/** The instructions (Ir) of the dump callgrind wrote for `pid` after instrumentation was switched on. */
function dumpedInstructions(dir: string, pid: number): number {
  const dumps = readdirSync(dir).filter((f) => f.startsWith(`callgrind.out.${pid}`) && f !== `callgrind.out.${pid}`);
  let total = 0;
  for (const file of dumps) {
    const totals = /^(?:totals|summary): (\d+)/m.exec(readFileSync(join(dir, file), 'utf8'));
    if (totals) total += Number(totals[1]);
  }
  return total;
}

/**
 * The dump's instructions split by who ran them: V8's optimizing compilers (TurboFan, Maglev: tier-ups
 * and re-optimizations after a deoptimization), the garbage collector, and everything else (the
 * request's own work: JavaScript, the runtime, Node, libuv, SQLite). Under callgrind a request takes
 * ~50× longer, so work that happens per second rather than per request (a cache entry expiring, the
 * log flushed, a deoptimized function re-optimized) weighs ~50× more per request here than in a real
 * run: the third figure is the one that compares servers' work per request.
 */
function instructionSplit(dir: string, pid: number): { compiler: number; gc: number; other: number } {
  const split = { compiler: 0, gc: 0, other: 0 };
  const dumps = readdirSync(dir).filter((f) => f.startsWith(`callgrind.out.${pid}.`));
  for (const file of dumps) {
    const text = execFileSync('callgrind_annotate', ['--threshold=100', join(dir, file)], { encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
    const body = text.slice(text.indexOf('file:function'));
    for (const line of body.split('\n').slice(1)) {
      const match = /^\s*([\d,]+)\s+\([^)]*\)\s+(.*)$/.exec(line);
      if (!match) continue;
      const count = Number(match[1].replaceAll(',', ''));
      const where = match[2];
      if (/compiler::|turboshaft|maglev|Maglev/.test(where)) split.compiler += count;
      else if (/Scavenge|Marking|Mark(er|Compact)|Sweep|Evacuat|heap::base|MemoryAllocator|RememberedSet/.test(where)) split.gc += count;
      else split.other += count;
    }
  }
  return split;
}

async function measured(
  name: string,
  child: Child<unknown>,
  dir: string,
  url: string,
  token: string | undefined,
  paths: (n: number) => string,
): Promise<number> {
  const pid = child.pid!;
  const warm = await load(url, token, paths, WARMUP);
  if (warm.non2xx || warm.errors) throw new Error(`${name}: ${warm.non2xx} non-2xx answers and ${warm.errors} errors in the warm-up`);
  await sleep(2000);
  callgrindControl(pid, '--instr=on');
  const run = await load(url, token, paths, REQUESTS);
  callgrindControl(pid, '--dump');
  callgrindControl(pid, '--instr=off');
  if (run.non2xx || run.errors) throw new Error(`${name}: ${run.non2xx} non-2xx answers and ${run.errors} errors`);
  // The dump is written by the process itself, between requests.
  for (let i = 0; i < 50 && dumpedInstructions(dir, pid) === 0; i++) await sleep(200);
  const perRequest = dumpedInstructions(dir, pid) / run.requests.total;
  const split = instructionSplit(dir, pid);
  const per = (n: number) => Math.round(n / run.requests.total).toLocaleString('en');
  console.log(
    `${name.padEnd(10)} ${Math.round(perRequest).toLocaleString('en')} instructions per request (${run.requests.total} requests): ` +
      `optimizing compiler ${per(split.compiler)}, garbage collector ${per(split.gc)}, the rest ${per(split.other)}`,
  );
  await child.stop();
  return perRequest;
}

async function main(): Promise<void> {
  killChildrenOnExit();
  const dir = process.env.BENCH_KEEP ?? mkdtempSync(join(tmpdir(), 'cpa-callgrind-'));
  mkdirSync(dir, { recursive: true });
  process.env.BENCH_COMMAND_PREFIX = `valgrind --tool=callgrind --instr-atstart=no --smc-check=all-non-file --callgrind-out-file=${dir}/callgrind.out.%p`;
  process.env.BENCH_START_TIMEOUT_MS = '600000';
  try {
    const figures: Record<string, number> = {};
    const which = (process.env.BENCH_SERVERS ?? 'ours,emulator,baseline').split(',');
    let storeDocument = '{"key":"demo","name":{"en":"demo"},"version":1}';
    if (which.includes('ours')) {
      const ours = await startOurs(undefined);
      const api: Api = {
        url: ours.info.url,
        projectKey: ours.info.projectKey,
        tokenUrl: `${ours.info.url}/oauth/token`,
        basic: basicAuth(ours.info.clientId, ours.info.clientSecret),
      };
      const token = await clientCredentialsToken(api);
      const paths = await seededPaths(api, token);
      if (!AS_ASSOCIATE) storeDocument = await fetchStore(api, token, paths(0).split('/').pop()!);
      figures.ours = await measured('ours', ours, dir, api.url, token, paths);
    }
    if (which.includes('emulator')) {
      const emulator = await startEmulator();
      const api: Api = { url: emulator.info.url, projectKey: 'bench', tokenUrl: `${emulator.info.url}/oauth/token`, basic: basicAuth('bench', 'bench') };
      const token = await clientCredentialsToken(api);
      figures.emulator = await measured('emulator', emulator, dir, api.url, token, await seededPaths(api, token));
    }
    if (which.includes('baseline')) {
      const baseline = await startBaseline(storeDocument);
      figures.baseline = await measured('bare Koa', baseline, dir, baseline.info.url, undefined, () => '/');
    }
    if (figures.ours && figures.emulator) console.log(`ours / emulator: ${(figures.ours / figures.emulator).toFixed(3)} (instructions; lower is better)`);
  } finally {
    await stopAll();
    if (!process.env.BENCH_KEEP) rmSync(dir, { recursive: true, force: true });
  }
}

await runScript(main);
