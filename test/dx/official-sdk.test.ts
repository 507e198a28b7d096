import { createApiBuilderFromCtpClient, type ByProjectKeyRequestBuilder } from '@commercetools/platform-sdk';
import { ClientBuilder, type TokenCache, type TokenStore } from '@commercetools/ts-client';
import { createApiClient, type ClientCredentials } from '../support/auth.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

/**
 * The platform's own TypeScript SDK (@commercetools/platform-sdk with @commercetools/ts-client), used
 * as its documentation shows, with only the hosts pointed at this server: its token flows, its
 * request builders, its error handling and its middlewares must work unchanged.
 */
let server: TestServer;
let admin: ClientCredentials;
let api: ByProjectKeyRequestBuilder;

/** What the SDK throws for a non-2xx answer. */
interface SdkError {
  statusCode: number;
  /** The first error's code, for failures of the token endpoint (the auth middleware's error). */
  code?: string;
  body?: { statusCode: number; message: string; errors: Array<{ code: string; message: string; currentVersion?: number }> } & Record<string, unknown>;
}

async function failure(promise: Promise<unknown>): Promise<SdkError> {
  try {
    await promise;
  } catch (err) {
    return err as SdkError;
  }
  throw new Error('expected the SDK call to fail');
}

/** A token cache that keeps what the SDK stores, so a test can read the refresh token it received. */
function recordingCache(): TokenCache & { stored?: TokenStore } {
  const cache: TokenCache & { stored?: TokenStore } = {
    get: async () => cache.stored,
    set: async (store) => {
      cache.stored = store;
    },
  };
  return cache;
}

function builder(projectKey: string): ClientBuilder {
  return new ClientBuilder().withProjectKey(projectKey).withHttpMiddleware({ host: server.url, httpClient: fetch, includeResponseHeaders: true });
}

function withProject(client: ReturnType<ClientBuilder['build']>, projectKey: string): ByProjectKeyRequestBuilder {
  return createApiBuilderFromCtpClient(client).withProjectKey({ projectKey });
}

beforeAll(async () => {
  server = await startTestServer();
  admin = await createApiClient(server, server.projectKey, `manage_project:${server.projectKey}`);
  const client = builder(server.projectKey)
    .withClientCredentialsFlow({ host: server.url, projectKey: server.projectKey, credentials: admin, httpClient: fetch })
    .withCorrelationIdMiddleware({ generate: () => 'sdk-correlation-1' })
    .build();
  api = withProject(client, server.projectKey);
});
afterAll(() => server.close());

describe('the client-credentials flow', () => {
  it('gets a token and reads the project, echoing the correlation id the SDK sends', async () => {
    const res = await api.get().execute();
    expect(res.statusCode).toBe(200);
    expect(res.body.key).toBe(server.projectKey);
    expect((res.headers as Record<string, unknown>)['x-correlation-id']).toBe('sdk-correlation-1');
  });

  it('surfaces a wrong client secret as the SDK error of the token endpoint', async () => {
    const wrong = withProject(
      builder(server.projectKey)
        .withClientCredentialsFlow({
          host: server.url,
          projectKey: server.projectKey,
          credentials: { clientId: admin.clientId, clientSecret: 'not-the-secret-of-this-client' },
          httpClient: fetch,
        })
        .build(),
      server.projectKey,
    );
    const err = await failure(wrong.get().execute());
    expect(err.statusCode).toBe(401);
    expect(err.code).toBe('invalid_client');
  });

  it('asks for a subset of its scopes when the builder names them', async () => {
    const reader = await createApiClient(server, server.projectKey, `view_stores:${server.projectKey} manage_stores:${server.projectKey}`);
    const cache = recordingCache();
    const scoped = withProject(
      builder(server.projectKey)
        .withClientCredentialsFlow({
          host: server.url,
          projectKey: server.projectKey,
          credentials: reader,
          scopes: [`view_stores:${server.projectKey}`],
          tokenCache: cache,
          httpClient: fetch,
        })
        .build(),
      server.projectKey,
    );
    expect((await scoped.stores().get().execute()).statusCode).toBe(200);
    const denied = await failure(
      scoped
        .stores()
        .post({ body: { key: 'scoped-store', name: { en: 'x' } } })
        .execute(),
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.body?.errors?.[0]?.code).toBe('insufficient_scope');
  });
});

