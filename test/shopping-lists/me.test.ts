import { api, clientToken, customerToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { createCustomer } from '../customers/support.js';
import { anonymousListSession, eur, myScopes, ok, publishedProduct, type Page, type ShoppingListBody } from './support.js';

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_shopping_lists:test manage_products:test manage_customers:test');
  await publishedProduct(server, admin, 'me-lamp', [{ sku: 'me-lamp', prices: [{ value: eur(4900) }] }]);
});
afterAll(async () => {
  await server.close();
});

let emails = 0;
async function customerSession(): Promise<{ id: string; email: string; token: string }> {
  const email = `me-list-${++emails}@example.com`;
  const customer = await createCustomer(server, admin, { email, password: 'pw-123456' });
  return { id: customer.id, email, token: await customerToken(server, email, 'pw-123456', undefined, myScopes('test')) };
}

const createMine = (token: string, draft: Record<string, unknown> = {}) =>
  ok<ShoppingListBody>(api(server, token, '/test/me/shopping-lists', { body: { name: { en: 'Mine' }, ...draft } }), 201);

describe('/me/shopping-lists', () => {
  test("a customer's list belongs to the token's customer; it is read, changed and deleted by id and by key", async () => {
    const me = await customerSession();
    const list = await createMine(me.token, { lineItems: [{ sku: 'me-lamp' }], textLineItems: [{ name: { en: 'bulbs' } }] });
    expect([list.customer, list.anonymousId, list.lineItems[0].name, list.textLineItems[0].name]).toEqual([
      { typeId: 'customer', id: me.id },
      undefined,
      { en: 'me-lamp' },
      { en: 'bulbs' },
    ]);
    // The merchant gives the list a key; the customer then addresses it by key.
    const keyed = await ok<ShoppingListBody>(
      api(server, admin, `/test/shopping-lists/${list.id}`, { body: { version: list.version, actions: [{ action: 'setKey', key: 'my-wishes' }] } }),
    );
    const byKey = await ok<ShoppingListBody>(api(server, me.token, '/test/me/shopping-lists/key=my-wishes?expand=lineItems%5B*%5D.variant'));
    expect([byKey.id, byKey.lineItems[0].variant?.sku]).toEqual([list.id, 'me-lamp']);
    const changed = await ok<ShoppingListBody>(
      api(server, me.token, '/test/me/shopping-lists/key=my-wishes', {
        body: { version: keyed.version, actions: [{ action: 'changeLineItemQuantity', lineItemId: list.lineItems[0].id, quantity: 3 }] },
      }),
    );
    expect(changed.lineItems[0].quantity).toBe(3);
    const page = await ok<Page<ShoppingListBody>>(api(server, me.token, '/test/me/shopping-lists'));
    expect(page.results.map((l) => l.id)).toEqual([list.id]);
    expect((await ok<ShoppingListBody>(api(server, me.token, `/test/me/shopping-lists/${list.id}?version=${changed.version}`, { method: 'DELETE' }))).id).toBe(
      list.id,
    );
    expect((await ok<Page<ShoppingListBody>>(api(server, me.token, '/test/me/shopping-lists'))).results).toEqual([]);
  });

  test('an anonymous session owns its lists by anonymousId', async () => {
    const visitor = await anonymousListSession(server);
    const list = await createMine(visitor.token);
    expect([list.customer, list.anonymousId]).toEqual([undefined, visitor.anonymousId]);
    expect((await ok<Page<ShoppingListBody>>(api(server, visitor.token, '/test/me/shopping-lists'))).results.map((l) => l.id)).toEqual([list.id]);
  });

  test("another customer's or session's list is 404 for every /me operation, and never in its query", async () => {
    const owner = await customerSession();
    const other = await customerSession();
    const visitor = await anonymousListSession(server);
    const list = await createMine(owner.token);
    await ok(api(server, admin, `/test/shopping-lists/${list.id}`, { body: { version: 1, actions: [{ action: 'setKey', key: 'owners-list' }] } }));
    for (const token of [other.token, visitor.token]) {
      await expectError(await api(server, token, `/test/me/shopping-lists/${list.id}`), 404, 'ResourceNotFound');
      await expectError(await api(server, token, '/test/me/shopping-lists/key=owners-list'), 404, 'ResourceNotFound');
      await expectError(
        await api(server, token, `/test/me/shopping-lists/${list.id}`, { body: { version: 2, actions: [{ action: 'changeName', name: { en: 'mine now' } }] } }),
        404,
        'ResourceNotFound',
      );
      await expectError(await api(server, token, `/test/me/shopping-lists/${list.id}?version=2`, { method: 'DELETE' }), 404, 'ResourceNotFound');
      expect(
        (await ok<Page<ShoppingListBody>>(api(server, token, `/test/me/shopping-lists?where=${encodeURIComponent(`id = "${list.id}"`)}`))).results,
      ).toEqual([]);
    }
    expect((await ok<ShoppingListBody>(api(server, admin, `/test/shopping-lists/${list.id}`))).name).toEqual({ en: 'Mine' });
  });

  test('the customer-facing actions exclude ownership, key, slug and store; a client-credentials token has no /me (400 InvalidOperation)', async () => {
    const me = await customerSession();
    const list = await createMine(me.token);
    for (const action of [
      { action: 'setCustomer' },
      { action: 'setAnonymousId', anonymousId: 'x1' },
      { action: 'setKey', key: 'k1' },
      { action: 'setSlug' },
      { action: 'setStore' },
    ]) {
      await expectError(
        await api(server, me.token, `/test/me/shopping-lists/${list.id}`, { body: { version: list.version, actions: [action] } }),
        400,
        'InvalidInput',
      );
    }
    // Owner fields in a draft are not the caller's to set: they are dropped and the token decides.
    const other = await customerSession();
    const draftOwned = await createMine(me.token, { customer: { id: other.id }, anonymousId: 'someone' });
    expect([draftOwned.customer?.id, draftOwned.anonymousId]).toEqual([me.id, undefined]);
    const client = await clientToken(server, 'manage_my_shopping_lists:test');
    await expectError(await api(server, client, '/test/me/shopping-lists'), 400, 'InvalidOperation');
  });

  test('manage_my_shopping_lists is required: a /me token without it is refused', async () => {
    const email = 'no-list-scope@example.com';
    await createCustomer(server, admin, { email, password: 'pw-123456' });
    const token = await customerToken(server, email, 'pw-123456');
    await expectError(await api(server, token, '/test/me/shopping-lists'), 403, 'insufficient_scope');
  });

  test("signing in with the anonymous session's token gives its shopping lists to the customer", async () => {
    const me = await customerSession();
    const visitor = await anonymousListSession(server);
    const list = await createMine(visitor.token, { lineItems: [{ sku: 'me-lamp' }] });
    await ok(api(server, visitor.token, '/test/me/login', { body: { email: me.email, password: 'pw-123456' } }));
    const taken = await ok<Page<ShoppingListBody>>(api(server, me.token, '/test/me/shopping-lists'));
    expect(taken.results.map((l) => [l.id, l.customer?.id, l.version])).toEqual([[list.id, me.id, 2]]);
    expect((await ok<Page<ShoppingListBody>>(api(server, visitor.token, '/test/me/shopping-lists'))).results).toEqual([]);
  });
});
