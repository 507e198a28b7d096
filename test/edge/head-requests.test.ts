import { api, clientToken, createApiClient } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, ok, publishedProduct } from '../carts/support.js';
import { anonymousListSession } from '../shopping-lists/support.js';

/**
 * HEAD where the platform's SDK offers it (`.head()` on the request builder): 200 when the resource
 * exists and the caller may see it, 404 otherwise, with the GET's scopes and no body.
 */
let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(() => server.close());

async function head(path: string, token = admin): Promise<number> {
  const res = await api(server, token, path, { method: 'HEAD' });
  expect(await res.text()).toBe('');
  return res.status;
}

const where = (predicate: string) => `?where=${encodeURIComponent(predicate)}`;

test('the project, and API clients by id and by predicate', async () => {
  expect(await head('/test')).toBe(200);
  const client = await createApiClient(server, 'test', 'view_products:test');
  expect([await head(`/test/api-clients/${client.clientId}`), await head('/test/api-clients/no-such-client')]).toEqual([200, 404]);
  expect([await head(`/test/api-clients${where(`id = "${client.clientId}"`)}`), await head(`/test/api-clients${where('id = "none"')}`)]).toEqual([200, 404]);
  // The GET's scopes: a client without view_api_clients is refused.
  expect(await head(`/test/api-clients/${client.clientId}`, await clientToken(server, 'view_products:test'))).toBe(403);
});

test("customers by id, key and predicate; in a store only that store's customers", async () => {
  await ok(api(server, admin, '/test/stores', { body: { key: 'head-store' } }), 201);
  const global = await ok<{ customer: { id: string } }>(
    api(server, admin, '/test/customers', { body: { email: 'head-global@example.com', password: 'pw', key: 'head-global' } }),
    201,
  );
  const local = await ok<{ customer: { id: string } }>(
    api(server, admin, '/test/in-store/key=head-store/customers', { body: { email: 'head-local@example.com', password: 'pw', key: 'head-local' } }),
    201,
  );
  expect([
    await head(`/test/customers/${global.customer.id}`),
    await head('/test/customers/key=head-global'),
    await head('/test/customers/key=nobody'),
  ]).toEqual([200, 200, 404]);
  expect([
    await head(`/test/customers${where('email = "head-local@example.com"')}`),
    await head(`/test/customers${where('email = "nobody@example.com"')}`),
  ]).toEqual([200, 404]);
  const inStore = '/test/in-store/key=head-store/customers';
  expect([
    await head(`${inStore}/${local.customer.id}`),
    await head(`${inStore}/key=head-local`),
    await head(`${inStore}/${global.customer.id}`),
    await head(`${inStore}/key=head-global`),
  ]).toEqual([200, 200, 404, 404]);
  expect([await head(`${inStore}${where('email = "head-local@example.com"')}`), await head(`${inStore}${where('email = "head-global@example.com"')}`)]).toEqual(
    [200, 404],
  );
  expect(await head(`/test/customers/${global.customer.id}`, await clientToken(server, 'view_orders:test'))).toBe(403);
});

test("/me: the active cart and shopping lists are the caller's own", async () => {
  const [session, other] = [await anonymousSession(server), await anonymousSession(server)];
  expect(await head('/test/me/active-cart', session.token)).toBe(404);
  await ok(api(server, session.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
  expect([await head('/test/me/active-cart', session.token), await head('/test/me/active-cart', other.token)]).toEqual([200, 404]);
  await ok(api(server, admin, '/test/stores', { body: { key: 'head-cart-store' } }), 201);
  expect(await head('/test/in-store/key=head-cart-store/me/active-cart', session.token)).toBe(404);
  await ok(api(server, session.token, '/test/in-store/key=head-cart-store/me/carts', { body: { currency: 'EUR' } }), 201);
  expect(await head('/test/in-store/key=head-cart-store/me/active-cart', session.token)).toBe(200);

  const [session2, stranger] = [await anonymousListSession(server), (await anonymousListSession(server)).token];
  const owner = session2.token;
  // A /me draft takes no key (MyShoppingListDraft): the merchant makes the session's list with one.
  const list = await ok<{ id: string }>(
    api(server, admin, '/test/shopping-lists', { body: { name: { en: 'Mine' }, key: 'head-list', anonymousId: session2.anonymousId } }),
    201,
  );
  expect([await head(`/test/me/shopping-lists/${list.id}`, owner), await head(`/test/me/shopping-lists/${list.id}`, stranger)]).toEqual([200, 404]);
  expect([await head('/test/me/shopping-lists/key=head-list', owner), await head('/test/me/shopping-lists/key=head-list', stranger)]).toEqual([200, 404]);
  expect([await head('/test/me/shopping-lists', owner), await head('/test/me/shopping-lists', stranger)]).toEqual([200, 404]);
  expect(await head(`/test/me/shopping-lists${where('key = "head-list"')}`, owner)).toBe(200);
});

test('product projections by id and key: the current data, or the staged data with staged=true', async () => {
  const published = await publishedProduct(server, admin, 'head-published', [{ sku: 'head-p', prices: [] }]);
  const type = await ok<{ id: string }>(api(server, admin, '/test/product-types', { body: { name: 'head-type', description: 'x' } }), 201);
  await ok(
    api(server, admin, '/test/products', {
      body: { key: 'head-staged', productType: { typeId: 'product-type', id: type.id }, name: { en: 's' }, slug: { en: 'head-staged' } },
    }),
    201,
  );
  expect([await head(`/test/product-projections/${published.id}`), await head('/test/product-projections/key=head-published')]).toEqual([200, 200]);
  expect([await head('/test/product-projections/key=head-staged'), await head('/test/product-projections/key=head-staged?staged=true')]).toEqual([404, 200]);
  // view_published_products reads only the current data, whatever `staged` says.
  expect(await head('/test/product-projections/key=head-staged?staged=true', await clientToken(server, 'view_published_products:test'))).toBe(404);
});
