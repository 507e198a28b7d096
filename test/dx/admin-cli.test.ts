import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runAdmin } from '../../src/cli/admin-commands.js';
import { loadConfig } from '../../src/config.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';

const ROOT = join(import.meta.dirname, '..', '..');

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

let database: FreshDatabase;
let server: RunningServer;

/** `npm run admin -- ...args` as a process: its script, without npm's banner. */
function adminProcess(...args: string[]): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/cli/admin.ts', ...args],
      { cwd: ROOT, env: { ...process.env, NODE_OPTIONS: '', DATABASE_URL: database.url } },
      (err, stdout, stderr) => resolve({ code: err ? ((err as { code?: number }).code ?? -1) : 0, stdout, stderr }),
    );
  });
}

/**
 * The same command line in this process: the commands, their output and exit status are runAdmin's;
 * the process around it (admin.ts) only writes them out, which the first test shows.
 */
async function admin(...args: string[]): Promise<Run> {
  const run = await runAdmin(args, { ...process.env, DATABASE_URL: database.url });
  return { code: run.status, stdout: run.stdout, stderr: run.stderr };
}

async function adminJson<T>(...args: string[]): Promise<T> {
  const run = await admin(...args, '--json');
  if (run.code !== 0) throw new Error(`admin ${args.join(' ')}: ${run.code} ${run.stdout} ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

async function token(clientId: string, clientSecret: string): Promise<Response> {
  return fetch(`${server.url}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: `Basic ${Buffer.from(`${clientId}:${clientSecret}`).toString('base64')}`, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
}

async function accessToken(clientId: string, clientSecret: string): Promise<string> {
  const res = await token(clientId, clientSecret);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface CreatedClient {
  projectKey: string;
  clientId: string;
  clientSecret: string;
  scope: string;
}

beforeAll(async () => {
  database = await freshDatabase('file');
  // The server shares the database with the command line; no token cache, so a revocation shows at once.
  server = await startServer({
    ...loadConfig({}),
    host: '127.0.0.1',
    port: 0,
    plainHttp: true,
    databaseUrl: database.url,
    logLevel: 'silent',
    tokenCacheTtlMs: 0,
  });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

describe('the process', () => {
  it('writes what the command produced to stdout or stderr and exits with its status', async () => {
    const [listed, usage] = await Promise.all([adminProcess('project', 'list', '--json'), adminProcess('client', 'list')]);
    expect(listed).toMatchObject({ code: 0, stderr: '' });
    expect(JSON.parse(listed.stdout)).toEqual(JSON.parse((await admin('project', 'list', '--json')).stdout));
    expect(usage.code).toBe(2);
    expect(usage.stdout).toBe('');
    expect(usage.stderr).toBe((await admin('client', 'list')).stderr);
  });
});

describe('project commands', () => {
  it('project create --json prints the project; project list --json prints {"results"}', async () => {
    const created = await adminJson<{ key: string; name: string; version: number }>('project', 'create', 'shop', '--name', 'My shop');
    expect(created).toMatchObject({ key: 'shop', name: 'My shop', version: 1 });
    const list = await adminJson<{ results: { key: string }[] }>('project', 'list');
    expect(list.results.map((p) => p.key)).toContain('shop');
  });

  it('project delete needs --yes, then removes the project, its clients and their tokens, and nothing else', async () => {
    await adminJson('project', 'create', 'doomed');
    await adminJson('project', 'create', 'kept');
    const doomed = await adminJson<CreatedClient>('client', 'create', 'doomed', '--scope', 'manage_project:doomed');
    const kept = await adminJson<CreatedClient>('client', 'create', 'kept', '--scope', 'manage_project:kept');
    const doomedToken = await accessToken(doomed.clientId, doomed.clientSecret);
    const store = await fetch(`${server.url}/doomed/stores`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${doomedToken}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ key: 'berlin' }),
    });
    expect(store.status).toBe(201);

    const refused = await admin('project', 'delete', 'doomed');
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('--yes');
    expect((await adminJson<{ results: { key: string }[] }>('project', 'list')).results.map((p) => p.key)).toContain('doomed');

    const deleted = await adminJson<{ key: string }>('project', 'delete', 'doomed', '--yes');
    expect(deleted.key).toBe('doomed');
    const keys = (await adminJson<{ results: { key: string }[] }>('project', 'list')).results.map((p) => p.key);
    expect(keys).not.toContain('doomed');
    expect(keys).toContain('kept');
    expect((await fetch(`${server.url}/doomed`, { headers: { Authorization: `Bearer ${doomedToken}` } })).status).toBe(401);
    expect((await token(doomed.clientId, doomed.clientSecret)).status).toBe(401);
    // A project of the same key starts empty.
    await adminJson('project', 'create', 'doomed');
    expect((await adminJson<{ results: unknown[] }>('client', 'list', 'doomed')).results).toEqual([]);
    await accessToken(kept.clientId, kept.clientSecret);
  });
});

describe('client commands', () => {
  it('client create --json prints {projectKey, clientId, clientSecret, scope}, and the client gets tokens', async () => {
    const c = await adminJson<CreatedClient>('client', 'create', 'shop', '--scope', 'manage_project:shop', '--name', 'ops');
    expect(Object.keys(c).sort()).toEqual(['clientId', 'clientSecret', 'projectKey', 'scope']);
    expect(c).toMatchObject({ projectKey: 'shop', scope: 'manage_project:shop' });
    const t = await accessToken(c.clientId, c.clientSecret);
    expect((await fetch(`${server.url}/shop`, { headers: { Authorization: `Bearer ${t}` } })).status).toBe(200);
  });

  it('refuses scopes of another project with the message the API gives', async () => {
    const run = await admin('client', 'create', 'shop', '--scope', 'manage_project:demo');
    expect(run.code).toBe(1);
    const admin0 = await adminJson<CreatedClient>('client', 'create', 'shop', '--scope', 'manage_project:shop');
    const t = await accessToken(admin0.clientId, admin0.clientSecret);
    const api = await fetch(`${server.url}/shop/api-clients`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${t}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: 'x', scope: 'manage_project:demo' }),
    });
    expect(api.status).toBe(400);
    expect(run.stderr.trim()).toBe(((await api.json()) as { message: string }).message);
  });

  it('client list --json prints {projectKey, results} without secrets', async () => {
    const list = await adminJson<{ projectKey: string; results: Record<string, unknown>[] }>('client', 'list', 'shop');
    expect(list.projectKey).toBe('shop');
    expect(list.results.length).toBeGreaterThan(0);
    expect(JSON.stringify(list)).not.toMatch(/secret/i);
  });

  it('client delete --json prints the deleted client, and its tokens stop working at once', async () => {
    const c = await adminJson<CreatedClient>('client', 'create', 'shop', '--scope', 'view_project_settings:shop');
    const t = await accessToken(c.clientId, c.clientSecret);
    expect((await fetch(`${server.url}/shop`, { headers: { Authorization: `Bearer ${t}` } })).status).toBe(200);
    const deleted = await adminJson<{ id: string }>('client', 'delete', 'shop', c.clientId);
    expect(deleted.id).toBe(c.clientId);
    expect((await fetch(`${server.url}/shop`, { headers: { Authorization: `Bearer ${t}` } })).status).toBe(401);
  });

  it('takes a client id that begins with "-" as the id, not as an option (ids are drawn from [A-Za-z0-9_-])', async () => {
    const run = await admin('client', 'delete', 'shop', '-MKzB_GUJMnZsOL63lQDHfEn', '--json');
    expect(run.stdout).not.toContain('Unknown option');
    expect(run.code).toBe(1);
    expect(JSON.parse(run.stdout).error).toContain('-MKzB_GUJMnZsOL63lQDHfEn');
  });

  // On PostgreSQL the command announces its changes to running servers (LISTEN/NOTIFY); on SQLite the
  // server sees the command's commit on the file before it trusts a cached token.
  it('client delete reaches a running server that caches tokens, without waiting for TOKEN_CACHE_TTL_MS', async () => {
    const caching = await startServer({
      ...loadConfig({}),
      host: '127.0.0.1',
      port: 0,
      plainHttp: true,
      databaseUrl: database.url,
      logLevel: 'silent',
      tokenCacheTtlMs: 60_000,
    });
    try {
      const c = await adminJson<CreatedClient>('client', 'create', 'shop', '--scope', 'view_project_settings:shop');
      const t = await accessToken(c.clientId, c.clientSecret);
      expect((await fetch(`${caching.url}/shop`, { headers: { Authorization: `Bearer ${t}` } })).status).toBe(200);
      await adminJson<{ id: string }>('client', 'delete', 'shop', c.clientId);
      // The command has exited: its notification was sent before; allow for its delivery.
      const deadline = Date.now() + 1000;
      let status = 200;
      while (status === 200 && Date.now() < deadline) {
        status = (await fetch(`${caching.url}/shop`, { headers: { Authorization: `Bearer ${t}` } })).status;
        if (status === 200) await new Promise((r) => setTimeout(r, 20));
      }
      expect(status).toBe(401);
    } finally {
      await caching.close();
    }
  });
});

