import { api, clientToken, createApiClient } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct } from './support.js';

/** `expand` on every /me endpoint that answers a cart or an order, global and in-store, reaching into line items. */
let server: TestServer;
let session: string;
/** A session whose client may not read products: what it cannot read is not expanded into its answers. */
let withoutCatalogue: string;
const EXPAND = `expand=${encodeURIComponent('lineItems[*].productType')}`;

interface Expanded {
  id: string;
  version: number;
  lineItems: { productType: { id: string; obj?: { name: string } } }[];
}

const expandedType = (doc: Expanded) => doc.lineItems[0].productType.obj?.name;

beforeAll(async () => {
  server = await startTestServer();
  const admin = await clientToken(server, 'manage_project:test');
  await ok(api(server, admin, '/test/stores', { body: { key: 'eu' } }), 201);
  await publishedProduct(server, admin, 'expand-shirt', [{ sku: 'expand-shirt', prices: [{ value: eur(1000) }] }]);
  // A storefront's session: its client may also read the catalogue, which is what the expansion reads.
  const storefront = await createApiClient(server, 'test', 'create_anonymous_token:test manage_my_orders:test view_products:test');
  session = (await tokenRequest(server, '/oauth/test/anonymous/token', storefront, { grant_type: 'client_credentials' })).body.access_token!;
  withoutCatalogue = (await anonymousSession(server)).token;
});
afterAll(() => server.close());

describe.each([
  ['/test/me', 'global'],
  ['/test/in-store/key=eu/me', 'in-store'],
])('%s (%s)', (base) => {
  it('create, get, active cart, update, order and get order all expand lineItems[*].productType', async () => {
    const created = await ok<Expanded>(
      api(server, session, `${base}/carts?${EXPAND}`, { body: { currency: 'EUR', lineItems: [{ sku: 'expand-shirt' }] } }),
      201,
    );
    expect(expandedType(created)).toBe('type-expand-shirt');
    expect(expandedType(await ok<Expanded>(api(server, session, `${base}/carts/${created.id}?${EXPAND}`)))).toBe('type-expand-shirt');
    expect(expandedType(await ok<Expanded>(api(server, session, `${base}/active-cart?${EXPAND}`)))).toBe('type-expand-shirt');
    // Without expand the reference stays a reference.
    expect((await ok<Expanded>(api(server, session, `${base}/active-cart`))).lineItems[0].productType.obj).toBeUndefined();
    const unread = await ok<Expanded>(
      api(server, withoutCatalogue, `${base}/carts?${EXPAND}`, { body: { currency: 'EUR', lineItems: [{ sku: 'expand-shirt' }] } }),
      201,
    );
    expect(unread.lineItems[0].productType.obj).toBeUndefined();
    const updated = await ok<Expanded>(
      api(server, session, `${base}/carts/${created.id}?${EXPAND}`, { body: { version: created.version, actions: [{ action: 'setCountry', country: 'DE' }] } }),
    );
    expect(expandedType(updated)).toBe('type-expand-shirt');
    const order = await ok<Expanded>(api(server, session, `${base}/orders?${EXPAND}`, { body: { id: updated.id, version: updated.version } }), 201);
    expect(expandedType(order)).toBe('type-expand-shirt');
    expect(expandedType(await ok<Expanded>(api(server, session, `${base}/orders/${order.id}?${EXPAND}`)))).toBe('type-expand-shirt');
  });
});
