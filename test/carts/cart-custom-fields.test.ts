import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct } from './support.js';

/**
 * Custom fields on carts (Types for `order`, which the order keeps), their line items (`line-item`) and
 * custom line items (`custom-line-item`): in drafts, addLineItem / addCustomLineItem, and setCustomType /
 * setCustomField on the merchant's and the customer's carts. A Type that does not exist is refused,
 * never dropped.
 */
let server: TestServer;
let admin: string;

interface CustomBody {
  custom?: { type: { typeId: string; id: string }; fields: Record<string, unknown> };
}
interface CartWithCustom extends CustomBody {
  id: string;
  version: number;
  lineItems: CustomBody[];
  customLineItems: CustomBody[];
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  await publishedProduct(server, admin, 'custom-shirt', [{ sku: 'custom-shirt', prices: [{ value: eur(1000) }] }]);
  for (const [key, resourceTypeIds] of [
    ['cart-info', ['order']],
    ['line-info', ['line-item']],
    ['custom-line-info', ['custom-line-item']],
  ] as const) {
    await ok(
      api(server, admin, '/test/types', {
        body: {
          key,
          name: { en: key },
          resourceTypeIds,
          fieldDefinitions: [{ name: 'note', label: { en: 'note' }, required: false, type: { name: 'String' } }],
        },
      }),
      201,
    );
  }
});
afterAll(() => server.close());

const fields = (key: string, note: string) => ({ type: { key }, fields: { note } });

it('a cart draft keeps the custom fields of the cart, its line items and custom line items, and the order keeps them', async () => {
  const cart = await ok<CartWithCustom>(
    api(server, admin, '/test/carts', {
      body: {
        currency: 'EUR',
        custom: fields('cart-info', 'gift'),
        lineItems: [{ sku: 'custom-shirt', custom: fields('line-info', 'engrave') }],
        customLineItems: [{ name: { en: 'Wrap' }, slug: 'wrap', money: eur(100), custom: fields('custom-line-info', 'red') }],
      },
    }),
    201,
  );
  expect(cart.custom?.fields).toEqual({ note: 'gift' });
  expect(cart.lineItems[0].custom?.fields).toEqual({ note: 'engrave' });
  expect(cart.customLineItems[0].custom?.fields).toEqual({ note: 'red' });
  const order = await ok<CartWithCustom>(api(server, admin, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } }), 201);
  expect(order.custom?.fields).toEqual({ note: 'gift' });
  expect(order.lineItems[0].custom?.fields).toEqual({ note: 'engrave' });
});

it('an unknown Type, or a Type for another resource, is refused and nothing is created', async () => {
  const before = (await ok<{ total: number }>(api(server, admin, '/test/carts?withTotal=true'))).total;
  await expectError(await api(server, admin, '/test/carts', { body: { currency: 'EUR', custom: fields('nope', 'x') } }), 400, 'ReferencedResourceNotFound');
  const wrong = await api(server, admin, '/test/carts', { body: { currency: 'EUR', custom: fields('line-info', 'x') } });
  expect(wrong.status).toBe(400);
  expect((await ok<{ total: number }>(api(server, admin, '/test/carts?withTotal=true'))).total).toBe(before);
});

it('setCustomType and setCustomField change a cart, on the merchant endpoint and through /me; addLineItem takes custom too', async () => {
  let cart = await ok<CartWithCustom>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
  cart = await ok<CartWithCustom>(
    api(server, admin, `/test/carts/${cart.id}`, {
      body: {
        version: cart.version,
        actions: [
          { action: 'setCustomType', type: { key: 'cart-info' }, fields: { note: 'a' } },
          { action: 'setCustomField', name: 'note', value: 'b' },
          { action: 'addLineItem', sku: 'custom-shirt', custom: fields('line-info', 'c') },
        ],
      },
    }),
  );
  expect(cart.custom?.fields).toEqual({ note: 'b' });
  expect(cart.lineItems[0].custom?.fields).toEqual({ note: 'c' });

  const session = await anonymousSession(server);
  let mine = await ok<CartWithCustom>(api(server, session.token, '/test/me/carts', { body: { currency: 'EUR', custom: fields('cart-info', 'mine') } }), 201);
  expect(mine.custom?.fields).toEqual({ note: 'mine' });
  mine = await ok<CartWithCustom>(
    api(server, session.token, `/test/me/carts/${mine.id}`, {
      body: { version: mine.version, actions: [{ action: 'setCustomField', name: 'note', value: 'changed' }] },
    }),
  );
  expect(mine.custom?.fields).toEqual({ note: 'changed' });
});

describe('more of what carts and orders carry', () => {
  it("a cart's purchase order number and customer group go to its order; a /me cart draft takes discount codes and a shipping method", async () => {
    const group = await ok<{ id: string }>(api(server, admin, '/test/customer-groups', { body: { groupName: 'Wholesale', key: 'wholesale' } }), 201);
    const cart = await ok<CartWithCustom & { purchaseOrderNumber?: string }>(
      api(server, admin, '/test/carts', {
        body: { currency: 'EUR', purchaseOrderNumber: 'PO-17', customerGroup: { key: 'wholesale' }, lineItems: [{ sku: 'custom-shirt' }] },
      }),
      201,
    );
    expect(cart.purchaseOrderNumber).toBe('PO-17');
    const order = await ok<{ purchaseOrderNumber?: string; customerGroup?: { id: string } }>(
      api(server, admin, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } }),
      201,
    );
    expect(order).toMatchObject({ purchaseOrderNumber: 'PO-17', customerGroup: { typeId: 'customer-group', id: group.id } });

    const session = await anonymousSession(server);
    // An unknown code in a /me draft is refused, not dropped.
    await expectError(
      await api(server, session.token, '/test/me/carts', { body: { currency: 'EUR', discountCodes: ['NO-SUCH-CODE'] } }),
      400,
      'DiscountCodeNonApplicable',
    );
    await expectError(
      await api(server, session.token, '/test/me/carts', { body: { currency: 'EUR', shippingMethod: { key: 'no-such-method' } } }),
      400,
      'ReferencedResourceNotFound',
    );
  });
});
