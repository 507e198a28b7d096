import { api, clientToken, createApiClient, customerToken } from '../support/auth.js';
import { tokenRequest } from '../oauth/support.js';
import { gql, gqlData, gqlError } from '../graphql/support.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { anonymousSession, eur, ok, publishedProduct, type ProductBody } from './support.js';

let server: TestServer;
let admin: string;
let shirt: ProductBody;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_products:test manage_orders:test manage_customers:test');
  shirt = await publishedProduct(server, admin, 'shirt', [
    { sku: 'shirt-s', prices: [{ value: eur(1000) }] },
    { sku: 'shirt-m', prices: [{ value: { type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 12345, fractionDigits: 4 } }] },
  ]);
});
afterAll(async () => {
  await server.close();
});

const CART = `id version cartState customerId anonymousId totalLineItemQuantity
  totalPrice { type currencyCode centAmount fractionDigits }
  lineItems { id productId quantity name(locale: "en") variant { id sku } price { value { __typename type centAmount fractionDigits ... on HighPrecisionMoney { preciseAmount } } } totalPrice { centAmount } }`;
const CREATE = `mutation ($draft: MyCartDraft!) { createMyCart(draft: $draft) { ${CART} } }`;
const UPDATE = `mutation ($id: String!, $version: Long!, $actions: [MyCartUpdateAction!]!) { updateMyCart(id: $id, version: $version, actions: $actions) { ${CART} } }`;
const ACTIVE = `{ me { activeCart { ${CART} } carts { count total results { id } } } }`;

interface CartData {
  id: string;
  version: number;
  cartState: string;
  customerId: string | null;
  anonymousId: string | null;
  totalLineItemQuantity: number | null;
  totalPrice: { centAmount: number };
  lineItems: { id: string; quantity: number; name: string; variant: { sku: string }; price: { value: { __typename: string; preciseAmount?: number } } }[];
}

