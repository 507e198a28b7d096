/**
 * The administration interface for what the API cannot do by itself (the spec: "the first API Client
 * must be created in the administration interface"):
 *
 *   npm run admin -- project create <key> [--name N] [--json]
 *   npm run admin -- project list [--json]
 *   npm run admin -- client create <projectKey> --scope "manage_project:<key> ..." [--name N] [--json]
 *   npm run admin -- client list <projectKey> [--json]
 *   npm run admin -- client delete <projectKey> <clientId> [--json]
 *
 * It works directly on the database named by DATABASE_URL (same default as the server).
 */
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { systemClock } from '../clock.js';
import { openDatabase } from '../db/database.js';
import { createLogger } from '../logger.js';
import { createServices } from '../services/index.js';
import { ApiError } from '../errors/api-error.js';
import { foreignScopes, splitScopes } from '../auth/scopes.js';

const USAGE = `usage:
  admin project create <key> [--name N] [--json]
  admin project list [--json]
  admin client create <projectKey> --scope "<scopes>" [--name N] [--json]
  admin client list <projectKey> [--json]
  admin client delete <projectKey> <clientId> [--json]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { json: { type: 'boolean', default: false }, name: { type: 'string' }, scope: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
});

function fail(message: string): never {
  if (values.json) process.stdout.write(JSON.stringify({ error: message }) + '\n');
  else process.stderr.write(`${message}\n`);
  process.exit(values.json ? 1 : 2);
}

if (values.help || positionals.length < 2) {
  process.stdout.write(USAGE + '\n');
  process.exit(values.help ? 0 : 2);
}

const config = loadConfig();
const db = await openDatabase(config.databaseUrl);
const services = createServices({ config, db, logger: createLogger('silent'), clock: systemClock });

function out(json: unknown, text: string): void {
  process.stdout.write((values.json ? JSON.stringify(json) : text) + '\n');
}

try {
  const [resource, command, a, b] = positionals;
  if (resource === 'project' && command === 'create' && a) {
    const p = await services.projects.create({ key: a, name: values.name });
    out(p, `created project ${p.key}`);
  } else if (resource === 'project' && command === 'list') {
    const list = await services.projects.list();
    out(list, list.map((p) => `${p.key}\t${p.name}`).join('\n'));
  } else if (resource === 'client' && command === 'create' && a) {
    if (!(await services.projects.find(a))) fail(`unknown project '${a}'`);
    if (!values.scope) fail('--scope is required, e.g. --scope "manage_project:' + a + '"');
    // The API refuses these for a client of this project; the first client must follow the same rule.
    const foreign = foreignScopes(splitScopes(values.scope), a);
    if (foreign.length > 0) fail(`invalid scope ${foreign.join(', ')}: scopes of project '${a}' are name:${a} or name:${a}:{storeKey}`);
    const c = await services.apiClients.create(a, { name: values.name ?? 'admin client', scope: values.scope });
    out(
      { projectKey: a, clientId: c.id, clientSecret: c.secret, scope: c.scope },
      `client_id:     ${c.id}\nclient_secret: ${c.secret}   (shown only now)\nscope:         ${c.scope}`,
    );
  } else if (resource === 'client' && command === 'list' && a) {
    const list = await services.apiClients.list(a);
    out(list, list.map((c) => `${c.id}\t${c.name}\t${c.scope}`).join('\n'));
  } else if (resource === 'client' && command === 'delete' && a && b) {
    const c = await services.apiClients.delete(a, b);
    out(c, `deleted client ${c.id}`);
  } else {
    fail(USAGE);
  }
} catch (err) {
  fail(err instanceof ApiError ? err.message : String(err));
} finally {
  await db.close();
}
