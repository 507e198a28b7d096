import { api, clientToken, createApiClient } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { ok } from '../carts/support.js';
import { tokenRequest } from '../oauth/support.js';

/**
 * Payments: the merchant's /payments, a customer's /me/payments, and the payments of a cart or order
 * (`paymentInfo`, addPayment / removePayment).
 */
interface TransactionBody {
  id: string;
  type: string;
  state: string;
  amount: { centAmount: number; currencyCode: string; type: string };
  interactionId?: string;
  timestamp?: string;
}
interface PaymentBody {
  id: string;
  version: number;
  key?: string;
  customer?: { typeId: string; id: string };
  anonymousId?: string;
  amountPlanned: { type: string; currencyCode: string; centAmount: number; fractionDigits: number };
  paymentMethodInfo: { paymentInterface?: string; method?: string; name?: Record<string, string> };
  paymentStatus: { interfaceCode?: string; interfaceText?: string };
  transactions: TransactionBody[];
  interfaceInteractions: unknown[];
}
interface WithPayments {
  id: string;
  version: number;
  paymentInfo?: { payments: { typeId: string; id: string; obj?: PaymentBody }[] };
}

let server: TestServer;
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
});
afterAll(() => server.close());

const update = (path: string, doc: { version: number }, actions: unknown[], token = admin) =>
  api(server, token, path, { body: { version: doc.version, actions } });

async function session(): Promise<{ token: string; anonymousId: string }> {
  const creds = await createApiClient(server, 'test', 'create_anonymous_token:test manage_my_payments:test manage_my_orders:test');
  const { status, body } = await tokenRequest(server, '/oauth/test/anonymous/token', creds, { grant_type: 'client_credentials' });
  if (status !== 200) throw new Error(`anonymous token: ${status}`);
  return { token: body.access_token, anonymousId: /anonymous_id=([^ ]+)/.exec(String(body.scope))![1] };
}

