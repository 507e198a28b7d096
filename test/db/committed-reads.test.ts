import { jest } from '@jest/globals';
import { loadConfig, type Config } from '../../src/config.js';
import { SqliteDatabase } from '../../src/db/sqlite-driver.js';
import { createLogger } from '../../src/shared/logger.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { startChildServer, type ChildServer } from '../support/child-server.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';
import { systemContext } from '../../src/context.js';

jest.setTimeout(90_000);

/**
 * The committed-read cache (src/db/committed-read-cache.ts): reads by id and by key on an SQLite file
 * come from memory until any connection commits. Each check below reads on one instance right after
 * another wrote: an instance in this process (its own connections) and one in a child process (another
 * process on the file). A text from before the write would fail them. On PostgreSQL there is no such
 * cache; the same checks still hold.
 */
const basic = (id: string, secret: string) => `Basic ${Buffer.from(`${id}:${secret}`).toString('base64')}`;

async function token(url: string, id: string, secret: string): Promise<string> {
  const res = await fetch(`${url}/oauth/token`, {
    method: 'POST',
    headers: { Authorization: basic(id, secret), 'Content-Type': 'application/x-www-form-urlencoded' },
    body: 'grant_type=client_credentials',
  });
  expect(res.status).toBe(200);
  return ((await res.json()) as { access_token: string }).access_token;
}

interface StoreBody {
  id: string;
  key: string;
  version: number;
  name?: Record<string, string>;
}

