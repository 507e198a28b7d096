/**
 * `npm run bench`: our server, the community emulator and a bare Koa handler side by side on the same
 * hot calls, then BENCHMARKS.md. Each server runs in a child process; the load (autocannon) comes from
 * this one.
 *
 *   BENCH_SECONDS (5)      measured seconds per call and server, after a 1 s warm-up
 *   BENCH_ROUNDS (3)       alternating rounds; figures are medians over them
 *   BENCH_POSTGRES=1       also run ours on PostgreSQL, in a fresh schema of BENCH_POSTGRES_URL
 *                          (postgresql://postgres@127.0.0.1:5432/postgres), dropped afterwards
 *   BENCH_DATABASE_URL     otherwise: also run ours on this (empty) database
 *   BENCH_SKIP_SCALE=1     skip the query-engine-at-scale measurement
 *   BENCH_CALLS            only the hot calls whose name contains this text (a smoke run of one call)
 *   BENCH_LOG_LEVEL (info) our server's log level
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { seedShop } from './cart-calls.js';
import { hotCalls, type Target } from './hot-calls.js';
import { measure, type LoadSettings, type Sample } from './load.js';
import { createSchema, type Schema } from './postgres.js';
import { runQueryScale } from './query-scale.js';
import { renderReport, summarize, type PassSummary, type RoundSamples } from './report.js';
import { basicAuth, clientCredentialsToken, fetchStore, seedBusinessUnits, seedCategories, seedStores, type Api } from './seed.js';
import { killChildrenOnExit, startBaseline, startCeiling, startEmulator, startOurs, stopAll, waitUntilIdle } from './servers.js';

const settings: LoadSettings = { seconds: Number(process.env.BENCH_SECONDS ?? 5), warmupSeconds: 1, connections: 10 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const STORES = 10_000;
const SEED_CONCURRENCY = 16;
/** Business units three levels below the associate's Company, and Companies the associate is not in. */
const LEAF_UNITS = 100;
const OTHER_COMPANIES = 400;
/** Categories: top-level ones, each with this many children (1,000 in all). */
const ROOT_CATEGORIES = 10;
const CHILD_CATEGORIES = 99;
/** The emulator serves any project key. */
const EMULATOR_PROJECT = 'bench';

interface Pass {
  database: string;
  /** Undefined: a fresh embedded SQLite file. */
  databaseUrl: string | undefined;
}

const calls = hotCalls.filter((call) => !process.env.BENCH_CALLS || call.name.includes(process.env.BENCH_CALLS));

/** Anonymous carts for the sign-in call: more than it can merge in all rounds (each sign-in merges one). */
const ANONYMOUS_CARTS = Math.ceil((settings.seconds + settings.warmupSeconds) * ROUNDS * 150);

