/**
 * The administration interface for what the API cannot do by itself (the spec: "the first API Client
 * must be created in the administration interface"): its commands, run on the database named by
 * DATABASE_URL (same default as the server). `admin.ts` is the process around it; `runAdmin` itself
 * writes nothing and never exits, so the whole command line can be exercised in one process.
 */
import { parseArgs } from 'node:util';
import { assertScopesOfProject } from '../auth/authorize.js';
import { splitScopes } from '../auth/scopes.js';
import { systemClock } from '../shared/clock.js';
import { loadConfig, type Config } from '../config.js';
import { systemContext, type AppServices } from '../context.js';
import { openDatabase, type Database } from '../db/database.js';
import { openInvalidationBus } from '../db/invalidation-bus.js';
import { ApiError, ResourceNotFoundError } from '../errors/api-error.js';
import { createLogger } from '../shared/logger.js';
import { TokenStore } from '../oauth/token-store.js';
import { createServices, type Services } from '../composition.js';
import { describeStartupError } from '../startup-error.js';

interface Output {
  json: unknown;
  text: string;
}

interface Command {
  /** Positional arguments after the command's two words. */
  args: string[];
  usage: string;
  help: string;
  run(services: Services, args: string[], options: { name?: string; scope?: string; yes?: boolean }, app: AppServices): Promise<Output>;
}

/** A usage mistake (exit status 2), as opposed to a refused operation (exit status 1). */
class UsageError extends Error {}

async function requireProject(services: Services, key: string): Promise<void> {
  if (!(await services.projects.find(key))) throw new ResourceNotFoundError(key, `unknown project '${key}' (see: admin project list)`);
}

const COMMANDS: Record<string, Command> = {
  'project create': {
    args: ['key'],
    usage: 'project create <key> [--name N] [--json]',
    help: 'Creates a project in REGION (default europe-west1.gcp; it stays there). Keys are 2-256 characters of [A-Za-z0-9_-]. --json prints the project.',
    async run(services, [key], { name }) {
      const p = await services.projects.create({ key, name });
      return { json: p, text: `created project ${p.key} in region ${services.projects.region}` };
    },
  },
  'project list': {
    args: [],
    usage: 'project list [--json]',
    help: 'Lists the projects of REGION (another region\'s projects in the same database are not shown). --json prints {"region", "results": [project, ...]}.',
    async run(services) {
      const list = await services.projects.list();
      return {
        json: { region: services.projects.region, results: list },
        text: list.map((p) => `${p.key}\t${p.name}`).join('\n') || `(no projects in region ${services.projects.region})`,
      };
    },
  },
  'project delete': {
    args: ['key'],
    usage: 'project delete <key> --yes [--json]',
    help: 'Deletes a project and everything in it: its API clients (their tokens stop working), customers, stores, ... It cannot be undone, so --yes is required. --json prints the deleted project.',
    async run(services, [key], { yes }) {
      await requireProject(services, key);
      if (!yes) throw new UsageError(`project delete removes '${key}' and everything in it for good: add --yes to confirm`);
      const p = await services.projects.delete(key);
      return { json: p, text: `deleted project ${p.key} and everything in it` };
    },
  },
  'client create': {
    args: ['projectKey'],
    usage: 'client create <projectKey> --scope "<scopes>" [--name N] [--json]',
    help:
      'Creates an API client of the project and prints its secret (shown only now: store it). Scopes are space-separated, each\n' +
      'name:<projectKey> or name:<projectKey>:<storeKey>, e.g. "manage_project:shop" or "view_products:shop manage_my_profile:shop".\n' +
      'A lost secret cannot be shown again: create a new client, then delete the old one.\n' +
      '--json prints {"projectKey", "clientId", "clientSecret", "scope"}.',
    async run(services, [projectKey], { name, scope }, app) {
      await requireProject(services, projectKey);
      if (!scope) throw new UsageError(`--scope is required, e.g. --scope "manage_project:${projectKey}"`);
      // The same rule the API applies to a new client (src/auth/authorize.ts).
      assertScopesOfProject(splitScopes(scope), projectKey);
      const c = await services.apiClients.create(systemContext(app, projectKey), { name: name ?? 'admin client', scope });
      return {
        json: { projectKey, clientId: c.id, clientSecret: c.secret, scope: c.scope },
        text: `client_id:     ${c.id}\nclient_secret: ${c.secret}   (shown only now)\nscope:         ${c.scope}`,
      };
    },
  },
  'client list': {
    args: ['projectKey'],
    usage: 'client list <projectKey> [--json]',
    help: 'Lists the API clients of the project (never their secrets). --json prints {"projectKey", "results": [apiClient, ...]}.',
    async run(services, [projectKey], _options, app) {
      await requireProject(services, projectKey);
      const list = await services.apiClients.list(systemContext(app, projectKey));
      return { json: { projectKey, results: list }, text: list.map((c) => `${c.id}\t${c.name}\t${c.scope}`).join('\n') || '(no API clients)' };
    },
  },
  'client delete': {
    args: ['projectKey', 'clientId'],
    usage: 'client delete <projectKey> <clientId> [--json]',
    help: 'Deletes an API client; every token issued to it stops working. --json prints the deleted API client.',
    async run(services, [projectKey, clientId], _options, app) {
      await requireProject(services, projectKey);
      const c = await services.apiClients.delete(systemContext(app, projectKey), clientId);
      return { json: c, text: `deleted client ${c.id}` };
    },
  },
};

