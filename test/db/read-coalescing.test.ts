/**
 * Reads by id or key that arrive together are coalesced into one statement on PostgreSQL
 * (src/db/read-coalescer.ts). Many GETs in flight at once must each get exactly their own document
 * (or 404), whatever else is in the same batch: other ids, the same id twice, ids of another
 * project, keys, unknown ids; and a GET sent after a write was acknowledged sees that write.
 * The as-associate reads are coalesced too, per associate: a batch must never show one associate a
 * unit that only another belongs to.
 * Runs on both databases (on SQLite reads are not coalesced, and the answers must be the same).
 */
import { Fixtures, associate, type UnitBody } from '../business-units/support.js';
import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Store {
  id: string;
  key: string;
  version: number;
  name: Record<string, string>;
}

let server: TestServer;
let token: string;
let otherToken: string;
const stores: Store[] = [];
const otherStores: Store[] = [];

async function createStore(tok: string, projectKey: string, key: string, name: string): Promise<Store> {
  const res = await api(server, tok, `/${projectKey}/stores`, { body: { key, name: { en: name } } });
  if (res.status !== 201) throw new Error(await res.text());
  return (await res.json()) as Store;
}

beforeAll(async () => {
  server = await startTestServer();
  await server.app.services.projects.create({ key: 'other' });
  token = await clientToken(server, 'manage_stores:test');
  otherToken = await clientToken(server, 'manage_stores:other', 'other');
  for (let i = 0; i < 20; i++) stores.push(await createStore(token, 'test', `s${i}`, `Store ${i}`));
  // The same keys in another project: a batch must never answer one project's read with the other's row.
  for (let i = 0; i < 5; i++) otherStores.push(await createStore(otherToken, 'other', `s${i}`, `Other ${i}`));
});
afterAll(async () => {
  await server.close();
});

type Expectation = { path: string; tok: string; method?: string; status: number; id?: string; name?: string };

async function check(e: Expectation): Promise<string | undefined> {
  const res = await api(server, e.tok, e.path, { method: e.method });
  const text = await res.text();
  if (res.status !== e.status) return `${e.method ?? 'GET'} ${e.path}: ${res.status} ${text}`;
  if (e.id === undefined || e.method === 'HEAD') return undefined;
  const body = JSON.parse(text) as Store;
  if (body.id !== e.id || body.name.en !== e.name) return `${e.path}: got ${body.id} ${body.name.en}, expected ${e.id} ${e.name}`;
  return undefined;
}

test('many reads in flight at once each get their own document, 404 or HEAD answer', async () => {
  const expectations: Expectation[] = [];
  for (let round = 0; round < 4; round++) {
    for (const s of stores) {
      expectations.push({ path: `/test/stores/${s.id}`, tok: token, status: 200, id: s.id, name: s.name.en });
      expectations.push({ path: `/test/stores/key=${s.key}`, tok: token, status: 200, id: s.id, name: s.name.en });
    }
    for (const s of otherStores) {
      expectations.push({ path: `/other/stores/key=${s.key}`, tok: otherToken, status: 200, id: s.id, name: s.name.en });
      expectations.push({ path: `/other/stores/${s.id}`, tok: otherToken, status: 200, id: s.id, name: s.name.en });
      // Another project's id, asked in this project: not found, even when it is in the same batch.
      expectations.push({ path: `/test/stores/${s.id}`, tok: token, status: 404 });
    }
    expectations.push({ path: `/test/stores/${crypto.randomUUID()}`, tok: token, status: 404 });
    expectations.push({ path: `/test/stores/key=nope-${round}`, tok: token, status: 404 });
    expectations.push({ path: `/test/stores/${stores[round].id}`, tok: token, method: 'HEAD', status: 200 });
    expectations.push({ path: `/test/stores/${crypto.randomUUID()}`, tok: token, method: 'HEAD', status: 404 });
  }
  // Twice: the first pass also opens the client's connections, so in the second the requests reach
  // the server together and are read in the same turns.
  for (let pass = 0; pass < 2; pass++) {
    const failures = (await Promise.all(expectations.map(check))).filter((f) => f !== undefined);
    expect(failures).toEqual([]);
  }
});