describe('a versioned resource through the request builders (stores)', () => {
  it('creates, reads by id and key, checks existence, queries, updates and deletes', async () => {
    const created = await api
      .stores()
      .post({ body: { key: 'sdk-store', name: { en: 'SDK store' }, languages: ['en'] } })
      .execute();
    expect(created.statusCode).toBe(201);
    const { id, version } = created.body;

    expect((await api.stores().withId({ ID: id }).get().execute()).body.key).toBe('sdk-store');
    expect((await api.stores().withKey({ key: 'sdk-store' }).get().execute()).body.id).toBe(id);
    expect((await api.stores().withKey({ key: 'sdk-store' }).head().execute()).statusCode).toBe(200);
    expect((await failure(api.stores().withKey({ key: 'no-such-store' }).head().execute())).statusCode).toBe(404);

    const page = await api
      .stores()
      .get({ queryArgs: { where: 'key = :key', 'var.key': 'sdk-store', sort: ['createdAt desc'], limit: 5, withTotal: true } })
      .execute();
    expect(page.body).toMatchObject({ limit: 5, offset: 0, count: 1, total: 1 });
    expect(page.body.results[0].id).toBe(id);
    // The SDK's own examples pass a variable as a plain parameter of its name.
    const plain = await api
      .stores()
      .get({ queryArgs: { where: 'key = :key', key: 'sdk-store' } })
      .execute();
    expect(plain.body.results.map((s) => s.id)).toEqual([id]);

    const updated = await api
      .stores()
      .withId({ ID: id })
      .post({ body: { version, actions: [{ action: 'setName', name: { en: 'Renamed' } }] } })
      .execute();
    expect(updated.body).toMatchObject({ version: version + 1, name: { en: 'Renamed' } });

    const deleted = await api
      .stores()
      .withKey({ key: 'sdk-store' })
      .delete({ queryArgs: { version: updated.body.version } })
      .execute();
    expect(deleted.body.id).toBe(id);
    const gone = await failure(api.stores().withId({ ID: id }).get().execute());
    expect(gone.statusCode).toBe(404);
    expect(gone.body?.errors?.[0]?.code).toBe('ResourceNotFound');
  });

  it('reports a stale version as ConcurrentModification with the current version, which its middleware retries with', async () => {
    const { body: store } = await api
      .stores()
      .post({ body: { key: 'sdk-versioned', name: { en: 'v1' } } })
      .execute();
    await api
      .stores()
      .withId({ ID: store.id })
      .post({ body: { version: store.version, actions: [{ action: 'setName', name: { en: 'v2' } }] } })
      .execute();

    const stale = await failure(
      api
        .stores()
        .withId({ ID: store.id })
        .post({ body: { version: store.version, actions: [{ action: 'setName', name: { en: 'v3' } }] } })
        .execute(),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.body?.errors?.[0]).toMatchObject({ code: 'ConcurrentModification', currentVersion: store.version + 1 });

    // The SDK's ConcurrentModification middleware re-sends the update with the version from the error body.
    const retrying = withProject(
      builder(server.projectKey)
        .withClientCredentialsFlow({ host: server.url, projectKey: server.projectKey, credentials: admin, httpClient: fetch })
        .withConcurrentModificationMiddleware()
        .build(),
      server.projectKey,
    );
    const retried = await retrying
      .stores()
      .withId({ ID: store.id })
      .post({ body: { version: store.version, actions: [{ action: 'setName', name: { en: 'v3' } }] } })
      .execute();
    expect(retried.body).toMatchObject({ version: store.version + 2, name: { en: 'v3' } });
  });

  it('renders a refused draft in the platform error body the SDK exposes', async () => {
    const err = await failure(
      api
        .stores()
        .post({ body: { key: 'x', name: { en: 'too short a key' } } })
        .execute(),
    );
    expect(err.statusCode).toBe(400);
    expect(err.body).toMatchObject({ statusCode: 400, errors: [expect.objectContaining({ code: 'InvalidField', field: 'key' })] });
  });
});

