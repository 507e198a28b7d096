import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let server: TestServer;
let token: string;
beforeAll(async () => {
  server = await startTestServer();
  token = await clientToken(server, 'manage_project:test');
});
afterAll(async () => {
  await server.close();
});

async function createStore(key: string): Promise<{ id: string; version: number }> {
  const res = await api(server, token, '/test/stores', { body: { key } });
  expect(res.status).toBe(201);
  return res.json();
}

it('150 parallel updates at one version: exactly one wins, every other is 409 with the current version, nothing else lands', async () => {
  const store = await createStore('contended');
  const results = await Promise.all(
    Array.from({ length: 150 }, (_, i) =>
      api(server, token, `/test/stores/${store.id}`, { body: { version: store.version, actions: [{ action: 'setName', name: { en: `writer-${i}` } }] } }),
    ),
  );
  const statuses = results.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(1);
  expect(statuses.filter((s) => s === 409)).toHaveLength(149);
  const winner = results[statuses.indexOf(200)];
  const won = (await winner.json()) as { version: number; name: { en: string } };
  expect(won.version).toBe(store.version + 1);
  for (const loser of results.filter((r) => r.status === 409)) {
    expect((await loser.json()).errors[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: store.version + 1 });
  }
  const now = (await (await api(server, token, `/test/stores/${store.id}`)).json()) as { version: number; name: { en: string } };
  expect(now).toMatchObject({ version: store.version + 1, name: won.name });
});

it('30 writers doing read-modify-write with retry on 409: no update is lost', async () => {
  const store = await createStore('counted');
  async function writer(i: number): Promise<number> {
    for (let attempt = 1; ; attempt++) {
      const current = (await (await api(server, token, `/test/stores/${store.id}`)).json()) as { version: number; name?: Record<string, string> };
      const name = { ...(current.name ?? {}), [`w${i}`]: 'x' };
      const res = await api(server, token, `/test/stores/${store.id}`, { body: { version: current.version, actions: [{ action: 'setName', name }] } });
      if (res.status === 200) return attempt;
      expect(res.status).toBe(409);
    }
  }
  await Promise.all(Array.from({ length: 30 }, (_, i) => writer(i)));
  const final = (await (await api(server, token, `/test/stores/${store.id}`)).json()) as { version: number; name: Record<string, string> };
  expect(Object.keys(final.name).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `w${i}`).sort());
  expect(final.version).toBe(store.version + 30);
});
