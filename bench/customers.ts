/**
 * `npx tsx bench/customers.ts`: the customer API's hot reads — `customer(id)` and `customers(where)`
 * over GraphQL, and `GET /me` with a password-flow token — on our server, each beside a bare Koa
 * handler answering the same document in the same run. Writes its section of BENCHMARKS.md
 * (between the `customers` markers; the rest of the file is `npm run bench`'s).
 *
 *   BENCH_SECONDS (5), BENCH_ROUNDS (3) as in run.ts; BENCH_CUSTOMERS (300) customers seeded.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import type autocannon from 'autocannon';
import { measure, type LoadSettings, type Sample } from './load.js';
import { median } from './report.js';
import { basicAuth, clientCredentialsToken, inPool, type Api } from './seed.js';
import { killChildrenOnExit, runScript, startBaseline, startOurs, stopAll, waitUntilIdle } from './servers.js';

const settings: LoadSettings = { seconds: Number(process.env.BENCH_SECONDS ?? 5), warmupSeconds: 1, connections: 10 };
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 300);
const START = '<!-- customers:start -->';
const END = '<!-- customers:end -->';

async function call(
  api: Api,
  token: string,
  path: string,
  init: { method?: string; body?: unknown; form?: Record<string, string>; basic?: string } = {},
): Promise<unknown> {
  const res = await fetch(`${api.url}${path}`, {
    method: init.method ?? (init.body || init.form ? 'POST' : 'GET'),
    headers: init.form
      ? { authorization: init.basic!, 'content-type': 'application/x-www-form-urlencoded' }
      : { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: init.form ? new URLSearchParams(init.form).toString() : init.body ? JSON.stringify(init.body) : undefined,
  });
  const text = await res.text();
  if (res.status >= 300) throw new Error(`${path}: ${res.status} ${text}`);
  return JSON.parse(text);
}

interface Row {
  name: string;
  ours: Sample[];
  bare: Sample[];
}

function graphqlPost(url: string, token: string, body: (n: number) => unknown): autocannon.Options {
  let n = 0;
  return {
    url,
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    requests: [{ setupRequest: (req) => ({ ...req, body: JSON.stringify(body(n++)) }) }],
  };
}

async function main(): Promise<void> {
  killChildrenOnExit();
  const ours = await startOurs(undefined);
  const api: Api = {
    url: ours.info.url,
    projectKey: ours.info.projectKey,
    tokenUrl: `${ours.info.url}/oauth/token`,
    basic: basicAuth(ours.info.clientId, ours.info.clientSecret),
  };
  const admin = await clientCredentialsToken(api);
  const p = api.projectKey;
  const started = Date.now();
  const ids = await inPool(CUSTOMERS, 4, async (i) => {
    const draft = {
      email: `c${i}@example.com`,
      password: `pw-${i}`,
      firstName: `F${i}`,
      lastName: `L${i % 50}`,
      addresses: [{ country: 'DE', city: `City ${i}` }],
      defaultShippingAddress: 0,
    };
    return ((await call(api, admin, `/${p}/customers`, { body: draft })) as { customer: { id: string } }).customer.id;
  });
  console.log(`seeded ${CUSTOMERS} customers in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const client = (await call(api, admin, `/${p}/api-clients`, { body: { name: 'storefront', scope: `manage_my_profile:${p}` } })) as {
    id: string;
    secret: string;
  };
  const session = (await call(api, '', `/oauth/${p}/customers/token`, {
    form: { grant_type: 'password', username: 'c0@example.com', password: 'pw-0' },
    basic: basicAuth(client.id, client.secret),
  })) as { access_token: string };
  const meDocument = JSON.stringify(await call(api, session.access_token, `/${p}/me`));

  const byId = 'query($id: String) { customer(id: $id) { id version email firstName lastName addresses { id city country } } }';
  const byWhere = 'query($w: String) { customers(where: $w, limit: 20) { total results { id email firstName } } }';
  const calls = [
    {
      name: 'GraphQL customer(id)',
      options: () => graphqlPost(`${api.url}/${p}/graphql`, admin, (n) => ({ query: byId, variables: { id: ids[(n * 31) % ids.length] } })),
      sample: () => call(api, admin, `/${p}/graphql`, { body: { query: byId, variables: { id: ids[0] } } }),
    },
    {
      name: 'GraphQL customers(where)',
      options: () => graphqlPost(`${api.url}/${p}/graphql`, admin, (n) => ({ query: byWhere, variables: { w: `lastName = "L${n % 50}"` } })),
      sample: () => call(api, admin, `/${p}/graphql`, { body: { query: byWhere, variables: { w: 'lastName = "L0"' } } }),
    },
    {
      name: 'GET /me',
      options: (): autocannon.Options => ({ url: `${api.url}/${p}/me`, headers: { authorization: `Bearer ${session.access_token}` } }),
      sample: async () => JSON.parse(meDocument) as unknown,
    },
  ];
  const rows: Row[] = [];
  for (const c of calls) {
    // The bare handler answers the very document our server answers for this call.
    const baseline = await startBaseline(JSON.stringify(await c.sample()));
    const row: Row = { name: c.name, ours: [], bare: [] };
    for (let round = 1; round <= ROUNDS; round++) {
      await waitUntilIdle();
      row.bare.push(await measure(() => ({ url: baseline.info.url }), 200, settings));
      await waitUntilIdle();
      row.ours.push(await measure(c.options, 200, settings));
      const [o, b] = [row.ours.at(-1)!, row.bare.at(-1)!];
      console.log(`round ${round}/${ROUNDS} ${c.name}: ours ${Math.round(o.rps)} req/s p50 ${o.p50} ms (${o.failed} failed), bare ${Math.round(b.rps)} req/s`);
    }
    await baseline.stop();
    rows.push(row);
  }
  await stopAll();
  writeSection(rows);
}

function writeSection(rows: Row[]): void {
  const med = (samples: Sample[], f: (s: Sample) => number) => median(samples.map(f));
  const lines = [
    START,
    '## Customers: GraphQL reads and GET /me (`npx tsx bench/customers.ts`)',
    '',
    `${new Date().toISOString().slice(0, 10)}, embedded SQLite, ${CUSTOMERS} customers, ${settings.connections} connections, ${settings.seconds} s per measurement after a ${settings.warmupSeconds} s warm-up, median of ${ROUNDS} rounds. "bare Koa" answers the same document from memory in the same run.`,
    '',
    '| call | ours req/s | ours p50 ms | ours p99 ms | bare Koa req/s | ours / bare | failed |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...rows.map((r) => {
      const rps = med(r.ours, (s) => s.rps);
      const bare = med(r.bare, (s) => s.rps);
      const failed = r.ours.reduce((sum, s) => sum + s.failed, 0);
      return `| ${r.name} | ${Math.round(rps)} | ${med(r.ours, (s) => s.p50).toFixed(2)} | ${med(r.ours, (s) => s.p99).toFixed(2)} | ${Math.round(bare)} | ${(rps / bare).toFixed(2)}x | ${failed} |`;
    }),
    '',
    '`customers(where)` filters on `lastName`, a field inside the stored document (no index of its own), and counts the total; `customer(id)` reads the row by its primary key; `GET /me` sends the stored document as it is.',
    END,
  ];
  const section = lines.join('\n');
  const current = existsSync('BENCHMARKS.md') ? readFileSync('BENCHMARKS.md', 'utf8') : '';
  const start = current.indexOf(START);
  const end = current.indexOf(END);
  const next = start >= 0 && end > start ? current.slice(0, start) + section + current.slice(end + END.length) : `${current.trimEnd()}\n\n${section}\n`;
  writeFileSync('BENCHMARKS.md', next);
  console.log('\nwrote the customers section of BENCHMARKS.md');
}

await runScript(main);