describe('a checkout with a payment through the request builders', () => {
  it('creates a payment, adds it to a cart, orders the cart and records the charge', async () => {
    const payment = await api
      .payments()
      .post({
        body: {
          key: 'sdk-payment',
          amountPlanned: { currencyCode: 'EUR', centAmount: 1999 },
          paymentMethodInfo: { paymentInterface: 'sdk-psp', method: 'card' },
        },
      })
      .execute();
    expect((await api.payments().withKey({ key: 'sdk-payment' }).head().execute()).statusCode).toBe(200);
    const cart = await api
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    const withPayment = await api
      .carts()
      .withId({ ID: cart.body.id })
      .post({ body: { version: cart.body.version, actions: [{ action: 'addPayment', payment: { typeId: 'payment', key: 'sdk-payment' } }] } })
      .execute();
    expect(withPayment.body.paymentInfo?.payments.map((p) => p.id)).toEqual([payment.body.id]);
    const order = await api
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.body.id }, version: withPayment.body.version } })
      .execute();
    expect(order.body.paymentInfo?.payments.map((p) => p.id)).toEqual([payment.body.id]);
    const charged = await api
      .payments()
      .withId({ ID: payment.body.id })
      .post({
        body: {
          version: payment.body.version,
          actions: [{ action: 'addTransaction', transaction: { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 1999 }, state: 'Success' } }],
        },
      })
      .execute();
    expect(charged.body.transactions.map((t) => [t.type, t.state])).toEqual([['Charge', 'Success']]);
    const paid = await api
      .orders()
      .withId({ ID: order.body.id })
      .post({ body: { version: order.body.version, actions: [{ action: 'changePaymentState', paymentState: 'Paid' }] } })
      .execute();
    expect(paid.body.paymentState).toBe('Paid');
  });
});

describe('a quote negotiation through the request builders', () => {
  it('requests a quote for a cart, stages and sends it, and orders the quote', async () => {
    const { body: customer } = await api
      .customers()
      .post({ body: { email: 'sdk-quote@example.com', password: 'pw' } })
      .execute();
    const cart = await api
      .carts()
      .post({
        body: {
          currency: 'EUR',
          customerId: customer.customer.id,
          taxMode: 'Disabled',
          shippingAddress: { country: 'DE' },
          customLineItems: [{ name: { en: 'Crate' }, slug: 'crate', money: { currencyCode: 'EUR', centAmount: 2500 }, quantity: 4 }],
        },
      })
      .execute();
    const request = await api
      .quoteRequests()
      .post({ body: { cart: { typeId: 'cart', id: cart.body.id }, cartVersion: cart.body.version, key: 'sdk-qr' } })
      .execute();
    expect((await api.quoteRequests().withKey({ key: 'sdk-qr' }).head().execute()).statusCode).toBe(200);
    const staged = await api
      .stagedQuotes()
      .post({
        body: { quoteRequest: { typeId: 'quote-request', id: request.body.id }, quoteRequestVersion: request.body.version, quoteRequestStateToAccepted: true },
      })
      .execute();
    const quote = await api
      .quotes()
      .post({
        body: {
          stagedQuote: { typeId: 'staged-quote', id: staged.body.id },
          stagedQuoteVersion: staged.body.version,
          stagedQuoteStateToSent: true,
          key: 'sdk-quote',
        },
      })
      .execute();
    expect(quote.body).toMatchObject({ quoteState: 'Pending', totalPrice: { centAmount: 10000 } });
    const order = await api
      .orders()
      .orderQuote()
      .post({ body: { quote: { typeId: 'quote', key: 'sdk-quote' }, version: quote.body.version, quoteStateToAccepted: true } })
      .execute();
    expect(order.body).toMatchObject({ origin: 'Quote', quote: { typeId: 'quote', id: quote.body.id } });
    expect((await api.quotes().withId({ ID: quote.body.id }).get().execute()).body.quoteState).toBe('Accepted');
  });
});