test('a read sent after a write was acknowledged sees it, with reads of other stores in flight', async () => {
  const failures: string[] = [];
  await Promise.all(
    stores.slice(0, 10).map(async (store) => {
      let version = store.version;
      for (let n = 1; n <= 5; n++) {
        const update = await api(server, token, `/test/stores/${store.id}`, {
          body: { version, actions: [{ action: 'setName', name: { en: `Renamed ${n}` } }] },
        });
        if (update.status !== 200) throw new Error(await update.text());
        version = ((await update.json()) as Store).version;
        const [byId, byKey] = await Promise.all([api(server, token, `/test/stores/${store.id}`), api(server, token, `/test/stores/key=${store.key}`)]);
        for (const res of [byId, byKey]) {
          const body = (await res.json()) as Store;
          if (body.version !== version || body.name.en !== `Renamed ${n}`)
            failures.push(`${store.key}: read version ${body.version} (${body.name.en}) after ${version} was acknowledged`);
        }
      }
    }),
  );
  expect(failures).toEqual([]);
});

test('a value the database refuses fails its own request only, not the others read with it', async () => {
  const paths = [`/test/stores/key=${encodeURIComponent('bad\u0000key')}`, ...stores.slice(0, 8).map((s) => `/test/stores/key=${s.key}`)];
  for (let pass = 0; pass < 3; pass++) {
    const answers = await Promise.all(paths.map((p) => api(server, token, p)));
    // PostgreSQL refuses a NUL character in text (400); SQLite simply finds no such key (404).
    expect([400, 404]).toContain(answers[0].status);
    expect(answers.slice(1).map((r) => r.status)).toEqual(Array(8).fill(200));
  }
});

test('a deleted document is gone for every read that starts after the delete was acknowledged', async () => {
  const victim = await createStore(token, 'test', 'doomed', 'Doomed');
  const del = await api(server, token, `/test/stores/${victim.id}?version=${victim.version}`, { method: 'DELETE' });
  expect(del.status).toBe(200);
  const answers = await Promise.all([
    api(server, token, `/test/stores/${victim.id}`),
    api(server, token, `/test/stores/key=doomed`),
    api(server, token, `/test/stores/${stores[0].id}`),
  ]);
  expect(answers.map((r) => r.status)).toEqual([404, 404, 200]);
});

test('as-associate reads in flight at once: each associate sees exactly its own units', async () => {
  const f = new Fixtures(server, await clientToken(server, 'manage_project:test'));
  const viewer = await clientToken(server, 'view_business_units:test');
  const role = await f.role(['UpdateBusinessUnitDetails']);
  const [alice, bob] = [await f.customer(), await f.customer()];
  const units: { unit: UnitBody; members: string[] }[] = [];
  for (let i = 0; i < 6; i++) {
    const members = i % 3 === 0 ? [alice, bob] : i % 3 === 1 ? [alice] : [bob];
    units.push({ unit: await f.unit({ associates: members.map((m) => associate(m, [role])) }), members });
  }
  const expectations: Expectation[] = [];
  for (let pass = 0; pass < 3; pass++) {
    for (const { unit, members } of units) {
      for (const who of [alice, bob]) {
        const status = members.includes(who) ? 200 : 404;
        const expected = status === 200 ? { id: unit.id, name: unit.name } : {};
        expectations.push({ path: `/test/as-associate/${who}/business-units/${unit.id}`, tok: viewer, status, ...expected });
        expectations.push({ path: `/test/as-associate/${who}/business-units/key=${unit.key}`, tok: viewer, status, ...expected });
      }
    }
  }
  const failures = (await Promise.all(expectations.map(checkUnit))).filter((x) => x !== undefined);
  expect(failures).toEqual([]);
});

async function checkUnit(e: Expectation): Promise<string | undefined> {
  const res = await api(server, e.tok, e.path);
  const text = await res.text();
  if (res.status !== e.status) return `GET ${e.path}: ${res.status} ${text}`;
  if (e.id !== undefined && (JSON.parse(text) as UnitBody).id !== e.id) return `${e.path}: got another unit`;
  return undefined;
}