describe("the merchant's payments", () => {
  test('a draft with method, status and transactions; read by id and key; queried by transaction', async () => {
    const customer = await ok<{ customer: { id: string } }>(
      api(server, admin, '/test/customers', { body: { email: 'payer@example.com', password: 'pw', key: 'payer' } }),
      201,
    );
    const payment = await ok<PaymentBody>(
      api(server, admin, '/test/payments', {
        body: {
          key: 'pay-1',
          customer: { typeId: 'customer', key: 'payer' },
          interfaceId: 'psp-123',
          amountPlanned: { currencyCode: 'EUR', centAmount: 4200 },
          paymentMethodInfo: { paymentInterface: 'psp', method: 'card', name: { en: 'Credit card' } },
          paymentStatus: { interfaceCode: '100', interfaceText: 'ok' },
          transactions: [{ type: 'Authorization', amount: { currencyCode: 'EUR', centAmount: 4200 }, interactionId: 'auth-1' }],
        },
      }),
      201,
    );
    expect(payment).toMatchObject({
      key: 'pay-1',
      customer: { typeId: 'customer', id: customer.customer.id },
      amountPlanned: { type: 'centPrecision', currencyCode: 'EUR', centAmount: 4200, fractionDigits: 2 },
      paymentMethodInfo: { paymentInterface: 'psp', method: 'card', name: { en: 'Credit card' } },
      paymentStatus: { interfaceCode: '100', interfaceText: 'ok' },
      transactions: [{ type: 'Authorization', state: 'Initial', interactionId: 'auth-1', amount: { centAmount: 4200 } }],
      interfaceInteractions: [],
    });
    expect(payment.transactions[0].id).toEqual(expect.any(String));
    expect((await ok<PaymentBody>(api(server, admin, '/test/payments/key=pay-1'))).id).toBe(payment.id);
    expect((await api(server, admin, `/test/payments/${payment.id}`, { method: 'HEAD' })).status).toBe(200);
    const where = encodeURIComponent('transactions(interactionId = "auth-1" and state = "Initial")');
    expect((await ok<{ results: PaymentBody[] }>(api(server, admin, `/test/payments?where=${where}`))).results.map((p) => p.id)).toEqual([payment.id]);
    expect(
      (
        await ok<{ results: PaymentBody[] }>(api(server, admin, `/test/payments?where=${encodeURIComponent(`customer(id = "${customer.customer.id}")`)}`))
      ).results.map((p) => p.id),
    ).toEqual([payment.id]);
    await expectError(
      await api(server, admin, '/test/payments', { body: { key: 'pay-1', amountPlanned: { currencyCode: 'EUR', centAmount: 1 } } }),
      400,
      'DuplicateField',
      { field: 'key' },
    );
    await expectError(
      await api(server, admin, '/test/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 1 }, customer: { key: 'nobody' } } }),
      400,
      'ReferencedResourceNotFound',
    );
  });

  test('update actions on the payment, its method, status and transactions, all or none', async () => {
    let payment = await ok<PaymentBody>(api(server, admin, '/test/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 1000 } } }), 201);
    payment = await ok<PaymentBody>(
      update(`/test/payments/${payment.id}`, payment, [
        { action: 'addTransaction', transaction: { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 1000 }, state: 'Pending' } },
        { action: 'setMethodInfoInterface', interface: 'psp' },
        { action: 'setMethodInfoMethod', method: 'paypal' },
        { action: 'setStatusInterfaceCode', interfaceCode: '200' },
        { action: 'setStatusInterfaceText', interfaceText: 'captured' },
        { action: 'setKey', key: 'pay-2' },
        { action: 'setInterfaceId', interfaceId: 'psp-2' },
        { action: 'changeAmountPlanned', amount: { type: 'highPrecision', currencyCode: 'EUR', preciseAmount: 100055, fractionDigits: 4 } },
      ]),
    );
    const [charge] = payment.transactions;
    expect(payment).toMatchObject({
      key: 'pay-2',
      paymentMethodInfo: { paymentInterface: 'psp', method: 'paypal' },
      paymentStatus: { interfaceCode: '200', interfaceText: 'captured' },
    });
    // A high precision amount is kept in cents, rounded half even.
    expect(payment.amountPlanned).toEqual({ type: 'centPrecision', currencyCode: 'EUR', centAmount: 1001, fractionDigits: 2 });
    payment = await ok<PaymentBody>(
      update(`/test/payments/key=pay-2`, payment, [
        { action: 'changeTransactionState', transactionId: charge.id, state: 'Success' },
        { action: 'changeTransactionInteractionId', transactionId: charge.id, interactionId: 'psp-charge' },
        { action: 'changeTransactionTimestamp', transactionId: charge.id, timestamp: '2026-01-02T03:04:05.000Z' },
      ]),
    );
    expect(payment.transactions[0]).toMatchObject({ state: 'Success', interactionId: 'psp-charge', timestamp: '2026-01-02T03:04:05.000Z' });
    // An unknown transaction fails the request: nothing of it is kept.
    await expectError(
      await update(`/test/payments/${payment.id}`, payment, [
        { action: 'setMethodInfoMethod', method: 'card' },
        { action: 'changeTransactionState', transactionId: 'nope', state: 'Failure' },
      ]),
      400,
      'InvalidOperation',
    );
    await expectError(
      await update(`/test/payments/${payment.id}`, payment, [{ action: 'changeTransactionState', transactionId: charge.id, state: 'Done' }]),
      400,
      'InvalidField',
    );
    await expectError(
      await update(`/test/payments/${payment.id}`, { version: 1 }, [{ action: 'setMethodInfoMethod', method: 'card' }]),
      409,
      'ConcurrentModification',
    );
    expect(await ok<PaymentBody>(api(server, admin, `/test/payments/${payment.id}`))).toEqual(payment);
    const deleted = await ok<PaymentBody>(api(server, admin, `/test/payments/key=pay-2?version=${payment.version}`, { method: 'DELETE' }));
    expect(deleted.id).toBe(payment.id);
    await expectError(await api(server, admin, `/test/payments/${payment.id}`), 404, 'ResourceNotFound');
  });

  test('a cart and its order keep their payments (addPayment, removePayment, expansion)', async () => {
    const payment = await ok<PaymentBody>(
      api(server, admin, '/test/payments', { body: { key: 'cart-pay', amountPlanned: { currencyCode: 'EUR', centAmount: 0 } } }),
      201,
    );
    const other = await ok<PaymentBody>(api(server, admin, '/test/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 0 } } }), 201);
    let cart = await ok<WithPayments>(api(server, admin, '/test/carts', { body: { currency: 'EUR' } }), 201);
    cart = await ok<WithPayments>(
      update(`/test/carts/${cart.id}`, cart, [
        { action: 'addPayment', payment: { typeId: 'payment', key: 'cart-pay' } },
        { action: 'addPayment', payment: { id: other.id } },
      ]),
    );
    expect(cart.paymentInfo).toEqual({
      payments: [
        { typeId: 'payment', id: payment.id },
        { typeId: 'payment', id: other.id },
      ],
    });
    await expectError(await update(`/test/carts/${cart.id}`, cart, [{ action: 'addPayment', payment: { id: payment.id } }]), 400, 'InvalidOperation');
    await expectError(await update(`/test/carts/${cart.id}`, cart, [{ action: 'addPayment', payment: { id: 'nope' } }]), 400, 'ReferencedResourceNotFound');
    cart = await ok<WithPayments>(update(`/test/carts/${cart.id}`, cart, [{ action: 'removePayment', payment: { id: other.id } }]));
    expect(cart.paymentInfo?.payments.map((p) => p.id)).toEqual([payment.id]);
    const expanded = await ok<WithPayments>(api(server, admin, `/test/carts/${cart.id}?expand=${encodeURIComponent('paymentInfo.payments[*]')}`));
    expect(expanded.paymentInfo?.payments[0].obj?.key).toBe('cart-pay');
    const order = await ok<WithPayments>(api(server, admin, '/test/orders', { body: { cart: { id: cart.id }, version: cart.version } }), 201);
    expect(order.paymentInfo?.payments.map((p) => p.id)).toEqual([payment.id]);
    const paid = await ok<WithPayments>(
      update(`/test/orders/${order.id}`, order, [
        { action: 'addPayment', payment: { id: other.id } },
        { action: 'removePayment', payment: { key: 'cart-pay' } },
      ]),
    );
    expect(paid.paymentInfo?.payments.map((p) => p.id)).toEqual([other.id]);
    const none = await ok<WithPayments>(update(`/test/orders/${order.id}`, paid, [{ action: 'removePayment', payment: { id: other.id } }]));
    expect(none.paymentInfo).toBeUndefined();
    await expectError(await update(`/test/orders/${order.id}`, none, [{ action: 'removePayment', payment: { id: other.id } }]), 400, 'InvalidOperation');
  });

  test('custom fields on the payment, its transactions and its interface interactions; a Type in use is not deleted', async () => {
    const typeOf = async (key: string, resourceTypeIds: string[]) =>
      ok<{ id: string; version: number }>(
        api(server, admin, '/test/types', {
          body: {
            key,
            name: { en: key },
            resourceTypeIds,
            fieldDefinitions: [{ name: 'code', label: { en: 'c' }, required: false, type: { name: 'String' } }],
          },
        }),
        201,
      );
    const [transactionType, interactionType] = [
      await typeOf('psp-transaction', ['transaction']),
      await typeOf('psp-interaction', ['payment-interface-interaction']),
    ];
    let payment = await ok<PaymentBody>(
      api(server, admin, '/test/payments', {
        body: {
          amountPlanned: { currencyCode: 'EUR', centAmount: 7 },
          transactions: [
            { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 7 }, custom: { type: { key: 'psp-transaction' }, fields: { code: 'T1' } } },
          ],
        },
      }),
      201,
    );
    payment = await ok<PaymentBody>(
      update(`/test/payments/${payment.id}`, payment, [{ action: 'addInterfaceInteraction', type: { key: 'psp-interaction' }, fields: { code: 'I1' } }]),
    );
    expect(payment.interfaceInteractions).toEqual([{ type: { typeId: 'type', id: interactionType.id }, fields: { code: 'I1' } }]);
    payment = await ok<PaymentBody>(
      update(`/test/payments/${payment.id}`, payment, [
        { action: 'setTransactionCustomField', transactionId: payment.transactions[0].id, name: 'code', value: 'T2' },
      ]),
    );
    expect((payment.transactions[0] as unknown as { custom: { fields: unknown } }).custom.fields).toEqual({ code: 'T2' });
    await expectError(
      await update(`/test/payments/${payment.id}`, payment, [{ action: 'addInterfaceInteraction', type: { key: 'psp-transaction' } }]),
      400,
      'InvalidOperation',
    );
    for (const type of [transactionType, interactionType]) {
      await expectError(await api(server, admin, `/test/types/${type.id}?version=${type.version}`, { method: 'DELETE' }), 400, 'ReferenceExists');
    }
  });

  test('scopes: view_payments reads, manage_payments writes; the /me endpoints need a customer or anonymous token', async () => {
    const viewer = await clientToken(server, 'view_payments:test');
    const payment = await ok<PaymentBody>(api(server, admin, '/test/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 5 } } }), 201);
    expect((await ok<PaymentBody>(api(server, viewer, `/test/payments/${payment.id}`))).id).toBe(payment.id);
    await expectError(
      await api(server, viewer, '/test/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 5 } } }),
      403,
      'insufficient_scope',
    );
    await expectError(await api(server, await clientToken(server, 'view_orders:test'), `/test/payments/${payment.id}`), 403, 'insufficient_scope');
    const myClient = await clientToken(server, 'manage_my_payments:test');
    expect((await api(server, myClient, '/test/me/payments')).status).toBe(400);
  });
});

describe("a customer's own payments (/me/payments)", () => {
  test('created for the session, seen only by it, changed and deleted only while they have no transactions', async () => {
    const [mine, theirs] = [await session(), await session()];
    let payment = await ok<PaymentBody>(
      api(server, mine.token, '/test/me/payments', {
        body: { amountPlanned: { currencyCode: 'EUR', centAmount: 2500 }, paymentMethodInfo: { method: 'card' }, anonymousId: 'ignored', key: 'ignored' },
      }),
      201,
    );
    expect(payment).toMatchObject({ anonymousId: mine.anonymousId, transactions: [] });
    expect(payment.key).toBeUndefined();
    await expectError(await api(server, theirs.token, `/test/me/payments/${payment.id}`), 404, 'ResourceNotFound');
    expect((await api(server, theirs.token, `/test/me/payments/${payment.id}`, { method: 'HEAD' })).status).toBe(404);
    expect((await ok<{ results: PaymentBody[] }>(api(server, theirs.token, '/test/me/payments'))).results).toEqual([]);
    expect((await ok<{ results: PaymentBody[] }>(api(server, mine.token, '/test/me/payments'))).results.map((p) => p.id)).toEqual([payment.id]);
    // The merchant's actions are not the customer's.
    await expectError(
      await update(`/test/me/payments/${payment.id}`, payment, [{ action: 'setStatusInterfaceCode', interfaceCode: 'x' }], mine.token),
      400,
      'InvalidInput',
    );
    await expectError(
      await update(`/test/me/payments/${payment.id}`, payment, [{ action: 'setMethodInfoMethod', method: 'x' }], theirs.token),
      404,
      'ResourceNotFound',
    );
    payment = await ok<PaymentBody>(
      update(
        `/test/me/payments/${payment.id}`,
        payment,
        [
          { action: 'setMethodInfoMethod', method: 'paypal' },
          { action: 'addTransaction', transaction: { type: 'Charge', amount: { currencyCode: 'EUR', centAmount: 2500 } } },
        ],
        mine.token,
      ),
    );
    expect(payment.transactions.map((t) => [t.type, t.state])).toEqual([['Charge', 'Initial']]);
    await expectError(
      await update(`/test/me/payments/${payment.id}`, payment, [{ action: 'setMethodInfoMethod', method: 'card' }], mine.token),
      400,
      'InvalidOperation',
    );
    await expectError(
      await api(server, mine.token, `/test/me/payments/${payment.id}?version=${payment.version}`, { method: 'DELETE' }),
      400,
      'InvalidOperation',
    );
    // A refund is the merchant's: the customer's transaction is an Authorization or a Charge.
    const fresh = await ok<PaymentBody>(api(server, mine.token, '/test/me/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 1 } } }), 201);
    await expectError(
      await update(
        `/test/me/payments/${fresh.id}`,
        fresh,
        [{ action: 'addTransaction', transaction: { type: 'Refund', amount: { currencyCode: 'EUR', centAmount: 1 } } }],
        mine.token,
      ),
      400,
      'InvalidField',
    );
    expect((await ok<PaymentBody>(api(server, mine.token, `/test/me/payments/${fresh.id}?version=${fresh.version}`, { method: 'DELETE' }))).id).toBe(fresh.id);
  });

  test('setTransactionCustomField on a my-payment names no transaction: the payment has one, as the platform defines it', async () => {
    const mine = await session();
    await ok(
      api(server, admin, '/test/types', {
        body: {
          key: 'my-transaction',
          name: { en: 'my' },
          resourceTypeIds: ['transaction'],
          fieldDefinitions: [{ name: 'code', label: { en: 'c' }, required: false, type: { name: 'String' } }],
        },
      }),
      201,
    );
    const payment = await ok<PaymentBody>(
      api(server, mine.token, '/test/me/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 5 } } }),
      201,
    );
    const changed = await ok<PaymentBody>(
      update(
        `/test/me/payments/${payment.id}`,
        payment,
        [
          {
            action: 'addTransaction',
            transaction: {
              type: 'Charge',
              amount: { currencyCode: 'EUR', centAmount: 5 },
              custom: { type: { key: 'my-transaction' }, fields: { code: 'M1' } },
            },
          },
          { action: 'setTransactionCustomField', name: 'code', value: 'M2' },
        ],
        mine.token,
      ),
    );
    expect((changed.transactions[0] as unknown as { custom: { fields: unknown } }).custom.fields).toEqual({ code: 'M2' });
    // Before there is a transaction there is nothing to set.
    const empty = await ok<PaymentBody>(api(server, mine.token, '/test/me/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 5 } } }), 201);
    await expectError(
      await update(`/test/me/payments/${empty.id}`, empty, [{ action: 'setTransactionCustomField', name: 'code', value: 'x' }], mine.token),
      400,
      'InvalidOperation',
    );
  });

  test("a session adds only its own payments to its cart; sign-in gives the session's payments to the customer", async () => {
    const [mine, theirs] = [await session(), await session()];
    const own = await ok<PaymentBody>(api(server, mine.token, '/test/me/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 10 } } }), 201);
    const foreign = await ok<PaymentBody>(
      api(server, theirs.token, '/test/me/payments', { body: { amountPlanned: { currencyCode: 'EUR', centAmount: 10 } } }),
      201,
    );
    let cart = await ok<WithPayments>(api(server, mine.token, '/test/me/carts', { body: { currency: 'EUR' } }), 201);
    await expectError(
      await update(`/test/me/carts/${cart.id}`, cart, [{ action: 'addPayment', payment: { id: foreign.id } }], mine.token),
      400,
      'ReferencedResourceNotFound',
    );
    cart = await ok<WithPayments>(update(`/test/me/carts/${cart.id}`, cart, [{ action: 'addPayment', payment: { id: own.id } }], mine.token));
    expect(cart.paymentInfo?.payments.map((p) => p.id)).toEqual([own.id]);

    const customer = await ok<{ customer: { id: string } }>(
      api(server, admin, '/test/customers', { body: { email: 'me-payer@example.com', password: 'pw' } }),
      201,
    );
    await ok(api(server, admin, '/test/login', { body: { email: 'me-payer@example.com', password: 'pw', anonymousId: mine.anonymousId } }));
    const now = await ok<PaymentBody>(api(server, admin, `/test/payments/${own.id}`));
    expect(now.customer).toEqual({ typeId: 'customer', id: customer.customer.id });
    expect((await ok<PaymentBody>(api(server, admin, `/test/payments/${foreign.id}`))).customer).toBeUndefined();
  });
});
