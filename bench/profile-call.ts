/**
 * `npm run bench:profile -- "<call>"`: where one hot call's time goes in our server, per request.
 * Starts ours on a fresh embedded database (or BENCH_DATABASE_URL), seeds stores, warms up, then
 * records a V8 CPU profile over a measured autocannon run (bench/profile.ts: SIGUSR2 starts and
 * stops the profiler, so start-up and seeding are not in it) and prints the functions with the most
 * time per request: inclusive time for our own code (src/), and the totals for the garbage
 * collector, native code and idle time. The `.cpuprofile` is kept for Chrome DevTools or speedscope.
 *
 *   npm run bench:profile -- "GET store by id"     (any hot call of bench/hot-calls.ts on stores, or the token)
 *   BENCH_SECONDS (5)   measured seconds;   BENCH_PROFILE_KEEP=dir   where the profile is written
 */
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { seedShop } from './cart-calls.js';
import { hotCalls, type Target } from './hot-calls.js';
import { measure } from './load.js';
import { basicAuth, clientCredentialsToken, seedBusinessUnits, seedStores, type Api } from './seed.js';
import { killChildrenOnExit, runScript, startOurs, stopAll } from './servers.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Calls that need nothing but stores and a token, and the cart updates (a shop is seeded for those); the others seed business units and categories: use `npm run bench`. */
const SUPPORTED = [
  'GET store by id',
  'GET store by key',
  'as-associate GET business unit by id',
  'query `where=key="..."`',
  'create store',
  'update store (one `setName` action)',
  'client-credentials token',
  'cart addLineItem',
  'cart recalculation with a discount (changeLineItemQuantity)',
];
const STORES = 2_000;

function frameName(node: ProfileNode, root: string): string {
  const { functionName, url, lineNumber } = node.callFrame;
  const file = url.startsWith('file://') ? relative(root, new URL(url).pathname) : url;
  // tsx compiles each of our modules to one line, so only node's own modules have useful line numbers.
  return `${functionName || '(anonymous)'} ${file ? (lineNumber > 0 ? `${file}:${lineNumber + 1}` : file) : ''}`.trim();
}

/** Time per function: self (its own samples) and inclusive (samples anywhere below it, each counted once per stack). */
function summarizeProfile(profile: CpuProfile, root: string): { total: number; self: Map<string, number>; inclusive: Map<string, number> } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let total = 0;
  profile.samples.forEach((id, i) => {
    const dt = profile.timeDeltas[i + 1] ?? 0;
    total += dt;
    const leaf = byId.get(id)!;
    const leafName = frameName(leaf, root);
    self.set(leafName, (self.get(leafName) ?? 0) + dt);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const name = frameName(byId.get(at)!, root);
      if (seen.has(name)) continue;
      seen.add(name);
      inclusive.set(name, (inclusive.get(name) ?? 0) + dt);
    }
  });
  return { total, self, inclusive };
}

async function main(): Promise<void> {
  const name = process.argv[2] ?? 'GET store by id';
  const call = hotCalls.find((c) => c.name === name || c.name.startsWith(name));
  if (!call || !SUPPORTED.includes(call.name)) throw new Error(`profiles one of: ${SUPPORTED.map((s) => JSON.stringify(s)).join(', ')}`);
  const seconds = Number(process.env.BENCH_SECONDS ?? 5);
  const keep = process.env.BENCH_PROFILE_KEEP;
  if (keep) mkdirSync(keep, { recursive: true });
  const dir = keep ?? mkdtempSync(join(tmpdir(), 'cpa-profile-'));
  process.env.BENCH_PROFILE_DIR = dir;
  killChildrenOnExit();
  const ours = await startOurs(process.env.BENCH_DATABASE_URL);
  const api: Api = {
    url: ours.info.url,
    projectKey: ours.info.projectKey,
    tokenUrl: `${ours.info.url}/oauth/token`,
    basic: basicAuth(ours.info.clientId, ours.info.clientSecret),
  };
  const token = await clientCredentialsToken(api);
  const stores = await seedStores(api, token, STORES, 8);
  // Every measured run (warm-ups included) takes a cart of its own per connection.
  const shop = call.name.startsWith('cart ') ? await seedShop(api, token, 80) : undefined;
  // The B2B hierarchy of bench/run.ts, smaller: the associate's role still reaches the leaves three levels down.
  const units = call.name.startsWith('as-associate ') ? await seedBusinessUnits(api, token, 100, 40) : undefined;
  const target = { api, token, stores, shop, units, storesForUpdates: 0, tokenEndpoint: api.tokenUrl, created: [] } as unknown as Target;
  const settings = { seconds, warmupSeconds: 2, connections: 10 };
  // The warm-up runs unprofiled inside measure(); the profiler starts once the optimizing compiler has settled.
  await measure(() => call.options(target), call.expectedStatus, { ...settings, seconds: 2 });
  process.kill(ours.pid!, 'SIGUSR2');
  const sample = await measure(() => call.options(target), call.expectedStatus, { ...settings, warmupSeconds: 0.5 });
  process.kill(ours.pid!, 'SIGUSR2');
  for (let waited = 0; readdirSync(dir).length === 0 && waited < 30_000; waited += 100) await sleep(100);
  await stopAll();
  const file = join(dir, readdirSync(dir).sort().at(-1) ?? '');
  if (!existsSync(file)) throw new Error(`no profile was written to ${dir}`);
  const profile = JSON.parse(readFileSync(file, 'utf8')) as CpuProfile;
  // Requests answered while the profiler ran: the measured run plus its short warm-up.
  const requests = sample.rps * (settings.seconds + 0.5);
  const { total, self, inclusive } = summarizeProfile(profile, process.cwd());
  const perRequest = (us: number) => (us / requests).toFixed(1).padStart(7);
  const special = ['(garbage collector)', '(program)', '(idle)'];
  console.log(`\n${call.name}: ${Math.round(sample.rps)} req/s (${sample.failed} failed); profile ${(total / 1e6).toFixed(1)} s → ${file}`);
  console.log(`\nµs per request (wall time of the main thread; idle is time with nothing to run). V8's sampler also counts`);
  console.log(`the time a native call waits (writev on the socket, SQLite's get) as its own; \`perf\` with --perf-basic-prof counts CPU only.`);
  for (const s of special) console.log(`${perRequest(self.get(s) ?? 0)}  ${s}`);
  console.log(`${perRequest(total - special.reduce((sum, s) => sum + (self.get(s) ?? 0), 0))}  JavaScript and the native code it calls`);
  console.log(`\nour code (src/), inclusive:`);
  const ours_ = [...inclusive]
    .filter(([n]) => n.includes(' src/'))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
  for (const [n, us] of ours_) console.log(`${perRequest(us)}  ${n}`);
  console.log(`\nmost self time, anywhere:`);
  const top = [...self]
    .filter(([n]) => !special.includes(n))
    .sort((a, b) => b[1] - a[1])
    .slice(0, 25);
  for (const [n, us] of top) console.log(`${perRequest(us)}  ${n}`);
}

await runScript(main);
