import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousListSession, ok, type Page, type ShoppingListBody } from './support.js';

/**
 * In-store shopping lists (`/{projectKey}/in-store/key={storeKey}/shopping-lists…` and its `/me` form):
 * only the lists of the path's store, and lists created there belong to it.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  for (const key of ['north', 'south']) await ok(api(server, admin, '/test/stores', { body: { key } }), 201);
});
afterAll(() => server.close());

const inStore = (storeKey: string, rest = '') => `/test/in-store/key=${storeKey}/shopping-lists${rest}`;
const head = async (path: string, token = admin) => (await api(server, token, path, { method: 'HEAD' })).status;

test("the merchant's in-store lists: created in the store, another store's (or none's) is 404, queries see the store's only", async () => {
  const north = await ok<ShoppingListBody>(api(server, admin, inStore('north'), { body: { name: { en: 'N' }, key: 'north-list' } }), 201);
  expect(north.store).toEqual({ typeId: 'store', key: 'north' });
  await expectError(await api(server, admin, inStore('north'), { body: { name: { en: 'X' }, store: { key: 'south' } } }), 400, 'InvalidOperation');
  const global = await ok<ShoppingListBody>(api(server, admin, '/test/shopping-lists', { body: { name: { en: 'G' }, key: 'global-list' } }), 201);

  expect((await ok<ShoppingListBody>(api(server, admin, inStore('north', '/key=north-list')))).id).toBe(north.id);
  await expectError(await api(server, admin, inStore('south', `/${north.id}`)), 404, 'ResourceNotFound');
  await expectError(await api(server, admin, inStore('north', `/${global.id}`)), 404, 'ResourceNotFound');
  expect([
    await head(inStore('north', `/${north.id}`)),
    await head(inStore('south', `/${north.id}`)),
    await head(inStore('north', '/key=global-list')),
  ]).toEqual([200, 404, 404]);
  const page = await ok<Page<ShoppingListBody>>(api(server, admin, inStore('north', '?withTotal=true')));
  expect([page.total, page.results.map((l) => l.id)]).toEqual([1, [north.id]]);
  expect(
    (await ok<Page<ShoppingListBody>>(api(server, admin, `/test/shopping-lists?where=${encodeURIComponent('store(key="north")')}`))).results.map((l) => l.id),
  ).toEqual([north.id]);

  await expectError(
    await api(server, admin, inStore('south', `/${north.id}`), { body: { version: north.version, actions: [{ action: 'changeName', name: { en: 'Y' } }] } }),
    404,
    'ResourceNotFound',
  );
  const renamed = await ok<ShoppingListBody>(
    api(server, admin, inStore('north', `/${north.id}`), { body: { version: north.version, actions: [{ action: 'changeName', name: { en: 'Y' } }] } }),
  );
  // A store-scoped token reads that store's lists only.
  const northViewer = await clientToken(server, 'view_shopping_lists:test:north');
  expect((await ok<ShoppingListBody>(api(server, northViewer, inStore('north', `/${north.id}`)))).version).toBe(renamed.version);
  await expectError(await api(server, northViewer, inStore('south')), 403, 'insufficient_scope');
  await expectError(await api(server, northViewer, `/test/shopping-lists/${north.id}`), 403, 'insufficient_scope');
  await expectError(await api(server, admin, inStore('south', `/${north.id}?version=${renamed.version}`), { method: 'DELETE' }), 404, 'ResourceNotFound');
  expect((await ok<ShoppingListBody>(api(server, admin, inStore('north', `/key=north-list?version=${renamed.version}`), { method: 'DELETE' }))).id).toBe(
    north.id,
  );
});

test("/me in a store: the caller's lists of that store", async () => {
  const [session, other] = [await anonymousListSession(server), await anonymousListSession(server)];
  const me = (storeKey: string, rest = '') => `/test/in-store/key=${storeKey}/me/shopping-lists${rest}`;
  const mine = await ok<ShoppingListBody>(api(server, session.token, me('north'), { body: { name: { en: 'Mine' } } }), 201);
  expect([mine.store, mine.anonymousId]).toEqual([{ typeId: 'store', key: 'north' }, session.anonymousId]);
  await expectError(await api(server, session.token, me('north'), { body: { name: { en: 'X' }, store: { key: 'south' } } }), 400, 'InvalidOperation');
  const plain = await ok<ShoppingListBody>(api(server, session.token, '/test/me/shopping-lists', { body: { name: { en: 'Plain' } } }), 201);

  expect((await ok<ShoppingListBody>(api(server, session.token, me('north', `/${mine.id}`)))).id).toBe(mine.id);
  await expectError(await api(server, session.token, me('south', `/${mine.id}`)), 404, 'ResourceNotFound');
  await expectError(await api(server, session.token, me('north', `/${plain.id}`)), 404, 'ResourceNotFound');
  await expectError(await api(server, other.token, me('north', `/${mine.id}`)), 404, 'ResourceNotFound');
  expect((await ok<Page<ShoppingListBody>>(api(server, session.token, me('north')))).results.map((l) => l.id)).toEqual([mine.id]);
  expect((await ok<Page<ShoppingListBody>>(api(server, other.token, me('north')))).results).toEqual([]);
  expect([await head(me('north', `/${mine.id}`), session.token), await head(me('south'), session.token), await head(me('north'), session.token)]).toEqual([
    200, 404, 200,
  ]);
  // The global /me form still sees both.
  expect((await ok<Page<ShoppingListBody>>(api(server, session.token, '/test/me/shopping-lists?sort=createdAt+asc'))).results.map((l) => l.id)).toEqual([
    mine.id,
    plain.id,
  ]);

  const updated = await ok<ShoppingListBody>(
    api(server, session.token, me('north', `/${mine.id}`), { body: { version: mine.version, actions: [{ action: 'changeName', name: { en: 'Renamed' } }] } }),
  );
  await expectError(await api(server, session.token, me('south', `/${mine.id}?version=${updated.version}`), { method: 'DELETE' }), 404, 'ResourceNotFound');
  expect((await ok<ShoppingListBody>(api(server, session.token, me('north', `/${mine.id}?version=${updated.version}`), { method: 'DELETE' }))).id).toBe(
    mine.id,
  );
});
