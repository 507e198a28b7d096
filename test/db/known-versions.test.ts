import type { Store, StoreUpdateAction } from '../../generated/openapi/client/types.gen.js';
import { systemClock } from '../../src/shared/clock.js';
import { loadConfig } from '../../src/config.js';
import { withTransaction, type RequestContext } from '../../src/context.js';
import { openDatabase, type Database } from '../../src/db/database.js';
import { createLogger } from '../../src/shared/logger.js';
import { StoreService } from '../../src/domains/stores/store.service.js';
import { freshDatabase, type FreshDatabase } from '../support/fresh-database.js';

// An update by id starts from the text this instance last wrote at that version instead of reading
// the row (src/db/known-versions.ts). Two handles on one database file are two instances here: each
// remembers only its own writes, and neither may ever answer from a version the other has moved past,
// nor remember what a rolled-back transaction wrote.
let fresh: FreshDatabase;
let dbA: Database;
let dbB: Database;
let ctx: RequestContext;
let ctxB: RequestContext;
// Instance A's calls use `ctx` (handle A); instance B's are the same service on handle B.
const a = new StoreService();
const onB = (c: RequestContext) => (c === ctx ? ctxB : c);
const b = {
  update: (c: RequestContext, ...rest: [Parameters<StoreService['update']>[1], Parameters<StoreService['update']>[2]]) => a.update(onB(c), ...rest),
  delete: (c: RequestContext, at: Parameters<StoreService['delete']>[1], version: number) => a.delete(onB(c), at, version),
  get: (c: RequestContext, at: Parameters<StoreService['get']>[1]) => a.get(onB(c), at),
};

beforeAll(async () => {
  fresh = await freshDatabase('file');
  dbA = await openDatabase(fresh.url);
  dbB = await openDatabase(fresh.url);
  const logger = createLogger('silent');
  ctx = { app: { config: loadConfig({}), db: dbA, logger, clock: systemClock }, db: dbA, projectKey: 'known', correlationId: 'test-correlation', logger };
  ctxB = { app: { config: loadConfig({}), db: dbB, logger, clock: systemClock }, db: dbB, projectKey: 'known', correlationId: 'test-correlation', logger };
});
afterAll(async () => {
  await dbA.close();
  await dbB.close();
  await fresh.drop();
});

const draft = (key: string) => ({ key, name: { en: `Store ${key}` }, languages: ['en'] });
const update = (version: number, ...actions: StoreUpdateAction[]) => ({ version, actions });
const setName = (en: string): StoreUpdateAction => ({ action: 'setName', name: { en } });
const conflict = (currentVersion: number) => ({ status: 409, code: 'ConcurrentModification', extra: { currentVersion } });

describe('updates by id on an instance whose last known version is no longer the latest', () => {
  // Each test gets a store of its own: A created it (and knows version 1), B has since updated it to 2.
  let n = 0;
  async function movedOn(): Promise<Store> {
    const store = await a.create(ctx, draft(`moved-on-${++n}`));
    await b.update(ctx, { id: store.id }, update(1, setName('by B'), { action: 'setLanguages', languages: ['de'] }));
    return store;
  }

  it('an update that would change nothing is 409 with the current version, not a 200 at the old one', async () => {
    const store = await movedOn();
    await expect(a.update(ctx, { id: store.id }, update(1, setName(store.name!.en)))).rejects.toMatchObject(conflict(2));
  });

  it('an action that fails is 409 as well (a fresh read would have refused the version first)', async () => {
    const store = await movedOn();
    const unknownChannel: StoreUpdateAction = { action: 'addDistributionChannel', distributionChannel: { typeId: 'channel', key: 'nowhere' } };
    await expect(a.update(ctx, { id: store.id }, update(1, unknownChannel))).rejects.toMatchObject(conflict(2));
  });

  it('a change is 409 and writes nothing', async () => {
    const store = await movedOn();
    await expect(a.update(ctx, { id: store.id }, update(1, setName('by A')))).rejects.toMatchObject(conflict(2));
    expect((await a.get(ctx, { id: store.id })).name).toEqual({ en: 'by B' });
  });

  it('at the latest version, the update starts from what the other instance wrote, then from its own write', async () => {
    const store = await movedOn();
    expect(await a.update(ctx, { id: store.id }, update(2, setName('by A')))).toMatchObject({ version: 3, name: { en: 'by A' }, languages: ['de'] });
    expect(await a.update(ctx, { id: store.id }, update(3, { action: 'setCountries', countries: [{ code: 'AT' }] }))).toMatchObject({
      version: 4,
      name: { en: 'by A' },
      languages: ['de'],
      countries: [{ code: 'AT' }],
    });
  });

  it('a store the other instance deleted is 404, whether the update changes it or not', async () => {
    const changed = await a.create(ctx, draft('deleted-by-b-1'));
    const unchanged = await a.create(ctx, draft('deleted-by-b-2'));
    await b.delete(ctx, { id: changed.id }, 1);
    await b.delete(ctx, { id: unchanged.id }, 1);
    await expect(a.update(ctx, { id: changed.id }, update(1, setName('x')))).rejects.toMatchObject({ status: 404, code: 'ResourceNotFound' });
    await expect(a.update(ctx, { id: unchanged.id }, update(1, setName(unchanged.name!.en)))).rejects.toMatchObject({ status: 404, code: 'ResourceNotFound' });
  });
});

describe('what a transaction wrote is remembered only once it is committed', () => {
  it('a rolled-back update leaves no trace in what the next updates start from', async () => {
    const store = await a.create(ctx, draft('rolled-back'));
    const rolledBack = withTransaction(ctx, async (tx) => {
      await a.update(tx, { id: store.id }, update(1, setName('never committed')));
      throw new Error('roll back');
    });
    await expect(rolledBack).rejects.toThrow('roll back');
    // Version 2 now gets other content; an update at 2 must start from it.
    await a.update(ctx, { id: store.id }, update(1, setName('committed')));
    const next = await a.update(ctx, { id: store.id }, update(2, { action: 'setLanguages', languages: ['de'] }));
    expect(next).toMatchObject({ version: 3, name: { en: 'committed' }, languages: ['de'] });
    expect((await b.get(ctx, { id: store.id })).name).toEqual({ en: 'committed' });
  });
});
