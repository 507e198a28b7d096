import { api, clientToken } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/** Predicates the platform documents for cart discounts are accepted as written there. */
let server: TestServer;
let admin: string;
beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(() => server.close());

const discount = (sortOrder: string, cartPredicate: string, target: Record<string, unknown>) =>
  api(server, admin, '/test/cart-discounts', {
    body: {
      name: { en: 'd' },
      value: { type: 'relative', permyriad: 1000 },
      cartPredicate,
      target,
      sortOrder,
      requiresDiscountCode: false,
    },
  });

it.each([
  [
    '0.11',
    'a line-item target on categories compared with a list',
    '1 = 1',
    { type: 'lineItems', predicate: 'categories.id = ("c6f0dd1c-62a7-4bd6-9a51-8dbfc2d5aa53")' },
  ],
  ['0.12', 'a cart predicate on the shipping tax rate', 'shippingInfo.taxRate.country = "DE"', { type: 'shipping' }],
  ['0.13', 'a cart predicate on the parts of the total', 'totalPrice.centAmount > 10000 and totalPrice.currencyCode = "EUR"', { type: 'shipping' }],
])('(%s) %s is accepted', async (sortOrder, _what, cartPredicate, target) => {
  const res = await discount(sortOrder, cartPredicate, target);
  expect([res.status, await res.text()]).toEqual([201, expect.any(String)]);
});

it('a scalar field compared with a list is refused with the position', async () => {
  const res = await discount('0.42', 'country = ("DE")', { type: 'shipping' });
  expect(res.status).toBe(400);
  expect(((await res.json()) as { errors: { code: string }[] }).errors[0].code).toBe('InvalidInput');
});