async function prepare(name: string, api: Api, tokenEndpoint: string, ours: boolean): Promise<Target> {
  const started = Date.now();
  const token = await clientCredentialsToken(api);
  const stores = await seedStores(api, token, STORES, SEED_CONCURRENCY);
  const units = await seedBusinessUnits(api, token, LEAF_UNITS, OTHER_COMPANIES);
  // Each addLineItem run and each discounted-cart run (a warm-up and a measured run per round) takes a fresh cart per connection.
  const shop = await seedShop(api, token, settings.connections * 2 * ROUNDS, ours ? ANONYMOUS_CARTS : 0);
  const categories = await seedCategories(api, token, ROOT_CATEGORIES, CHILD_CATEGORIES, SEED_CONCURRENCY);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${name}: seeded ${STORES} stores, ${LEAF_UNITS + OTHER_COMPANIES + 3} business units, a shop and ${ROOT_CATEGORIES * (1 + CHILD_CATEGORIES)} categories in ${seconds} s`,
  );
  return { api, token, stores, storesForUpdates: 0, tokenEndpoint, created: [], units, shop, categories };
}

/** The processes whose CPU a measurement counts (with WORKERS > 1, ours has more than its primary: not counted). */
const pidList = (...children: Array<{ pid?: number }>): number[] => children.flatMap((c) => (c.pid === undefined ? [] : [c.pid]));

const summaryLine = (s: Sample) =>
  `${Math.round(s.rps)} req/s, p50 ${s.p50.toFixed(2)} ms, p99 ${s.p99.toFixed(2)} ms` +
  (s.cpuUs === undefined ? '' : `, CPU ${Math.round(s.cpuUs)} µs/req`) +
  (s.failed ? ` — ${s.failed} FAILED ${JSON.stringify(s.statuses)}` : '');

async function runPass(pass: Pass): Promise<PassSummary> {
  try {
    const [ours, emulator, emulatorTokens] = await Promise.all([startOurs(pass.databaseUrl), startEmulator(), startEmulator()]);
    const oursApi: Api = {
      url: ours.info.url,
      projectKey: ours.info.projectKey,
      tokenUrl: `${ours.info.url}/oauth/token`,
      basic: basicAuth(ours.info.clientId, ours.info.clientSecret),
    };
    const emulatorApi: Api = {
      url: emulator.info.url,
      projectKey: EMULATOR_PROJECT,
      tokenUrl: `${emulator.info.url}/oauth/token`,
      basic: basicAuth('bench', 'bench'),
    };
    const [oursTarget, emulatorTarget] = await Promise.all([
      prepare(`ours (${pass.database})`, oursApi, oursApi.tokenUrl, true),
      prepare('emulator', emulatorApi, `${emulatorTokens.info.url}/oauth/token`, false),
    ]);
    const storeDocument = await fetchStore(oursApi, oursTarget.token, oursTarget.stores[0].id);
    const baseline = await startBaseline(storeDocument);
    const ceilings = {
      koa: calls.some((c) => c.ceiling?.server === 'koa') ? await startCeiling('koa', storeDocument) : undefined,
      oidc: calls.some((c) => c.ceiling?.server === 'oidc') ? await startCeiling('oidc', storeDocument) : undefined,
    };

    const rounds = new Map<string, RoundSamples[]>(calls.map((call) => [call.name, []]));
    for (let round = 1; round <= ROUNDS; round++) {
      for (const call of calls) {
        const measureOn = async (target: Target, pids: number[]) => {
          await waitUntilIdle();
          const sample = await measure(() => call.options(target), call.expectedStatus, settings, pids);
          await call.cleanUp?.(target);
          return sample;
        };
        await waitUntilIdle();
        const samples: RoundSamples = {
          baseline: await measure(() => ({ url: baseline.info.url }), 200, settings, pidList(baseline)),
          ours: await measureOn(oursTarget, pidList(ours)),
          // The token call runs on the second emulator process; the first is idle meanwhile.
          emulator: call.emulator === false ? undefined : await measureOn(emulatorTarget, pidList(emulator, emulatorTokens)),
        };
        const ceiling = call.ceiling && ceilings[call.ceiling.server];
        if (call.ceiling && ceiling) {
          await waitUntilIdle();
          samples.ceiling = await measure(() => call.ceiling!.options(ceiling.info.url), call.expectedStatus, settings, pidList(ceiling));
        }
        rounds.get(call.name)!.push(samples);
        console.log(
          `[${pass.database}] round ${round}/${ROUNDS} ${call.name}\n  bare Koa  ${summaryLine(samples.baseline)}\n  ours      ${summaryLine(samples.ours)}\n  emulator  ${samples.emulator ? summaryLine(samples.emulator) : '(no such call)'}` +
            (samples.ceiling ? `\n  ceiling   ${summaryLine(samples.ceiling)}` : ''),
        );
      }
    }
    return { database: pass.database, calls: calls.map((call) => summarize(call.name, rounds.get(call.name)!)) };
  } finally {
    await stopAll();
  }
}

function emulatorVersion(): string {
  const manifest = new URL('../node_modules/@labdigital/commercetools-mock/package.json', import.meta.url);
  return (JSON.parse(readFileSync(manifest, 'utf8')) as { version: string }).version;
}

async function main(): Promise<void> {
  killChildrenOnExit();
  const passes: Pass[] = [{ database: 'SQLite', databaseUrl: undefined }];
  let schema: Schema | undefined;
  try {
    if (process.env.BENCH_POSTGRES) {
      schema = await createSchema(process.env.BENCH_POSTGRES_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres');
      passes.push({ database: 'PostgreSQL', databaseUrl: schema.databaseUrl });
    } else if (process.env.BENCH_DATABASE_URL) {
      const url = process.env.BENCH_DATABASE_URL;
      passes.push({ database: /^postgres(ql)?:/.test(url) ? 'PostgreSQL' : url, databaseUrl: url });
    }
    const results: PassSummary[] = [];
    for (const pass of passes) results.push(await runPass(pass));

    const scale = process.env.BENCH_SKIP_SCALE ? undefined : await runQueryScale();
    const notesFile = new URL('./notes.md', import.meta.url);
    // The sections other benchmarks write (`npm run bench:workers`, bench/customers.ts) are kept:
    // they measure apart from this run.
    const previous = existsSync('BENCHMARKS.md') ? readFileSync('BENCHMARKS.md', 'utf8') : '';
    const workerSections = previous.match(/<!-- ([\w:]+):start -->[\s\S]*?<!-- \1:end -->/g) ?? [];
    writeFileSync(
      'BENCHMARKS.md',
      renderReport({
        date: new Date(),
        rounds: ROUNDS,
        ...settings,
        stores: STORES,
        emulatorVersion: emulatorVersion(),
        passes: results,
        notes: existsSync(notesFile) ? readFileSync(notesFile, 'utf8') : '_Not written yet (bench/notes.md)._',
        scale,
      }).trimEnd() + (workerSections.length > 0 ? `\n\n${workerSections.join('\n\n')}\n` : '\n'),
    );
    console.log('\nwrote BENCHMARKS.md');
  } finally {
    await stopAll();
    await schema?.drop();
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(error);
  process.exit(1);
}
