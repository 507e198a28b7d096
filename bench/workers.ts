/**
 * Throughput of `npm start` with WORKERS=1 and WORKERS=2 side by side (the same machine, the same
 * database kind), written into BENCHMARKS.md between the workers markers. `npm run bench:workers`;
 * BENCH_DATABASE_URL=postgresql://... measures on PostgreSQL (a fresh schema each run).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { measure, type Sample } from './load.js';

const SETTINGS = { seconds: Number(process.env.BENCH_SECONDS ?? 5), warmupSeconds: 1, connections: 20 };
const KIND = process.env.BENCH_DATABASE_URL ? 'postgresql' : 'sqlite';
const START = `<!-- workers:${KIND}:start -->`;
const END = `<!-- workers:${KIND}:end -->`;

interface Started {
  url: string;
  clientId: string;
  clientSecret: string;
  stop(): Promise<void>;
}

async function startMain(workers: number, databaseUrl: string): Promise<Started> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    env: {
      ...process.env,
      NODE_OPTIONS: '',
      PLAIN_HTTP: 'true',
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WORKERS: String(workers),
      DATABASE_URL: databaseUrl,
      TOKEN_RATE_LIMIT_PER_MINUTE: '1000000',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout!.on('data', (c) => (out += c));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 60_000;
  for (;;) {
    const url = /curl -s -H "Authorization: Bearer <access_token>" (http:\/\/[^/\s]+)\//.exec(out)?.[1];
    const id = /client_id:\s+(\S+)/.exec(out)?.[1];
    const secret = /client_secret:\s+(\S+)/.exec(out)?.[1];
    const listening = out.match(/"msg":"listening"/g)?.length ?? 0;
    // Every worker has to be up (and done starting) before measuring.
    if (url && id && secret && listening >= workers) {
      child.stdout!.removeAllListeners('data');
      child.stdout!.resume();
      await new Promise((r) => setTimeout(r, 1000));
      return { url, clientId: id, clientSecret: secret, stop: async () => void (child.kill('SIGTERM'), await exited) };
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error(`server did not start:\n${out}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function freshDatabaseUrl(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.BENCH_DATABASE_URL;
  if (base) {
    const url = new URL(base);
    const schema = `bench_workers_${Date.now()}`;
    url.searchParams.set('schema', schema);
    return {
      url: url.toString(),
      drop: async () => {
        const admin = new pg.Client({ connectionString: base });
        await admin.connect();
        await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
        await admin.end();
      },
    };
  }
  const dir = mkdtempSync(join(tmpdir(), 'cpa-workers-'));
  return { url: `file:${join(dir, 'bench.db')}`, drop: async () => rmSync(dir, { recursive: true, force: true }) };
}

async function measureWorkers(workers: number): Promise<{ read: Sample; create: Sample }> {
  const database = await freshDatabaseUrl();
  const server = await startMain(workers, database.url);
  try {
    const tokenRes = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${server.clientId}:${server.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    });
    const { access_token: token } = (await tokenRes.json()) as { access_token: string };
    const headers = { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' };
    const created = await fetch(`${server.url}/demo/stores`, { method: 'POST', headers, body: JSON.stringify({ key: 'bench' }) });
    const { id } = (await created.json()) as { id: string };
    const read = await measure(() => ({ url: `${server.url}/demo/stores/${id}`, headers }), 200, SETTINGS);
    let n = 0;
    const create = await measure(
      () => ({
        url: `${server.url}/demo/stores`,
        method: 'POST',
        headers,
        requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify({ key: `w${workers}-${n++}` }) }) }],
      }),
      201,
      SETTINGS,
    );
    return { read, create };
  } finally {
    await server.stop();
    await database.drop();
  }
}

const one = await measureWorkers(1);
const two = await measureWorkers(2);
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const ms = (n: number) => n.toFixed(2);
const row = (name: string, a: Sample, b: Sample) =>
  `| ${name} | ${fmt(a.rps)} | ${fmt(b.rps)} | ${(b.rps / a.rps).toFixed(2)}× | ${ms(a.p50)} / ${ms(a.p99)} | ${ms(b.p50)} / ${ms(b.p99)} | ${a.failed + b.failed} |`;
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'SQLite (one file, WAL)';
const section = [
  START,
  `## Workers: \`WORKERS=1\` and \`WORKERS=2\` side by side (${database})`,
  '',
  `Generated by \`npm run bench:workers\` on ${new Date().toISOString().slice(0, 10)}: ${availableParallelism()} cores, Node ${process.version}. \`npm start\` with plain HTTP, request logging at \`info\` as in production; autocannon in the benchmark process with ${SETTINGS.connections} keep-alive connections for ${SETTINGS.seconds} s after a ${SETTINGS.warmupSeconds} s warm-up. The load generator shares the cores with the workers, so on a 2-core machine the second worker competes with it: read the ratio as a smoke test that the port is shared, not as the scaling of a larger machine.`,
  '',
  '| call | 1 worker req/s | 2 workers req/s | ratio | 1 worker p50 / p99 ms | 2 workers p50 / p99 ms | failed |',
  '|---|---|---|---|---|---|---|',
  row('GET store by id', one.read, two.read),
  row('POST create store', one.create, two.create),
  END,
].join('\n');
const file = 'BENCHMARKS.md';
const current = readFileSync(file, 'utf8');
const next = current.includes(START) ? current.replace(new RegExp(`${START}[\\s\\S]*?${END}`), section) : `${current.trimEnd()}\n\n${section}\n`;
writeFileSync(file, next);
process.stdout.write(section + '\n');
