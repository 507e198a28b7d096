import { api, clientToken } from '../support/auth.js';
import { ManualClock, startTestServer, type TestServer } from '../support/test-server.js';
import { expectError } from '../support/errors.js';

interface StoreBody {
  id: string;
  key: string;
  version: number;
  name?: Record<string, string>;
  countries: { code: string }[];
  createdAt: string;
}
interface Page {
  limit: number;
  offset: number;
  count: number;
  total?: number;
  results: StoreBody[];
}
interface ErrorBody {
  message: string;
  errors: { code: string; message: string }[];
}

// 30 stores with distinct creation times; keys s00..s29, every third in Germany, names in en (and de for even ones).
const STORES = 30;
let server: TestServer;
let token: string;
const created: StoreBody[] = [];

beforeAll(async () => {
  const clock = new ManualClock(Date.parse('2030-01-01T00:00:00.000Z'));
  server = await startTestServer({}, { clock });
  token = await clientToken(server, 'manage_stores:test');
  for (let i = 0; i < STORES; i++) {
    clock.advance(1000);
    const key = `s${String(i).padStart(2, '0')}`;
    const name = i % 2 === 0 ? { en: `Store ${key}`, de: `Laden ${key}` } : { en: `Store ${key}` };
    const res = await api(server, token, '/test/stores', { body: { key, name, countries: [{ code: i % 3 === 0 ? 'DE' : 'US' }] } });
    if (res.status !== 201) throw new Error(await res.text());
    created.push((await res.json()) as StoreBody);
  }
  // s10 and s11 move to version 2, so a sort by version has ties to break.
  for (const key of ['s10', 's11']) {
    const res = await api(server, token, `/test/stores/key=${key}`, { body: { version: 1, actions: [{ action: 'setLanguages', languages: ['en'] }] } });
    if (res.status !== 200) throw new Error(await res.text());
  }
});
afterAll(async () => {
  await server.close();
});

/** GET /test/stores with the given query parameters (repeatable ones as arrays). */
async function query(params: Record<string, string | number | boolean | (string | number)[]>): Promise<Response> {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) search.append(name, String(v));
  }
  return api(server, token, `/test/stores?${search}`);
}

async function page(params: Record<string, string | number | boolean | (string | number)[]>): Promise<Page> {
  const res = await query(params);
  if (res.status !== 200) throw new Error(`${res.status} ${await res.text()}`);
  return (await res.json()) as Page;
}

const keys = (p: Page) => p.results.map((s) => s.key);

describe('paging', () => {
  it('defaults to limit 20, offset 0, with total', async () => {
    const p = await page({ sort: 'key asc' });
    expect(p).toMatchObject({ limit: 20, offset: 0, count: 20, total: STORES });
    expect(keys(p)[0]).toBe('s00');
  });

  it('limit and offset select a slice; count is the number returned', async () => {
    const p = await page({ sort: 'key asc', limit: 5, offset: 27 });
    expect(keys(p)).toEqual(['s27', 's28', 's29']);
    expect(p).toMatchObject({ limit: 5, offset: 27, count: 3, total: STORES });
  });

  it('withTotal=false omits total', async () => {
    const p = await page({ limit: 2, withTotal: false });
    expect(p.count).toBe(2);
    expect('total' in p).toBe(false);
  });

  it('limit=0 returns no results but the total', async () => {
    const p = await page({ limit: 0 });
    expect(p).toMatchObject({ count: 0, results: [], total: STORES });
  });

  it.each([
    ['limit', 501],
    ['limit', -1],
    ['offset', 10001],
    ['limit', 'ten'],
  ])('%s=%s is 400 InvalidInput', async (name, value) => {
    const res = await query({ [name]: value });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0].code).toBe('InvalidInput');
    expect(body.message).toContain(name);
  });
});

