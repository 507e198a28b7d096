/**
 * Inserts that arrive together go to PostgreSQL as one multi-row statement (src/db/insert-coalescer.ts).
 * Whatever shares a batch, each create must get the answer it would get alone: 201 and a stored
 * document, or 400 DuplicateField for a key already taken (by a stored store or by another create of
 * the same batch), or its own error for a value the database refuses, and never a partial write.
 * Runs on both databases (SQLite does not coalesce; the answers must be the same).
 */
import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

interface Store {
  id: string;
  key: string;
  version: number;
  name: Record<string, string>;
}
interface ErrorBody {
  errors: { code: string }[];
}

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = await clientToken(server, 'manage_stores:test');
  // Opens the client's connections, so the creates below reach the server together.
  await Promise.all(Array.from({ length: 40 }, () => api(server, token, '/test/stores?limit=1')));
});
afterAll(async () => {
  await server.close();
});

const create = (key: string, name = key) => api(server, token, '/test/stores', { body: { key, name: { en: name } } });

async function storedKeys(prefix: string): Promise<string[]> {
  const res = await api(server, token, `/test/stores?where=${encodeURIComponent(`key >= "${prefix}" and key < "${prefix}~"`)}&limit=500&sort=key%20asc`);
  return ((await res.json()) as { results: Store[] }).results.map((s) => s.key);
}

test('creates sent together are all stored, each answered with its own document', async () => {
  const keys = Array.from({ length: 40 }, (_, i) => `a-${String(i).padStart(2, '0')}`);
  const answers = await Promise.all(keys.map((k) => create(k)));
  const bodies = (await Promise.all(answers.map((r) => r.json()))) as Store[];
  expect(answers.map((r) => r.status)).toEqual(keys.map(() => 201));
  expect(bodies.map((b) => b.key)).toEqual(keys);
  expect(new Set(bodies.map((b) => b.id)).size).toBe(keys.length);
  expect(await storedKeys('a-')).toEqual(keys);
  for (const body of bodies.slice(0, 5)) expect(((await (await api(server, token, `/test/stores/${body.id}`)).json()) as Store).key).toBe(body.key);
});

test('a duplicate key in the same batch or already stored is 400 DuplicateField for that create alone', async () => {
  expect((await create('b-taken')).status).toBe(201);
  for (let round = 0; round < 3; round++) {
    const keys = [`b-taken`, `b-new-${round}`, `b-twice-${round}`, `b-twice-${round}`, `b-other-${round}`];
    const answers = await Promise.all(keys.map((k, i) => create(k, `${k} #${i}`)));
    const statuses = answers.map((r) => r.status);
    expect(statuses[0]).toBe(400);
    expect((await answers[0].json()) as ErrorBody).toMatchObject({ errors: [{ code: 'DuplicateField' }] });
    expect([statuses[1], statuses[4]]).toEqual([201, 201]);
    // Exactly one of the two creates with the same key wins.
    expect([statuses[2], statuses[3]].sort()).toEqual([201, 400]);
  }
  expect(await storedKeys('b-')).toEqual([
    'b-new-0',
    'b-new-1',
    'b-new-2',
    'b-other-0',
    'b-other-1',
    'b-other-2',
    'b-taken',
    'b-twice-0',
    'b-twice-1',
    'b-twice-2',
  ]);
});

test('a value the database refuses fails its own create only', async () => {
  for (let round = 0; round < 3; round++) {
    const answers = await Promise.all([create(`c-bad-${round}`, 'nul \u0000 inside'), create(`c-ok-${round}`), create(`c-ok2-${round}`)]);
    // PostgreSQL refuses a NUL character in text (400); SQLite stores it.
    expect([201, 400]).toContain(answers[0].status);
    expect(answers.slice(1).map((r) => r.status)).toEqual([201, 201]);
  }
  const stored = await storedKeys('c-');
  expect(stored.filter((k) => k.startsWith('c-ok'))).toHaveLength(6);
});
