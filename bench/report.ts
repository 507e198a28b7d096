/** Reduces the rounds to medians and renders BENCHMARKS.md. */
import { cpus } from 'node:os';
import type { Sample } from './load.js';
import { scaleTable, type ScaleRow } from './query-scale.js';

/** One round's three measurements of one hot call. */
export interface RoundSamples {
  ours: Sample;
  /** Absent for a call the emulator does not have. */
  emulator?: Sample;
  baseline: Sample;
  /** The call's ceiling server (bench/ceiling-*-server.ts), where it has one. */
  ceiling?: Sample;
}

interface Figures {
  rps: number;
  p50: number;
  p99: number;
  /** Summed over all rounds. */
  failed: number;
  /** Median CPU µs per request of the server's processes, where /proc could tell. */
  cpuUs?: number;
}

export interface CallSummary {
  name: string;
  ours: Figures;
  emulator?: Figures;
  baseline: Figures;
  /** Medians of the per-round ratios of req/s (none when the emulator has no such call). */
  oursToEmulator?: number;
  oursToBaseline: number;
  ceiling?: Figures;
  /** Medians of the per-round ratios: the ceiling against the emulator, ours against the ceiling. */
  ceilingToEmulator?: number;
  oursToCeiling?: number;
}

export interface PassSummary {
  /** The database ours ran on, e.g. "SQLite". */
  database: string;
  calls: CallSummary[];
}

export interface ReportInput {
  date: Date;
  rounds: number;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  stores: number;
  emulatorVersion: string;
  passes: PassSummary[];
  notes: string;
  scale: ScaleRow[] | undefined;
}

/** The bar: every hot call at least as fast as the in-memory emulator, while ours persists. */
const BAR = 1.0;