describe('where', () => {
  it('filters by a top-level field', async () => {
    expect(keys(await page({ where: 'key = "s07"' }))).toEqual(['s07']);
  });

  it('filters by a nested array field (any element matches)', async () => {
    const p = await page({ where: 'countries(code = "DE")', sort: 'key asc', limit: 100 });
    expect(keys(p)).toEqual(created.filter((_, i) => i % 3 === 0).map((s) => s.key));
    expect(p.total).toBe(10);
  });

  it('filters by a localized string', async () => {
    expect(keys(await page({ where: 'name(de = "Laden s04")' }))).toEqual(['s04']);
  });

  it('several where parameters are combined with and', async () => {
    const p = await page({ where: ['countries(code = "DE")', 'key in ("s00", "s01", "s03")'], sort: 'key asc' });
    expect(keys(p)).toEqual(['s00', 's03']);
  });

  it('binds input variables, lists by repetition', async () => {
    const p = await page({ where: 'key in :keys and version = :v', 'var.keys': ['s01', 's02'], 'var.v': 1, sort: 'key desc' });
    expect(keys(p)).toEqual(['s02', 's01']);
  });

  it("takes a variable from a plain parameter of its name too, as the platform's SDK examples send it; var.<name> wins", async () => {
    expect(keys(await page({ where: 'key in :keys', keys: ['s03', 's04'], sort: 'key asc' }))).toEqual(['s03', 's04']);
    expect(keys(await page({ where: 'key = :key', key: 's05', 'var.key': 's06' }))).toEqual(['s06']);
    // An undefined variable is still named in the error.
    const res = await query({ where: 'key = :missing' });
    expect(res.status).toBe(400);
  });

  it('compares createdAt as a date-time', async () => {
    const p = await page({ where: `createdAt > "${created[26].createdAt}"`, sort: 'createdAt asc' });
    expect(keys(p)).toEqual(['s27', 's28', 's29']);
  });

  it('a syntax error is 400 InvalidInput naming the position', async () => {
    const res = await query({ where: 'key = ' });
    expect(res.status).toBe(400);
    const body = (await res.json()) as ErrorBody;
    expect(body.errors[0].code).toBe('InvalidInput');
  });

  it('an unknown field is 400 InvalidInput naming it', async () => {
    const res = await query({ where: 'color = "red"' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toContain('color');
  });

  it('a missing variable is 400 InvalidInput', async () => {
    const res = await query({ where: 'key = :missing' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).message).toContain('missing');
  });
});

describe('sort', () => {
  it('sorts descending', async () => {
    expect(keys(await page({ sort: 'key desc', limit: 3 }))).toEqual(['s29', 's28', 's27']);
  });

  it('composes several sorts in order', async () => {
    const p = await page({ sort: ['version desc', 'key asc'], limit: 3 });
    // The two updated stores first, then the rest; ties broken by key.
    expect(keys(p)).toEqual(['s10', 's11', 's00']);
  });

  it('sorts by a localized field', async () => {
    const p = await page({ where: 'name(de is defined)', sort: 'name.de desc', limit: 2 });
    expect(keys(p)).toEqual(['s28', 's26']);
  });

  it('sorting by an array field is 400 (arrays have no order to sort by)', async () => {
    const res = await query({ sort: 'countries.code asc' });
    await expectError(res, 400, 'InvalidInput');
  });

  it('an unknown sort field is 400', async () => {
    const res = await query({ sort: 'color asc' });
    expect(res.status).toBe(400);
    expect(((await res.json()) as ErrorBody).errors[0].code).toBe('InvalidInput');
  });
});

describe('iterating over all elements', () => {
  it('sort id asc, withTotal=false, where id > last: visits every store exactly once', async () => {
    const seen: string[] = [];
    let last: string | undefined;
    for (;;) {
      const p = await page({ sort: 'id asc', withTotal: false, limit: 7, ...(last ? { where: 'id > :last', 'var.last': last } : {}) });
      expect('total' in p).toBe(false);
      seen.push(...p.results.map((s) => s.id));
      if (p.count < 7) break;
      last = p.results[p.results.length - 1].id;
    }
    expect(seen).toEqual(created.map((s) => s.id).sort());
  });
});

describe('HEAD on the collection', () => {
  it('200 when something matches the where predicate, 404 otherwise, never a body', async () => {
    const hit = await api(server, token, `/test/stores?where=${encodeURIComponent('key = "s05"')}`, { method: 'HEAD' });
    expect(hit.status).toBe(200);
    expect(await hit.text()).toBe('');
    const miss = await api(server, token, `/test/stores?where=${encodeURIComponent('key = "nope"')}`, { method: 'HEAD' });
    expect(miss.status).toBe(404);
    expect(await miss.text()).toBe('');
  });

  it('binds variables', async () => {
    const res = await api(server, token, `/test/stores?where=${encodeURIComponent('key = :k')}&var.k=s09`, { method: 'HEAD' });
    expect(res.status).toBe(200);
  });

  it('a bad predicate is 400', async () => {
    const res = await api(server, token, `/test/stores?where=${encodeURIComponent('key ==')}`, { method: 'HEAD' });
    expect(res.status).toBe(400);
  });
});

describe('expand on queries', () => {
  it('is accepted and leaves results unchanged when the path names no reference', async () => {
    const plain = await page({ where: 'key = "s01"' });
    const expanded = await page({ where: 'key = "s01"', expand: ['distributionChannels[*]', 'custom.type'] });
    expect(expanded).toEqual(plain);
  });
});
