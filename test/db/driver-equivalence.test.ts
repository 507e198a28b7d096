import type { Store } from '../../generated/openapi/client/types.gen.js';
import { systemClock } from '../../src/shared/clock.js';
import { loadConfig } from '../../src/config.js';
import { withTransaction, type RequestContext } from '../../src/context.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { openPrisma, type PrismaClient } from '../support/prisma-client.js';
import { createLogger } from '../../src/shared/logger.js';
import { tokenKey, TokenStore } from '../../src/oauth/token-store.js';
import { normalizeQueryParams } from '../../src/query/index.js';
import { DuplicateFieldError } from '../../src/errors/api-error.js';
import { StoreService } from '../../src/domains/stores/store.service.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';

// The direct data path (src/db on better-sqlite3 / pg) and the Prisma client read the same schema:
// what one writes, the other must read back identically, on both databases.
let fresh: FreshDatabase;
let db: Database;
let prisma: PrismaClient;
let ctx: RequestContext;
const stores = new StoreService();

beforeAll(async () => {
  fresh = await freshDatabase('file');
  db = await openDatabase(fresh.url);
  prisma = openPrisma(fresh.url);
  const logger = createLogger('silent');
  const app = { config: loadConfig({}), db, logger, clock: systemClock };
  ctx = { app, db, projectKey: 'eq', correlationId: 'test-correlation', logger };
});
afterAll(async () => {
  await prisma.$disconnect();
  await db.close();
  await fresh.drop();
});

const draft = (key: string) => ({ key, name: { en: `Store ${key}` }, languages: ['en'], countries: [{ code: 'DE' }] });

describe('the direct data path and Prisma agree', () => {
  it('a document created directly reads back through Prisma with the same columns and JSON', async () => {
    const created = await stores.create(ctx, draft('direct-1'));
    const row = await prisma.store.findUnique({ where: { projectKey_key: { projectKey: 'eq', key: 'direct-1' } } });
    expect(row).toMatchObject({
      id: created.id,
      projectKey: 'eq',
      key: 'direct-1',
      version: 1,
      createdAt: created.createdAt,
      lastModifiedAt: created.lastModifiedAt,
    });
    expect(row!.data).toEqual(created);
  });

  it('a row written by Prisma reads back directly, by id, by key and through the query engine', async () => {
    const doc: Store = {
      id: 'prisma-store-1',
      version: 3,
      key: 'prisma-1',
      name: { en: 'P' },
      languages: [],
      countries: [],
      distributionChannels: [],
      supplyChannels: [],
      productSelections: [],
      createdAt: '2026-01-01T00:00:00.000Z',
      lastModifiedAt: '2026-01-02T00:00:00.000Z',
    };
    await prisma.store.create({
      data: { id: doc.id, projectKey: 'eq', key: doc.key, version: 3, createdAt: doc.createdAt, lastModifiedAt: doc.lastModifiedAt, data: doc as object },
    });
    expect(await stores.get(ctx, { id: doc.id })).toEqual(doc);
    expect(await stores.get(ctx, { key: 'prisma-1' })).toEqual(doc);
    const page = await stores.query(ctx, normalizeQueryParams({ where: ['key = "prisma-1"'] }));
    expect(page.results).toEqual([doc]);
  });

  it('a conditional update and a delete are seen by Prisma exactly', async () => {
    const created = await stores.create(ctx, draft('direct-2'));
    const updated = await stores.update(ctx, { id: created.id }, { version: 1, actions: [{ action: 'setName', name: { en: 'Renamed' } }] });
    const row = await prisma.store.findUnique({ where: { id: created.id } });
    expect(row).toMatchObject({ version: 2, lastModifiedAt: updated.lastModifiedAt });
    expect(row!.data).toEqual(updated);
    await stores.delete(ctx, { id: created.id }, 2);
    expect(await prisma.store.findUnique({ where: { id: created.id } })).toBeNull();
  });

  it('the same query gives the same rows through the query engine and through Prisma', async () => {
    for (let i = 0; i < 5; i++) await stores.create(ctx, draft(`q-${i}`));
    const direct = await stores.query(ctx, normalizeQueryParams({ where: ['key >= "q-1"'], sort: ['key desc'], limit: 3 }));
    const viaPrisma = await prisma.store.findMany({ where: { projectKey: 'eq', key: { gte: 'q-1' } }, orderBy: { key: 'desc' }, take: 3 });
    expect(direct.results).toEqual(viaPrisma.map((r) => r.data));
  });

  it('tokens are stored under their SHA-256 key, without a clear copy, and found by the clear token', async () => {
    const tokens = new TokenStore(ctx.app);
    const token = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
    await tokens.save({
      id: token,
      kind: 'ClientCredentials',
      payload: { jti: token, clientId: 'c1', kind: 'ClientCredentials', scope: 'view_stores:eq' },
      projectKey: 'eq',
      expiresInSeconds: 60,
    });
    const row = await prisma.oAuthToken.findUnique({ where: { id: tokenKey(token) } });
    expect(row).toMatchObject({ kind: 'ClientCredentials', projectKey: 'eq', clientId: 'c1' });
    expect(JSON.stringify(row)).not.toContain(token);
    expect((await tokens.find(token, new Set(['ClientCredentials'])))?.payload.jti).toBe(token);
  });
});

describe('withTransaction', () => {
  it('a failing second write leaves no trace of the first', async () => {
    await stores.create(ctx, draft('taken'));
    const attempt = withTransaction(ctx, async (tx) => {
      await stores.create(tx, draft('tx-first'));
      await stores.create(tx, draft('taken'));
    });
    await expect(attempt).rejects.toBeInstanceOf(DuplicateFieldError);
    expect(await stores.repository.find(ctx, { key: 'tx-first' })).toBeUndefined();
    expect(await prisma.store.findUnique({ where: { projectKey_key: { projectKey: 'eq', key: 'tx-first' } } })).toBeNull();
  });

  it('commits every write together when nothing fails, and joins an enclosing transaction', async () => {
    await withTransaction(ctx, async (tx) => {
      await stores.create(tx, draft('tx-a'));
      await withTransaction(tx, (inner) => stores.create(inner, draft('tx-b')));
    });
    expect((await stores.get(ctx, { key: 'tx-a' })).key).toBe('tx-a');
    expect((await stores.get(ctx, { key: 'tx-b' })).key).toBe('tx-b');
  });

  it('other requests never see a transaction in progress', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let inside!: () => void;
    const started = new Promise<void>((resolve) => (inside = resolve));
    const tx = withTransaction(ctx, async (t) => {
      await stores.create(t, draft('tx-hidden'));
      inside();
      await held;
    });
    await started;
    expect(await stores.repository.find(ctx, { key: 'tx-hidden' })).toBeUndefined();
    release();
    await tx;
    expect(await stores.repository.find(ctx, { key: 'tx-hidden' })).toBeDefined();
  });

  it('group-committed writes fail one by one: a duplicate among concurrent creates fails only itself', async () => {
    const results = await Promise.allSettled([stores.create(ctx, draft('g-1')), stores.create(ctx, draft('g-1')), stores.create(ctx, draft('g-2'))]);
    expect(results.map((r) => r.status).sort()).toEqual(['fulfilled', 'fulfilled', 'rejected']);
    expect((results.find((r) => r.status === 'rejected') as PromiseRejectedResult).reason).toBeInstanceOf(DuplicateFieldError);
    expect(await stores.repository.find(ctx, { key: 'g-2' })).toBeDefined();
  });
});