const OVERVIEW = `usage: npm run admin -- <command> [options]

${Object.values(COMMANDS)
  .map((c) => `  ${c.usage}`)
  .join('\n')}

Every command takes --json (one JSON object on stdout, {"error": "..."} on failure) and --help.
DATABASE_URL names the database (default file:./data/commerce.db, as the server).`;

function commandHelp(name: string): string {
  const c = COMMANDS[name];
  return `usage: npm run admin -- ${c.usage}\n\n${c.help}`;
}

/** What a command line produced: the process's exit status and its two streams. */
export interface AdminRun {
  status: number;
  stdout: string;
  stderr: string;
}

/**
 * Client ids are drawn from [A-Za-z0-9_-], so one may begin with '-' ("-MKz..."): a single-dash
 * word other than -h is an argument, not an option. Such words go after '--', where parseArgs
 * takes everything as positional; long options (known or not) stay options.
 */
function positionalsLast(args: string[]): string[] {
  const options: string[] = [];
  const rest: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    if (arg.startsWith('--') || arg === '-h') {
      options.push(arg);
      if ((arg === '--name' || arg === '--scope') && i + 1 < args.length) options.push(args[++i]);
    } else rest.push(arg);
  }
  return [...options, '--', ...rest];
}

/** Runs one command line (`argv` without the program) with `env` as its environment. */
export async function runAdmin(argv: string[], env: NodeJS.ProcessEnv): Promise<AdminRun> {
  let json = argv.includes('--json');
  const finish = (status: number, message: string, stream: 'stdout' | 'stderr'): AdminRun => {
    if (status !== 0 && json) return { status, stdout: JSON.stringify({ error: message }) + '\n', stderr: '' };
    return { status, stdout: stream === 'stdout' ? message + '\n' : '', stderr: stream === 'stderr' ? message + '\n' : '' };
  };

  let values: { json?: boolean; name?: string; scope?: string; yes?: boolean; help?: boolean };
  let positionals: string[];
  try {
    ({ values, positionals } = parseArgs({
      args: positionalsLast(argv),
      allowPositionals: true,
      options: {
        json: { type: 'boolean' },
        name: { type: 'string' },
        scope: { type: 'string' },
        yes: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (err) {
    return finish(2, `${(err as Error).message}\n\n${OVERVIEW}`, 'stderr');
  }
  json = values.json === true;

  const name = positionals.slice(0, 2).join(' ');
  const command = COMMANDS[name];
  if (!command) {
    if (values.help || positionals.length === 0) return finish(0, OVERVIEW, 'stdout');
    return finish(2, `unknown command '${positionals.join(' ')}'\n\n${OVERVIEW}`, 'stderr');
  }
  if (values.help) return finish(0, commandHelp(name), 'stdout');
  const args = positionals.slice(2);
  if (args.length !== command.args.length) {
    return finish(2, `${name} takes ${command.args.map((a) => `<${a}>`).join(' ') || 'no arguments'}\n\n${commandHelp(name)}`, 'stderr');
  }

  let config: Config | undefined;
  let db: Database;
  try {
    config = loadConfig(env);
    db = await openDatabase(config.databaseUrl);
  } catch (err) {
    return finish(1, `cannot open the database: ${describeStartupError(err, config)}`, 'stderr');
  }
  const app: AppServices = { config, db, logger: createLogger('silent'), clock: systemClock };
  const services = createServices(app);
  // As in the server: a deleted client's tokens go with it.
  const tokens = new TokenStore(app);
  services.events.on('apiClient.deleted', ({ client }) => tokens.revokeClient(client.id));
  // Running servers on the same PostgreSQL forget what this command removed at once (not after TOKEN_CACHE_TTL_MS).
  const invalidations = await openInvalidationBus(db, app.logger, { listen: false });
  tokens.removed.add((keys) => invalidations.publish({ tokens: keys }));
  services.events.on('apiClient.deleted', ({ client }) => invalidations.publish({ client: client.id }));
  services.events.on('project.changed', ({ project }) => invalidations.publish({ project: project.key }));
  services.events.on('project.deleted', ({ key }) => invalidations.publish({ project: key }));

  try {
    const output = await command.run(services, args, values, app);
    return finish(0, json ? JSON.stringify(output.json) : output.text, 'stdout');
  } catch (err) {
    const message = err instanceof ApiError || err instanceof UsageError ? err.message : describeStartupError(err, config);
    return finish(err instanceof UsageError ? 2 : 1, message, 'stderr');
  } finally {
    await invalidations.close();
    await db.close();
  }
}