export function median(xs: number[]): number {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

function figures(samples: Sample[]): Figures {
  return {
    rps: median(samples.map((s) => s.rps)),
    p50: median(samples.map((s) => s.p50)),
    p99: median(samples.map((s) => s.p99)),
    failed: samples.reduce((sum, s) => sum + s.failed, 0),
    cpuUs: samples.every((s) => s.cpuUs !== undefined) ? median(samples.map((s) => s.cpuUs!)) : undefined,
  };
}

export function summarize(name: string, rounds: RoundSamples[]): CallSummary {
  return {
    name,
    ours: figures(rounds.map((r) => r.ours)),
    emulator: rounds.every((r) => r.emulator) ? figures(rounds.map((r) => r.emulator!)) : undefined,
    baseline: figures(rounds.map((r) => r.baseline)),
    oursToEmulator: rounds.every((r) => r.emulator) ? median(rounds.map((r) => r.ours.rps / r.emulator!.rps)) : undefined,
    oursToBaseline: median(rounds.map((r) => r.ours.rps / r.baseline.rps)),
    ...(rounds.length > 0 && rounds.every((r) => r.ceiling)
      ? {
          ceiling: figures(rounds.map((r) => r.ceiling!)),
          ceilingToEmulator: rounds.every((r) => r.emulator) ? median(rounds.map((r) => r.ceiling!.rps / r.emulator!.rps)) : undefined,
          oursToCeiling: median(rounds.map((r) => r.ours.rps / r.ceiling!.rps)),
        }
      : {}),
  };
}

const rps = (x: number) => Math.round(x).toLocaleString('en');
const ms = (x: number) => x.toFixed(x < 1 ? 2 : x < 10 ? 1 : 0);
const ratio = (x: number) => `${x.toFixed(2)}×`;
const cpuUs = (f: Figures | undefined) => (f?.cpuUs === undefined ? '—' : String(Math.round(f.cpuUs)));

function hotCallTable(pass: PassSummary): string {
  const rows = pass.calls.map((c) =>
    [
      c.name,
      rps(c.ours.rps),
      c.emulator ? rps(c.emulator.rps) : '— (no such call)',
      rps(c.baseline.rps),
      c.oursToEmulator === undefined ? '—' : c.oursToEmulator >= BAR ? `**${ratio(c.oursToEmulator)}**` : ratio(c.oursToEmulator),
      ratio(c.oursToBaseline),
      `${ms(c.ours.p50)} / ${ms(c.ours.p99)}`,
      c.emulator ? `${ms(c.emulator.p50)} / ${ms(c.emulator.p99)}` : '—',
      `${cpuUs(c.ours)} / ${cpuUs(c.emulator)} / ${cpuUs(c.baseline)}`,
    ].join(' | '),
  );
  return [
    '| hot call | ours req/s | emulator req/s | bare Koa req/s | ours / emulator | ours / bare Koa | ours p50 / p99 ms | emulator p50 / p99 ms | CPU µs per request: ours / emulator / bare Koa |',
    '|---|---|---|---|---|---|---|---|---|',
    ...rows.map((r) => `| ${r} |`),
  ].join('\n');
}

/** The calls measured with a ceiling: what the bar asks of them against what the stack itself allows. */
function ceilingTable(pass: PassSummary): string {
  const measured = pass.calls.filter((c) => c.ceiling);
  if (measured.length === 0) return '';
  const rows = measured.map((c) =>
    [
      c.name,
      rps(c.ceiling!.rps),
      c.emulator ? rps(c.emulator.rps) : '—',
      c.ceilingToEmulator === undefined ? '—' : ratio(c.ceilingToEmulator),
      rps(c.ours.rps),
      ratio(c.oursToCeiling!),
      `${cpuUs(c.ceiling)} / ${cpuUs(c.ours)}`,
    ].join(' | '),
  );
  return `
**Ceilings.** Each row's ceiling server does the least the call can do on this stack, measured in the same rounds:
for the GET, the create and the update, a Koa handler with the token in a \`Map\`, the path split by hand, one prepared
SQLite read by primary key sent as stored, the body parsed, stamped and inserted in one statement, or the document read,
changed and written back under its version, and the access-log line (bench/ceiling-koa-server.ts, on an SQLite file in
both passes); for the token, node-oidc-provider alone
with its in-memory adapter and one static client (bench/ceiling-oidc-server.ts). A ceiling below 1.0× the emulator
means the bar cannot be met on this stack and machine, whatever ours does on top.

| call | ceiling req/s | emulator req/s | ceiling / emulator | ours req/s | ours / ceiling | CPU µs per request: ceiling / ours |
|---|---|---|---|---|---|---|
${rows.map((r) => `| ${r} |`).join('\n')}
`;
}

function failures(pass: PassSummary): string {
  const lines = pass.calls.flatMap((c) =>
    (['ours', 'emulator', 'baseline', 'ceiling'] as const)
      .filter((server) => (c[server]?.failed ?? 0) > 0)
      .map(
        (server) =>
          `${c.name} on ${server === 'baseline' ? 'bare Koa' : server === 'ceiling' ? 'its ceiling' : server}: ${c[server]!.failed.toLocaleString('en')}`,
      ),
  );
  return lines.length
    ? `**Failed requests** (unexpected status, connection error or timeout), which make those figures suspect: ${lines.join('; ')}.`
    : 'Every request answered with the expected status (201 for a create, 200 otherwise).';
}

function verdict(pass: PassSummary): string {
  const compared = pass.calls.filter((c) => c.oursToEmulator !== undefined);
  const meeting = compared.filter((c) => c.oursToEmulator! >= BAR);
  const missing = compared.filter((c) => c.oursToEmulator! < BAR);
  if (!missing.length) return `Every hot call meets the bar on ${pass.database}.`;
  const list = (cs: CallSummary[]) => cs.map((c) => `${c.name} (${ratio(c.oursToEmulator!)})`).join(', ');
  return `On ${pass.database}, ${meeting.length ? `meeting the bar: ${list(meeting)}; ` : 'no hot call meets the bar; '}below it: ${list(missing)}.`;
}

export function renderReport(input: ReportInput): string {
  const cpu = cpus();
  const passSections = input.passes.map(
    (pass) => `## Hot calls on ${pass.database}

${hotCallTable(pass)}
${ceilingTable(pass)}
${failures(pass)}

${verdict(pass)}
`,
  );
  const scale = input.scale
    ? `
## Query engine at scale

Mean latency of one call through the query engine on the embedded database, with 10k, 100k and 1M stores
stored in one project (ratios against the 10k figure; the target is at most 1.5× at 1M):

${scaleTable(input.scale)}
`
    : '';
  return `# Benchmarks

Generated by \`npm run bench\` on ${input.date.toISOString().slice(0, 10)}: ${cpu.length} cores (${cpu[0]?.model.trim() ?? 'unknown CPU'}), Node ${process.version}.

**Method.** Three servers, each in its own process: ours (a fresh database, request logging on at \`info\`
as in production, written to a file as a log collector would take it, not into the benchmark's process), the community emulator \`@labdigital/commercetools-mock\` ${input.emulatorVersion} (in memory,
authentication on: it refuses requests without a bearer token it issued; its request log is off, its default)
and a bare Koa handler answering the document ours returns for \`GET /{projectKey}/stores/{id}\`. Ours and the
emulator each get ${input.stores.toLocaleString('en')} stores through \`POST /{projectKey}/stores\`, and every call carries a
client-credentials bearer token. Load comes from autocannon in the benchmark process: ${input.connections} keep-alive
connections for ${input.seconds} s after a ${input.warmupSeconds} s warm-up. CPU per request is the CPU time (user and
system, all threads) the server's processes used during the measured run divided by the requests answered;
it does not depend on how the two cores were shared with the load generator, which req/s does. Reads ask for a different stored
store with every request; each create sends a new key; each update connection updates a store of its own
with the version the previous answer returned; the stores a create run made are deleted after it. In each of
${input.rounds} round${input.rounds === 1 ? '' : 's'}, every hot call is measured on the bare handler, ours and the emulator one after the other
(each once its servers are idle); the figures are medians over the rounds and each ratio is the median of
the per-round ratios, so drift in the machine's speed cancels out.
The as-associate calls read business units through \`/{projectKey}/as-associate/{associateId}/business-units\`:
a Company where the associate holds a role with \`inheritance: Enabled\`, two Divisions below it and 100 leaf
Divisions below those (the role reaches them only by inheritance, three levels down), next to 400 Companies
the associate is not in. Ours answers only units the associate belongs to (404 otherwise, queries filtered
in SQL); the emulator checks no membership or permission at all.
The category query asks for the children of one of 10 top-level categories (99 each, 1,000 categories in all),
sorted by \`orderHint\`: a JSON predicate on \`parent\` on both servers.
The cart recalculation with a discount changes the quantity of one line (cycling through 1 to 5) of a cart of the
connection's own holding two products, one of them in a category that a relative cart discount (10% off, cart
predicate \`1 = 1\`, targeting line items by category) reaches: ours reprices the cart, evaluates the discount's
predicates on the cart and its products and writes the discounted prices and totals; the emulator stores the
cart discount but does not apply it, so it only reprices the line.
The emulator's token call runs on a second emulator process: the emulator keeps issued tokens in a list it
searches on every authenticated request, so the tokens issued by that benchmark would otherwise slow its
reads and writes for the rest of the run. (It also accepts any client secret and, unlike ours, does not
enforce unique store keys.)

**The bar:** every hot call ≥ ${BAR.toFixed(1)}× the emulator while persisting. Ratios meeting it are in bold.

${passSections.join('\n')}
## Where the time goes

${input.notes.trim()}
${scale}`;
}