describe('every command that names a project reports an unknown one', () => {
  it.each([
    [['client', 'create', 'nope', '--scope', 'manage_project:nope']],
    [['client', 'list', 'nope']],
    [['client', 'delete', 'nope', 'some-id']],
    [['project', 'delete', 'nope', '--yes']],
  ])('admin %j', async (args) => {
    const text = await admin(...args);
    expect(text.code).toBe(1);
    expect(text.stderr.trim()).toBe("unknown project 'nope' (see: admin project list)");
    const json = await admin(...args, '--json');
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stdout)).toEqual({ error: "unknown project 'nope' (see: admin project list)" });
  });
});

describe('help', () => {
  it('--help on each command explains it; the overview lists every command, as the README does', async () => {
    const overview = await admin('--help');
    expect(overview.code).toBe(0);
    const usages = overview.stdout
      .split('\n')
      .filter((l) => /^ {2}(project|client) /.test(l))
      .map((l) => l.trim());
    expect(usages).toHaveLength(6);
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    const helps = await Promise.all(usages.map((usage) => admin(...usage.split(' ').slice(0, 2), '--help')));
    usages.forEach((usage, i) => {
      expect(helps[i].code).toBe(0);
      expect(helps[i].stdout).toContain(`usage: npm run admin -- ${usage}`);
      expect(readme).toContain(usage);
    });
  }, 60_000);

  it('a wrong number of arguments or an unknown command is a usage error (exit 2) with the usage', async () => {
    const missing = await admin('client', 'list');
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('usage: npm run admin -- client list <projectKey>');
    const [unknown, badOption] = await Promise.all([admin('client', 'frobnicate'), admin('project', 'list', '--no-such-option')]);
    expect(unknown.code).toBe(2);
    expect(badOption.code).toBe(2);
  });
});
