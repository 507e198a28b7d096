/**
 * The Koa ceiling: the least a persisted, authenticated, logged GET by id, create or update can do on Koa, to
 * show what the bar allows on this machine. One Koa handler: the bearer token looked up in a `Map`,
 * the path split by hand, then for a GET one prepared better-sqlite3 read of the stored JSON text (WAL
 * file, primary key) sent as stored; for a create the body parsed, stamped with an id, version and
 * dates, inserted (primary key and unique key, one statement, committed with `synchronous = NORMAL`)
 * and answered 201; for a one-action update the document read, its version compared, the name set and
 * the document written back under `WHERE version = ?`; and our access-log line. No correlation id, no request limits, no validation, no
 * scopes, no error envelope, no client logging: everything ours must also do is left out. Seeds CEILING_ROWS copies
 * of BASELINE_BODY under ids `ceilingId(i)` (bench/ceiling-ids.ts); prints `{"port"}` on its first line.
 */
import Database from 'better-sqlite3';
import Koa from 'koa';
import { mkdtempSync, rmSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newId } from '../src/shared/ids.js';
import { accessLineWriter, createLogger } from '../src/shared/logger.js';
import { ceilingId, CEILING_PROJECT, CEILING_ROWS, CEILING_TOKEN } from './ceiling-ids.js';

const dir = mkdtempSync(join(tmpdir(), 'cpa-ceiling-'));
const db = new Database(join(dir, 'ceiling.db'));
db.pragma('journal_mode = WAL');
db.pragma('synchronous = NORMAL');
db.exec('CREATE TABLE store (id TEXT PRIMARY KEY, projectKey TEXT NOT NULL, key TEXT, data TEXT NOT NULL)');
db.exec('CREATE UNIQUE INDEX store_key ON store (projectKey, key)');
const doc = JSON.parse(process.env.BASELINE_BODY ?? '{"version":1}') as Record<string, unknown>;
const insert = db.prepare<[string, string, string | null, string]>('INSERT INTO store (id, projectKey, key, data) VALUES (?, ?, ?, ?)');
db.transaction(() => {
  for (let i = 0; i < CEILING_ROWS; i++) insert.run(ceilingId(i), CEILING_PROJECT, `k${i}`, JSON.stringify({ ...doc, id: ceilingId(i), key: `k${i}` }));
})();
const read = db.prepare<[string, string], string>('SELECT data FROM store WHERE id = ? AND projectKey = ?').pluck();
const replace = db.prepare<[string, string, string, number]>(
  "UPDATE store SET data = ? WHERE id = ? AND projectKey = ? AND json_extract(data, '$.version') = ?",
);

async function readBody(req: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

const tokens = new Map([[CEILING_TOKEN, { projectKey: CEILING_PROJECT, clientId: 'ceiling' }]]);
const write = accessLineWriter(createLogger('info'))!;
const app = new Koa();
app.use(async (ctx) => {
  const start = process.hrtime.bigint();
  const auth = ctx.get('Authorization');
  const principal = auth.startsWith('Bearer ') ? tokens.get(auth.slice(7)) : undefined;
  const parts = ctx.path.split('/');
  if (!principal) ctx.status = 401;
  else if (ctx.method === 'POST' && parts.length === 3 && parts[1] === principal.projectKey && parts[2] === 'stores') {
    const fields = JSON.parse(await readBody(ctx.req)) as { key?: string };
    const id = newId();
    const now = new Date().toISOString();
    const text = JSON.stringify({ id, version: 1, ...fields, createdAt: now, lastModifiedAt: now });
    insert.run(id, parts[1], fields.key ?? null, text);
    ctx.status = 201;
    ctx.type = 'application/json; charset=utf-8';
    ctx.body = text;
  } else if (ctx.method === 'POST' && parts.length === 4 && parts[1] === principal.projectKey && parts[2] === 'stores') {
    // One setName action at the version the client names: read, change, conditional write.
    const update = JSON.parse(await readBody(ctx.req)) as { version: number; actions: Array<{ name: unknown }> };
    const data = read.get(parts[3], parts[1]);
    const current = data === undefined ? undefined : (JSON.parse(data) as Record<string, unknown> & { version: number });
    if (current === undefined) ctx.status = 404;
    else if (current.version !== update.version) ctx.status = 409;
    else {
      const text = JSON.stringify({ ...current, name: update.actions[0].name, version: current.version + 1, lastModifiedAt: new Date().toISOString() });
      if (replace.run(text, parts[3], parts[1], current.version).changes === 0) ctx.status = 409;
      else {
        ctx.type = 'application/json; charset=utf-8';
        ctx.body = text;
      }
    }
  } else {
    const data = parts.length === 4 && parts[1] === principal.projectKey && parts[2] === 'stores' ? read.get(parts[3], parts[1]) : undefined;
    if (data === undefined) ctx.status = 404;
    else {
      ctx.type = 'application/json; charset=utf-8';
      ctx.body = data;
    }
  }
  const ms = Number(process.hrtime.bigint() - start) / 1e6;
  write(
    `{"level":30,"time":${Date.now()},"method":"${ctx.method}","path":${JSON.stringify(ctx.path)},"status":${ctx.status},"ms":${ms},"clientId":"ceiling","msg":"request"}\n`,
  );
});
const server = app.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const info = JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 }) + '\n';
  if (process.env.BENCH_INFO_FD) writeSync(Number(process.env.BENCH_INFO_FD), info);
  else process.stdout.write(info);
});
process.once('SIGTERM', () =>
  server.close(() => {
    db.close();
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  }),
);