describe('reads by id and key after a write on another instance or process', () => {
  let database: FreshDatabase;
  let reader: RunningServer;
  let writer: RunningServer;
  let child: ChildServer;
  const bearer: Record<string, string> = {};

  const call = async (url: string, path: string, body?: unknown) => {
    const res = await fetch(`${url}/test${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { Authorization: `Bearer ${bearer[url]}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: res.status, body: (await res.json()) as StoreBody };
  };

  beforeAll(async () => {
    database = await freshDatabase('file');
    const config: Config = { ...loadConfig({}), host: '127.0.0.1', port: 0, plainHttp: true, databaseUrl: database.url, logLevel: 'silent' };
    reader = await startServer(config, { logger: createLogger('silent') });
    writer = await startServer(config, { logger: createLogger('silent') });
    await reader.app.services.projects.create({ key: 'test', languages: ['en'] });
    const client = await reader.app.services.apiClients.create(systemContext(reader.services, 'test'), { name: 'c', scope: 'manage_project:test' });
    child = await startChildServer(database.url);
    for (const url of [reader.url, writer.url, child.url]) bearer[url] = await token(url, client.id, client.secret!);
  });
  afterAll(async () => {
    await child?.kill('SIGTERM');
    await reader?.close();
    await writer?.close();
    await database?.drop();
  });

  it.each([
    ['another instance in this process', () => writer.url],
    ['another process', () => child.url],
  ])('updates, key changes and deletes made by %s are seen at once', async (_name, writerUrl) => {
    const other = writerUrl();
    const key = `s-${Math.random().toString(36).slice(2, 10)}`;
    const created = await call(other, '/stores', { key, name: { en: 'v1' } });
    expect(created.status).toBe(201);
    let version = created.body.version;
    for (let i = 2; i <= 30; i++) {
      // Read on the reader twice (the second from memory on SQLite), then write elsewhere, then read again.
      expect((await call(reader.url, `/stores/${created.body.id}`)).body.version).toBe(version);
      expect((await call(reader.url, `/stores/key=${key}`)).body.version).toBe(version);
      const updated = await call(other, `/stores/${created.body.id}`, { version, actions: [{ action: 'setName', name: { en: `v${i}` } }] });
      expect(updated.status).toBe(200);
      version = updated.body.version;
      const byId = await call(reader.url, `/stores/${created.body.id}`);
      expect([byId.body.version, byId.body.name]).toEqual([version, { en: `v${i}` }]);
      expect((await call(reader.url, `/stores/key=${key}`)).body.version).toBe(version);
    }
    const deleted = await fetch(`${other}/test/stores/${created.body.id}?version=${version}`, {
      method: 'DELETE',
      headers: { Authorization: `Bearer ${bearer[other]}` },
    });
    expect(deleted.status).toBe(200);
    expect((await call(reader.url, `/stores/${created.body.id}`)).status).toBe(404);
    expect((await call(reader.url, `/stores/key=${key}`)).status).toBe(404);

    // A key that moves: the old one is gone and the new one found, on the reader, at once.
    const group = await call(other, '/customer-groups', { key: `${key}-group`, groupName: 'g' });
    expect(group.status).toBe(201);
    expect((await call(reader.url, `/customer-groups/key=${key}-group`)).body.id).toBe(group.body.id);
    const renamed = await call(other, `/customer-groups/key=${key}-group`, {
      version: group.body.version,
      actions: [{ action: 'setKey', key: `${key}-moved` }],
    });
    expect(renamed.status).toBe(200);
    expect((await call(reader.url, `/customer-groups/key=${key}-group`)).status).toBe(404);
    expect((await call(reader.url, `/customer-groups/key=${key}-moved`)).body).toMatchObject({ id: group.body.id, version: renamed.body.version });
  });

  it.each([
    ['another instance in this process', () => writer.url],
    ['another process', () => child.url],
  ])('an associate removed from a unit by %s no longer sees it as an associate, at once', async (_name, writerUrl) => {
    const other = writerUrl();
    const tag = Math.random().toString(36).slice(2, 10);
    const customer = await fetch(`${other}/test/customers`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${bearer[other]}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email: `${tag}@example.com`, password: 'pw-123456' }),
    });
    const customerId = ((await customer.json()) as { customer: { id: string } }).customer.id;
    expect((await call(other, '/associate-roles', { key: `buyer-${tag}`, buyerAssignable: true, permissions: ['UpdateBusinessUnitDetails'] })).status).toBe(
      201,
    );
    const unit = await call(other, '/business-units', {
      key: `unit-${tag}`,
      unitType: 'Company',
      name: 'Unit',
      associates: [
        { customer: { typeId: 'customer', id: customerId }, associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: `buyer-${tag}` } }] },
      ],
    });
    expect(unit.status).toBe(201);
    const asAssociate = `/as-associate/${customerId}/business-units`;
    for (let i = 0; i < 2; i++) {
      expect((await call(reader.url, `${asAssociate}/${unit.body.id}`)).status).toBe(200);
      expect((await call(reader.url, `${asAssociate}/key=unit-${tag}`)).status).toBe(200);
    }
    const removed = await call(other, `/business-units/${unit.body.id}`, {
      version: unit.body.version,
      actions: [{ action: 'removeAssociate', customer: { typeId: 'customer', id: customerId } }],
    });
    expect(removed.status).toBe(200);
    expect((await call(reader.url, `${asAssociate}/${unit.body.id}`)).status).toBe(404);
    expect((await call(reader.url, `${asAssociate}/key=unit-${tag}`)).status).toBe(404);
  });

  it('a write on the same instance is seen by its next read, and the reads in between come from memory on SQLite', async () => {
    const created = await call(reader.url, '/stores', { key: 'same-instance', name: { en: 'one' } });
    const db = reader.services.db;
    const before = db instanceof SqliteDatabase ? { ...db.committedReads!.stats } : undefined;
    for (let i = 0; i < 5; i++) expect((await call(reader.url, `/stores/${created.body.id}`)).body.version).toBe(1);
    if (db instanceof SqliteDatabase) expect(db.committedReads!.stats.hits - before!.hits).toBeGreaterThanOrEqual(4);
    const updated = await call(reader.url, `/stores/${created.body.id}`, { version: 1, actions: [{ action: 'setName', name: { en: 'two' } }] });
    expect(updated.body.version).toBe(2);
    expect((await call(reader.url, `/stores/${created.body.id}`)).body).toMatchObject({ version: 2, name: { en: 'two' } });
  });
});