describe('carts over GraphQL', () => {
  test('createMyCart, updateMyCart and me.activeCart for an anonymous session; cart(id) for the merchant', async () => {
    const session = await anonymousSession(server);
    const created = (
      await gqlData<{ createMyCart: CartData }>(server, session.token, CREATE, { draft: { currency: 'EUR', lineItems: [{ sku: 'shirt-s', quantity: 2 }] } })
    ).createMyCart;
    expect(created).toMatchObject({ cartState: 'Active', anonymousId: session.anonymousId, customerId: null, totalPrice: { centAmount: 2000 } });
    const updated = (
      await gqlData<{ updateMyCart: CartData }>(server, session.token, UPDATE, {
        id: created.id,
        version: created.version,
        actions: [{ addLineItem: { productId: shirt.id, variantId: 2, quantity: 3 } }, { setCountry: { country: 'DE' } }],
      })
    ).updateMyCart;
    expect(updated.totalPrice.centAmount).toBe(2000 + 370); // 3 × 1.2345 EUR = 3.7035 EUR, rounded once;
    expect(updated.lineItems.map((li) => [li.variant.sku, li.quantity, li.name, li.price.value.__typename])).toEqual([
      ['shirt-s', 2, 'shirt', 'Money'],
      ['shirt-m', 3, 'shirt', 'HighPrecisionMoney'],
    ]);
    const me = await gqlData<{ me: { activeCart: CartData; carts: { count: number; total: number; results: { id: string }[] } } }>(
      server,
      session.token,
      ACTIVE,
    );
    expect([me.me.activeCart.id, me.me.carts.results.map((c) => c.id)]).toEqual([created.id, [created.id]]);
    const merchant = await gqlData<{ cart: { id: string; version: number } | null }>(server, admin, `{ cart(id: "${created.id}") { id version } }`);
    expect(merchant.cart).toEqual({ id: created.id, version: updated.version });
    expect((await gqlData<{ cart: unknown }>(server, admin, '{ cart(id: "nope") { id } }')).cart).toBeNull();
  });

  test('inputs are checked by the same contract as the HTTP API; another session cannot change the cart', async () => {
    const session = await anonymousSession(server);
    const other = await anonymousSession(server);
    const bad = await gqlError(server, session.token, CREATE, { draft: { currency: 'EUR', country: 'Germany' } });
    expect(bad.extensions.code).toBe('InvalidField');
    const cart = (await gqlData<{ createMyCart: CartData }>(server, session.token, CREATE, { draft: { currency: 'EUR' } })).createMyCart;
    const negative = await gqlError(server, session.token, UPDATE, {
      id: cart.id,
      version: cart.version,
      actions: [{ addLineItem: { sku: 'shirt-s', quantity: -1 } }],
    });
    expect(negative.extensions.code).toBe('InvalidField');
    const two = await gqlError(server, session.token, UPDATE, {
      id: cart.id,
      version: cart.version,
      actions: [{ setCountry: { country: 'DE' }, recalculate: {} }],
    });
    expect(two.extensions.code).toBe('InvalidInput');
    const foreign = await gqlError(server, other.token, UPDATE, { id: cart.id, version: cart.version, actions: [{ setCountry: { country: 'DE' } }] });
    expect(foreign.extensions.code).toBe('ResourceNotFound');
    expect((await gqlData<{ me: { cart: unknown } }>(server, other.token, `{ me { cart(id: "${cart.id}") { id } } }`)).me.cart).toBeNull();
  });

  test('scopes: cart(id) needs view_orders; me carts need manage_my_orders', async () => {
    const viewer = await clientToken(server, 'view_customers:test');
    const { body } = await gql(server, viewer, '{ cart(id: "x") { id } }');
    expect(body.errors?.[0].extensions.code).toBe('insufficient_scope');
    const p = server.projectKey;
    const creds = await createApiClient(server, p, `create_anonymous_token:${p} manage_my_profile:${p}`);
    const { body: token } = await tokenRequest(server, `/oauth/${p}/anonymous/token`, creds, { grant_type: 'client_credentials' });
    const res = await gql(server, token.access_token, '{ me { activeCart { id } } }');
    expect(res.body.errors?.[0].extensions.code).toBe('insufficient_scope');
  });

  test('end to end over GraphQL: createMyCart, updateMyCart, customerSignMeIn, me.activeCart has the merged quantities', async () => {
    await ok(api(server, admin, '/test/customers', { body: { email: 'gql-merge@example.com', password: 'pw-123456' } }), 201);
    const customer = await customerToken(server, 'gql-merge@example.com', 'pw-123456');
    const own = (
      await gqlData<{ createMyCart: CartData }>(server, customer, CREATE, { draft: { currency: 'EUR', lineItems: [{ sku: 'shirt-s', quantity: 4 }] } })
    ).createMyCart;

    const visitor = await anonymousSession(server);
    const cart = (await gqlData<{ createMyCart: CartData }>(server, visitor.token, CREATE, { draft: { currency: 'EUR' } })).createMyCart;
    await gqlData(server, visitor.token, UPDATE, {
      id: cart.id,
      version: cart.version,
      actions: [{ addLineItem: { sku: 'shirt-s', quantity: 1 } }, { addLineItem: { sku: 'shirt-m', quantity: 2 } }],
    });
    const signed = await gqlData<{ customerSignMeIn: { cart: { id: string; version: number } } }>(
      server,
      visitor.token,
      'mutation { customerSignMeIn(draft: {email: "gql-merge@example.com", password: "pw-123456"}) { customer { id } cart { id version } } }',
    );
    expect(signed.customerSignMeIn.cart.id).toBe(own.id);
    const active = (await gqlData<{ me: { activeCart: CartData } }>(server, customer, ACTIVE)).me.activeCart;
    expect(active.id).toBe(own.id);
    expect(Object.fromEntries(active.lineItems.map((li) => [li.variant.sku, li.quantity]))).toEqual({ 'shirt-s': 4, 'shirt-m': 2 });
    expect(active.totalPrice.centAmount).toBe(4000 + 247); // 2 × 1.2345 EUR = 2.469 EUR;
  });
});
