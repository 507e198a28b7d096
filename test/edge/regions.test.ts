import { jest } from '@jest/globals';
import { testConfigBase } from '../support/test-server.js';
import type { Config } from '../../src/config.js';
import { DuplicateFieldError } from '../../src/errors/api-error.js';
import { createLogger } from '../../src/shared/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { countRows } from '../support/db.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { systemContext } from '../../src/context.js';
import { runAdmin } from '../../src/cli/admin-commands.js';

jest.setTimeout(60_000);

const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

const tokenRequest = (url: string, id: string, secret: string) =>
  fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: basic(id, secret), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });

async function accessToken(url: string, id: string, secret: string): Promise<string> {
  const res = await tokenRequest(url, id, secret);
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

const get = (url: string, path: string, bearer: string) => fetch(`${url}${path}`, { headers: { Authorization: `Bearer ${bearer}` } });

/** `npm run admin -- ...args --json` against the database, as a deployment of `region`. */
async function adminJson<T>(databaseUrl: string, region: string, ...args: string[]): Promise<T> {
  const run = await runAdmin([...args, '--json'], { ...process.env, DATABASE_URL: databaseUrl, REGION: region });
  if (run.status !== 0) throw new Error(`${run.stdout} ${run.stderr}`);
  return JSON.parse(run.stdout) as T;
}

/**
 * Spec "What the service does" 5: regions are isolated and no data moves between them. A deployment
 * has one REGION; two deployments of different regions are pointed at one database here, the worst
 * case of a misconfiguration, to show that each still sees only its own projects.
 */
describe('projects stamped with the region of their deployment', () => {
  let database: FreshDatabase;
  let europe: RunningServer;
  let america: RunningServer;
  let client: { id: string; secret?: string };

  beforeAll(async () => {
    database = await freshDatabase('file');
    const config: Config = { ...testConfigBase(), host: '127.0.0.1', port: 0, plainHttp: true, databaseUrl: database.url, logLevel: 'silent' };
    europe = await startServer({ ...config, region: 'europe-west1.gcp' }, { logger: createLogger('silent') });
    america = await startServer({ ...config, region: 'us-central1.gcp' }, { logger: createLogger('silent') });
    await europe.app.services.projects.create({ key: 'eu-shop', countries: ['DE'], currencies: ['EUR'], languages: ['en'] });
    client = await europe.app.services.apiClients.create(systemContext(europe.services, 'eu-shop'), { name: 'c', scope: 'manage_project:eu-shop' });
  });
  afterAll(async () => {
    await europe?.close();
    await america?.close();
    await database?.drop();
  });

  it("a project created by a deployment is stored with that deployment's REGION", async () => {
    expect(await countRows(europe.services.db, 'Project', '"key" = ? AND "region" = ?', ['eu-shop', 'europe-west1.gcp'])).toBe(1);
    await america.app.services.projects.create({ key: 'us-shop' });
    expect(await countRows(america.services.db, 'Project', '"key" = ? AND "region" = ?', ['us-shop', 'us-central1.gcp'])).toBe(1);
  });

  it('its own region serves it: tokens, the project and its resources', async () => {
    const bearer = await accessToken(europe.url, client.id, client.secret!);
    const res = await get(europe.url, '/eu-shop', bearer);
    expect(res.status).toBe(200);
    // The platform's Project has no region field, and neither has ours.
    expect(await res.json()).not.toHaveProperty('region');
  });

  it('another region refuses its API clients at the token endpoint (401 invalid_client, as an unknown client)', async () => {
    const res = await tokenRequest(america.url, client.id, client.secret!);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { error: string }).error).toBe('invalid_client');
  });

  it('another region refuses the tokens it issued (401 invalid_token)', async () => {
    const bearer = await accessToken(europe.url, client.id, client.secret!);
    const res = await get(america.url, '/eu-shop/stores', bearer);
    expect(res.status).toBe(401);
    expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('invalid_token');
    // Still good where it belongs.
    expect((await get(europe.url, '/eu-shop/stores', bearer)).status).toBe(200);
  });

  it('another region does not find it and cannot take its key: nothing moves between regions', async () => {
    expect(await america.app.services.projects.find('eu-shop')).toBeUndefined();
    expect((await america.app.services.projects.list()).map((p) => p.key)).toEqual(['us-shop']);
    await expect(america.app.services.projects.create({ key: 'eu-shop' })).rejects.toBeInstanceOf(DuplicateFieldError);
    await expect(america.app.services.projects.delete('eu-shop')).rejects.toMatchObject({ status: 404 });
    expect(await europe.app.services.projects.find('eu-shop')).toMatchObject({ key: 'eu-shop' });
  });

  it("the administration command line works in its REGION: lists and reports only that region's projects", async () => {
    const us = await adminJson<{ region: string; results: { key: string }[] }>(database.url, 'us-central1.gcp', 'project', 'list');
    expect(us).toMatchObject({ region: 'us-central1.gcp' });
    expect(us.results.map((p) => p.key)).toEqual(['us-shop']);
    const eu = await adminJson<{ region: string; results: { key: string }[] }>(database.url, 'europe-west1.gcp', 'project', 'list');
    expect(eu.results.map((p) => p.key)).toEqual(['eu-shop']);
  });
});