describe('customers, business units as an associate, GraphQL', () => {
  let customerId: string;
  const email = 'sdk-buyer@example.com';
  const password = 'sdk-buyer-password';

  beforeAll(async () => {
    await api
      .associateRoles()
      .post({
        body: {
          key: 'sdk-buyer',
          name: 'Buyer',
          buyerAssignable: true,
          permissions: [
            'UpdateBusinessUnitDetails',
            'AddChildUnits',
            'CreateMyCarts',
            'ViewMyCarts',
            'UpdateMyCarts',
            'DeleteMyCarts',
            'CreateMyOrdersFromMyCarts',
            'ViewMyOrders',
            'CreateMyShoppingLists',
            'ViewMyShoppingLists',
            'CreateApprovalRules',
            'UpdateApprovalFlows',
          ],
        },
      })
      .execute();
    const signUp = await api
      .customers()
      .post({ body: { email, password, firstName: 'Ada' } })
      .execute();
    customerId = signUp.body.customer.id;
    await api
      .businessUnits()
      .post({
        body: {
          key: 'sdk-company',
          name: 'SDK Company',
          unitType: 'Company',
          associates: [
            {
              customer: { typeId: 'customer', id: customerId },
              associateRoleAssignments: [{ associateRole: { typeId: 'associate-role', key: 'sdk-buyer' }, inheritance: 'Enabled' }],
            },
          ],
        },
      })
      .execute();
  });

  it('signs a customer in (login) and finds them with a query predicate', async () => {
    const signIn = await api.login().post({ body: { email, password } }).execute();
    expect(signIn.body.customer.id).toBe(customerId);
    const found = await api
      .customers()
      .get({ queryArgs: { where: `email = "${email}"` } })
      .execute();
    expect(found.body.results.map((c) => c.id)).toEqual([customerId]);
  });

  it('acts as an associate: reads, queries, updates and creates a division', async () => {
    const asAssociate = api.asAssociate().withAssociateIdValue({ associateId: customerId });
    const unit = await asAssociate.businessUnits().withKey({ key: 'sdk-company' }).get().execute();
    expect(unit.body.name).toBe('SDK Company');
    const page = await asAssociate
      .businessUnits()
      .get({ queryArgs: { withTotal: true } })
      .execute();
    expect(page.body.total).toBe(1);
    const renamed = await asAssociate
      .businessUnits()
      .withKey({ key: 'sdk-company' })
      .post({ body: { version: unit.body.version, actions: [{ action: 'changeName', name: 'SDK Company 2' }] } })
      .execute();
    expect(renamed.body).toMatchObject({ name: 'SDK Company 2', lastModifiedBy: { associate: { typeId: 'customer', id: customerId } } });
    const division = await asAssociate
      .businessUnits()
      .post({ body: { key: 'sdk-division', name: 'SDK Division', unitType: 'Division', parentUnit: { typeId: 'business-unit', key: 'sdk-company' } } })
      .execute();
    expect(division.statusCode).toBe(201);
    expect(division.body).toMatchObject({ unitType: 'Division', topLevelUnit: { key: 'sdk-company' } });

    const stranger = await failure(
      api
        .asAssociate()
        .withAssociateIdValue({ associateId: '00000000-0000-0000-0000-000000000000' })
        .businessUnits()
        .withKey({ key: 'sdk-company' })
        .get()
        .execute(),
    );
    expect(stranger.statusCode).toBe(404);
  });

  it("uses the associate cart builders: creates, reads, queries, updates and deletes a cart of the associate's unit", async () => {
    const carts = api
      .asAssociate()
      .withAssociateIdValue({ associateId: customerId })
      .inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey: 'sdk-company' })
      .carts();
    const created = await carts.post({ body: { currency: 'EUR', key: 'sdk-associate-cart' } }).execute();
    expect(created.statusCode).toBe(201);
    expect(created.body).toMatchObject({
      customerId,
      businessUnit: { typeId: 'business-unit', key: 'sdk-company' },
      createdBy: { associate: { typeId: 'customer', id: customerId } },
    });
    expect((await carts.withKey({ key: 'sdk-associate-cart' }).get().execute()).body.id).toBe(created.body.id);
    expect((await carts.withId({ ID: created.body.id }).head().execute()).statusCode).toBe(200);
    expect((await carts.get({ queryArgs: { where: 'key = "sdk-associate-cart"' } }).execute()).body.results.map((cart) => cart.id)).toEqual([created.body.id]);
    const updated = await carts
      .withId({ ID: created.body.id })
      .post({ body: { version: created.body.version, actions: [{ action: 'setCustomerEmail', email: 'sdk-buyer@example.com' }] } })
      .execute();
    expect(updated.body.customerEmail).toBe('sdk-buyer@example.com');
    await carts
      .withKey({ key: 'sdk-associate-cart' })
      .delete({ queryArgs: { version: updated.body.version } })
      .execute();
    const gone = await failure(carts.withId({ ID: created.body.id }).get().execute());
    expect(gone.statusCode).toBe(404);
  });

  it('uses the associate order and shopping list builders: orders a cart of the unit and keeps a list there', async () => {
    const inUnit = api
      .asAssociate()
      .withAssociateIdValue({ associateId: customerId })
      .inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey: 'sdk-company' });
    const cart = await inUnit
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    const order = await inUnit
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.body.id }, version: cart.body.version } })
      .execute();
    expect(order.body).toMatchObject({ customerId, businessUnit: { typeId: 'business-unit', key: 'sdk-company' } });
    expect((await inUnit.orders().withId({ ID: order.body.id }).get().execute()).body.id).toBe(order.body.id);
    expect((await inUnit.orders().get().execute()).body.results.map((o) => o.id)).toContain(order.body.id);
    const list = await inUnit
      .shoppingLists()
      .post({ body: { name: { en: 'SDK list' }, key: 'sdk-associate-list' } })
      .execute();
    expect(list.body).toMatchObject({ customer: { typeId: 'customer', id: customerId }, businessUnit: { key: 'sdk-company' } });
    expect((await inUnit.shoppingLists().withKey({ key: 'sdk-associate-list' }).get().execute()).body.id).toBe(list.body.id);
  });

  it('uses the approval builders: a rule of the unit, the flow an order starts, its approval', async () => {
    const inUnit = api
      .asAssociate()
      .withAssociateIdValue({ associateId: customerId })
      .inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey: 'sdk-company' });
    const role = { associateRole: { typeId: 'associate-role' as const, key: 'sdk-buyer' } };
    const rule = await inUnit
      .approvalRules()
      .post({
        body: {
          key: 'sdk-rule',
          name: 'Everything',
          status: 'Active',
          predicate: 'totalPrice > "0.00 EUR"',
          requesters: [role],
          approvers: { tiers: [{ and: [{ or: [role] }] }] },
        },
      })
      .execute();
    expect((await inUnit.approvalRules().withKey({ key: 'sdk-rule' }).get().execute()).body.id).toBe(rule.body.id);
    const cart = await inUnit
      .carts()
      .post({
        body: {
          currency: 'EUR',
          customLineItems: [{ name: { en: 'Thing' }, slug: 'thing', money: { currencyCode: 'EUR', centAmount: 100 }, quantity: 1 }],
          taxMode: 'Disabled',
        },
      })
      .execute();
    const order = await inUnit
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.body.id }, version: cart.body.version } })
      .execute();
    const flows = await inUnit
      .approvalFlows()
      .get({ queryArgs: { where: `order(id="${order.body.id}")` } })
      .execute();
    expect(flows.body.results.map((f) => f.status)).toEqual(['Pending']);
    const [flow] = flows.body.results;
    const approved = await inUnit
      .approvalFlows()
      .withId({ ID: flow.id })
      .post({ body: { version: flow.version, actions: [{ action: 'approve' }] } })
      .execute();
    expect(approved.body.status).toBe('Approved');
  });

  it('posts a GraphQL query through the SDK', async () => {
    const res = await api
      .graphql()
      .post({
        body: { query: 'query ($where: String) { customers(where: $where) { total results { email } } }', variables: { where: `id = "${customerId}"` } },
      })
      .execute();
    expect(res.body).toEqual({ data: { customers: { total: 1, results: [{ email }] } } });
  });

  it('runs the password flow, then the refresh-token flow with the refresh token it received', async () => {
    const meClient = await createApiClient(server, server.projectKey, `manage_my_profile:${server.projectKey} manage_my_orders:${server.projectKey}`);
    const cache = recordingCache();
    const me = withProject(
      builder(server.projectKey)
        .withPasswordFlow({
          host: server.url,
          projectKey: server.projectKey,
          credentials: { ...meClient, user: { username: email, password } },
          tokenCache: cache,
          httpClient: fetch,
        })
        .build(),
      server.projectKey,
    );
    expect((await me.me().get().execute()).body.id).toBe(customerId);
    const cart = await me
      .me()
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    expect(cart.body.customerId).toBe(customerId);
    expect((await me.me().activeCart().get().execute()).body.id).toBe(cart.body.id);

    const refreshToken = cache.stored?.refreshToken;
    expect(refreshToken).toMatch(new RegExp(`^${server.projectKey}:`));
    const refreshed = withProject(
      builder(server.projectKey)
        .withRefreshTokenFlow({ host: server.url, projectKey: server.projectKey, credentials: meClient, refreshToken: refreshToken!, httpClient: fetch })
        .build(),
      server.projectKey,
    );
    expect((await refreshed.me().get().execute()).body.email).toBe(email);

    const wrongPassword = withProject(
      builder(server.projectKey)
        .withPasswordFlow({
          host: server.url,
          projectKey: server.projectKey,
          credentials: { ...meClient, user: { username: email, password: 'not-the-password' } },
          httpClient: fetch,
        })
        .build(),
      server.projectKey,
    );
    const refused = await failure(wrongPassword.me().get().execute());
    expect(refused.statusCode).toBe(400);
    expect(refused.code).toBe('invalid_customer_account_credentials');
  });

  it('runs the anonymous-session flow with the anonymous id it chooses', async () => {
    const anonClient = await createApiClient(server, server.projectKey, `manage_my_orders:${server.projectKey} create_anonymous_token:${server.projectKey}`);
    const anon = withProject(
      builder(server.projectKey)
        .withAnonymousSessionFlow({
          host: server.url,
          projectKey: server.projectKey,
          credentials: { ...anonClient, anonymousId: 'sdk-anonymous-1' },
          httpClient: fetch,
        })
        .build(),
      server.projectKey,
    );
    const cart = await anon
      .me()
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    expect(cart.statusCode).toBe(201);
    expect(cart.body.anonymousId).toBe('sdk-anonymous-1');
  });

  it("uses the in-store builders: a store's carts for the merchant and for an anonymous session", async () => {
    await api
      .stores()
      .post({ body: { key: 'sdk-store-eu', name: { en: 'EU' } } })
      .execute();
    const store = api.inStoreKeyWithStoreKeyValue({ storeKey: 'sdk-store-eu' });
    const cart = await store
      .carts()
      .post({ body: { currency: 'EUR', key: 'sdk-store-cart' } })
      .execute();
    expect(cart.body.store).toEqual({ typeId: 'store', key: 'sdk-store-eu' });
    expect((await store.carts().withKey({ key: 'sdk-store-cart' }).head().execute()).statusCode).toBe(200);
    expect(
      (
        await store
          .carts()
          .get({ queryArgs: { withTotal: true } })
          .execute()
      ).body.total,
    ).toBe(1);

    const anonClient = await createApiClient(server, server.projectKey, `manage_my_orders:${server.projectKey} create_anonymous_token:${server.projectKey}`);
    const anon = withProject(
      builder(server.projectKey)
        .withAnonymousSessionFlow({
          host: server.url,
          projectKey: server.projectKey,
          credentials: { ...anonClient, anonymousId: 'sdk-anonymous-in-store' },
          httpClient: fetch,
        })
        .build(),
      server.projectKey,
    ).inStoreKeyWithStoreKeyValue({ storeKey: 'sdk-store-eu' });
    const mine = await anon
      .me()
      .carts()
      .post({ body: { currency: 'EUR' } })
      .execute();
    expect(mine.body.store?.key).toBe('sdk-store-eu');
    expect((await anon.me().activeCart().get().execute()).body.id).toBe(mine.body.id);
    const localized = await anon
      .me()
      .carts()
      .withId({ ID: mine.body.id })
      .post({ body: { version: mine.body.version, actions: [{ action: 'setLocale', locale: 'de' }] } })
      .execute();
    expect(localized.body.locale).toBe('de');

    // Checkout in the store, for the session and for the merchant.
    const order = await anon
      .me()
      .orders()
      .post({ body: { id: localized.body.id, version: localized.body.version } })
      .execute();
    expect([order.statusCode, order.body.store?.key]).toEqual([201, 'sdk-store-eu']);
    expect((await anon.me().orders().withId({ ID: order.body.id }).get().execute()).body.id).toBe(order.body.id);
    expect((await anon.me().orders().get().execute()).body.results.map((o) => o.id)).toEqual([order.body.id]);
    const ordered = await store
      .orders()
      .post({ body: { cart: { typeId: 'cart', id: cart.body.id }, version: cart.body.version } })
      .execute();
    expect(ordered.body.store?.key).toBe('sdk-store-eu');
    expect((await store.orders().withId({ ID: ordered.body.id }).get().execute()).body.id).toBe(ordered.body.id);
    expect(
      (
        await store
          .orders()
          .get({ queryArgs: { withTotal: true } })
          .execute()
      ).body.total,
    ).toBe(2);

    // After checkout: the merchant's order number, states and delete, by order number, in the store.
    const numbered = await store
      .orders()
      .withId({ ID: ordered.body.id })
      .post({ body: { version: ordered.body.version, actions: [{ action: 'setOrderNumber', orderNumber: 'sdk-1001' }] } })
      .execute();
    const byNumber = store.orders().withOrderNumber({ orderNumber: 'sdk-1001' });
    expect((await byNumber.head().execute()).statusCode).toBe(200);
    const shipped = await byNumber
      .post({
        body: {
          version: numbered.body.version,
          actions: [
            { action: 'changeOrderState', orderState: 'Complete' },
            { action: 'changeShipmentState', shipmentState: 'Shipped' },
          ],
        },
      })
      .execute();
    expect([shipped.body.orderState, shipped.body.shipmentState]).toEqual(['Complete', 'Shipped']);
    expect((await api.orders().withOrderNumber({ orderNumber: 'sdk-1001' }).get().execute()).body.id).toBe(ordered.body.id);
    expect((await byNumber.delete({ queryArgs: { version: shipped.body.version } }).execute()).body.id).toBe(ordered.body.id);
    expect(
      (
        await api
          .orders()
          .withId({ ID: ordered.body.id })
          .head()
          .execute()
          .catch((err: { statusCode: number }) => err)
      ).statusCode,
    ).toBe(404);
  });

  it('merges an anonymous cart for a customer with the merge builders, globally and in a store', async () => {
    await api
      .stores()
      .post({ body: { key: 'sdk-merge-store', name: { en: 'Merge' } } })
      .execute();
    // A customer of the store, so that the in-store merge sees it too.
    const customer = (
      await api
        .customers()
        .post({ body: { email: 'sdk-merge@example.com', password: 'pw-123456', stores: [{ typeId: 'store', key: 'sdk-merge-store' }] } })
        .execute()
    ).body.customer;
    const anonymous = await api
      .carts()
      .post({ body: { currency: 'EUR', anonymousId: 'sdk-merge-session' } })
      .execute();
    const merged = await api
      .carts()
      .customerIdWithCustomerIdValueMerge({ customerId: customer.id })
      .post({ body: { anonymousCart: { typeId: 'cart', id: anonymous.body.id }, mergeMode: 'MergeWithExistingCustomerCart' } })
      .execute();
    expect([merged.statusCode, merged.body.id, merged.body.customerId]).toEqual([200, anonymous.body.id, customer.id]);

    const store = api.inStoreKeyWithStoreKeyValue({ storeKey: 'sdk-merge-store' });
    const inStore = await store
      .carts()
      .post({ body: { currency: 'EUR', anonymousId: 'sdk-merge-store-session' } })
      .execute();
    const mergedInStore = await store
      .carts()
      .customerIdWithCustomerIdValueMerge({ customerId: customer.id })
      .post({ body: { anonymousId: 'sdk-merge-store-session' } })
      .execute();
    expect([mergedInStore.body.id, mergedInStore.body.store?.key]).toEqual([inStore.body.id, 'sdk-merge-store']);
    const missing = await failure(
      api
        .carts()
        .customerIdWithCustomerIdValueMerge({ customerId: 'no-such-customer' })
        .post({ body: { anonymousId: 'x' } })
        .execute(),
    );
    expect([missing.statusCode, missing.body?.errors[0].code]).toEqual([404, 'ResourceNotFound']);
  });

  it('creates, reads and updates My Business Units with the me() builders of a signed-in customer', async () => {
    await api
      .associateRoles()
      .post({ body: { key: 'sdk-creator', buyerAssignable: false, permissions: ['UpdateBusinessUnitDetails', 'AddChildUnits'] } })
      .execute();
    const project = await api.get().execute();
    await api
      .post({
        body: {
          version: project.body.version,
          actions: [
            { action: 'setMyBusinessUnitAssociateRoleOnCreation', associateRole: { typeId: 'associate-role', key: 'sdk-creator' } },
            { action: 'changeMyBusinessUnitStatusOnCreation', status: 'Active' },
          ],
        },
      })
      .execute();
    const email = 'sdk-my-bu@example.com';
    const customerId = (
      await api
        .customers()
        .post({ body: { email, password: 'pw-123456' } })
        .execute()
    ).body.customer.id;
    const meClient = await createApiClient(server, server.projectKey, `manage_my_business_units:${server.projectKey}`);
    const asCustomer = withProject(
      builder(server.projectKey)
        .withPasswordFlow({
          host: server.url,
          projectKey: server.projectKey,
          credentials: { ...meClient, user: { username: email, password: 'pw-123456' } },
          httpClient: fetch,
        })
        .build(),
      server.projectKey,
    );
    const me = asCustomer.me();
    const created = await me
      .businessUnits()
      .post({ body: { unitType: 'Company', key: 'sdk-my-company', name: 'Mine' } })
      .execute();
    expect([created.statusCode, created.body.status, created.body.associates[0].customer.id]).toEqual([201, 'Active', customerId]);
    expect((await me.businessUnits().get().execute()).body.results.map((u) => u.key)).toEqual(['sdk-my-company']);
    const renamed = await me
      .businessUnits()
      .withKey({ key: 'sdk-my-company' })
      .post({ body: { version: created.body.version, actions: [{ action: 'changeName', name: 'Renamed' }] } })
      .execute();
    expect(renamed.body.name).toBe('Renamed');
    expect((await me.businessUnits().withId({ ID: created.body.id }).head().execute()).statusCode).toBe(200);
    // The creator's role lacks UpdateAssociates: signing up a colleague is refused in the platform's error.
    const refused = await failure(
      asCustomer
        .inBusinessUnitKeyWithBusinessUnitKeyValue({ businessUnitKey: 'sdk-my-company' })
        .me()
        .customers()
        .post({
          body: { version: renamed.body.version, customer: { email: 'sdk-colleague@example.com', password: 'pw-123456' }, associateRoleAssignments: [] },
        })
        .execute(),
    );
    expect([refused.statusCode, refused.body?.errors[0].code]).toEqual([403, 'AssociateMissingPermission']);
  });

  it('uses an existing token as given', async () => {
    const token = await fetch(`${server.url}/oauth/token`, {
      method: 'POST',
      headers: {
        Authorization: `Basic ${Buffer.from(`${admin.clientId}:${admin.clientSecret}`).toString('base64')}`,
        'Content-Type': 'application/x-www-form-urlencoded',
      },
      body: 'grant_type=client_credentials',
    }).then((r) => r.json() as Promise<{ access_token: string }>);
    const existing = withProject(builder(server.projectKey).withExistingTokenFlow(`Bearer ${token.access_token}`, { force: true }).build(), server.projectKey);
    expect((await existing.customers().withId({ ID: customerId }).get().execute()).body.email).toBe(email);
  });
});
