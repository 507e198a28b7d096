import { api, clientToken } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { associate, Fixtures } from '../business-units/support.js';

/**
 * Orders after checkout: read, updated and deleted by id or by order number, on the general and the
 * in-store endpoints, and updated by a business unit's associates.
 */
interface OrderBody {
  id: string;
  version: number;
  orderNumber?: string;
  purchaseOrderNumber?: string;
  orderState: string;
  paymentState?: string;
  shipmentState?: string;
  customerId?: string;
  customerEmail?: string;
  locale?: string;
  shippingAddress?: { country: string; city?: string };
  billingAddress?: { country: string };
  store?: { typeId: string; key: string };
  businessUnit?: { typeId: string; key: string };
  custom?: { type: { id: string }; fields: Record<string, unknown> };
  lastModifiedBy?: Record<string, unknown>;
}

let server: TestServer;
let f: Fixtures;
/** manage_project: carts, stores, types, business units and orders. */
let admin: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await clientToken(server, 'manage_project:test');
  f = new Fixtures(server, admin);
});
afterAll(() => server.close());

async function cart(draft: Record<string, unknown> = {}): Promise<{ id: string; version: number }> {
  return f.ok(api(server, admin, '/test/carts', { body: { currency: 'EUR', ...draft } }), 201);
}

/** An order of a new cart, made through `path` (the general or an in-store /orders). */
async function order(draft: Record<string, unknown> = {}, cartDraft: Record<string, unknown> = {}, path = '/test/orders'): Promise<OrderBody> {
  const c = await cart(cartDraft);
  return f.ok<OrderBody>(api(server, admin, path, { body: { cart: { typeId: 'cart', id: c.id }, version: c.version, ...draft } }), 201);
}

const update = (path: string, o: { version: number }, actions: unknown[], token = admin) => api(server, token, path, { body: { version: o.version, actions } });

describe('orders by id and by order number', () => {
  test("the merchant's draft sets the number, the purchase order number, the first states and custom fields", async () => {
    const type = await f.ok<{ id: string; key: string }>(
      api(server, admin, '/test/types', {
        body: {
          key: f.next('order-type'),
          name: { en: 'Order' },
          resourceTypeIds: ['order'],
          fieldDefinitions: [{ name: 'channel', label: { en: 'C' }, required: false, type: { name: 'String' } }],
        },
      }),
      201,
    );
    const number = f.next('N');
    const placed = await order({
      orderNumber: number,
      purchaseOrderNumber: 'PO-7',
      orderState: 'Confirmed',
      paymentState: 'Pending',
      shipmentState: 'Ready',
      custom: { type: { key: type.key }, fields: { channel: 'web' } },
    });
    expect(placed).toMatchObject({
      orderNumber: number,
      purchaseOrderNumber: 'PO-7',
      orderState: 'Confirmed',
      paymentState: 'Pending',
      shipmentState: 'Ready',
      custom: { type: { id: type.id }, fields: { channel: 'web' } },
    });
    expect((await f.ok<OrderBody>(api(server, admin, `/test/orders/order-number=${number}`))).id).toBe(placed.id);
    expect((await api(server, admin, `/test/orders/order-number=${number}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, admin, `/test/orders/${placed.id}`, { method: 'HEAD' })).status).toBe(200);
    expect((await api(server, admin, `/test/orders/order-number=nothing`, { method: 'HEAD' })).status).toBe(404);
    await expectError(await api(server, admin, `/test/orders/order-number=nothing`), 404, 'ResourceNotFound');
    const where = encodeURIComponent(`orderNumber="${number}"`);
    expect((await api(server, admin, `/test/orders?where=${where}`, { method: 'HEAD' })).status).toBe(200);
    expect((await f.ok<{ results: OrderBody[] }>(api(server, admin, `/test/orders?where=${where}`))).results.map((o) => o.id)).toEqual([placed.id]);
    const graphql = await f.ok<{ data: unknown }>(
      api(server, admin, '/test/graphql', {
        body: { query: `{ order(orderNumber: "${number}") { id orderState paymentState shipmentState purchaseOrderNumber } }` },
      }),
    );
    expect(graphql.data).toEqual({
      order: { id: placed.id, orderState: 'Confirmed', paymentState: 'Pending', shipmentState: 'Ready', purchaseOrderNumber: 'PO-7' },
    });
    // The Type is in use: it cannot be deleted.
    const t = await f.ok<{ version: number }>(api(server, admin, `/test/types/${type.id}`));
    await expectError(await api(server, admin, `/test/types/${type.id}?version=${t.version}`, { method: 'DELETE' }), 400, 'ReferenceExists');
  });

  test('an order number is unique in the project, on create and on setOrderNumber, and once set it is fixed', async () => {
    const number = f.next('N');
    const first = await order({ orderNumber: number });
    const c = await cart();
    await expectError(
      await api(server, admin, '/test/orders', { body: { cart: { id: c.id }, version: c.version, orderNumber: number } }),
      400,
      'DuplicateField',
      {
        field: 'orderNumber',
        duplicateValue: number,
      },
    );
    // The refused order left its cart Active.
    expect((await f.ok<{ cartState: string }>(api(server, admin, `/test/carts/${c.id}`))).cartState).toBe('Active');
    const second = await order();
    await expectError(await update(`/test/orders/${second.id}`, second, [{ action: 'setOrderNumber', orderNumber: number }]), 400, 'DuplicateField', {
      field: 'orderNumber',
    });
    const numbered = await f.ok<OrderBody>(update(`/test/orders/${second.id}`, second, [{ action: 'setOrderNumber', orderNumber: f.next('N') }]));
    expect(numbered.version).toBe(second.version + 1);
    await expectError(await update(`/test/orders/${second.id}`, numbered, [{ action: 'setOrderNumber', orderNumber: 'other' }]), 400, 'InvalidOperation');
    await expectError(await update(`/test/orders/${second.id}`, numbered, [{ action: 'setOrderNumber' }]), 400, 'InvalidOperation');
    // The same number again changes nothing.
    expect(
      (await f.ok<OrderBody>(update(`/test/orders/${second.id}`, numbered, [{ action: 'setOrderNumber', orderNumber: numbered.orderNumber }]))).version,
    ).toBe(numbered.version);
    expect(first.orderNumber).toBe(number);
  });

  test('update actions by id and by order number, all or none, at the version the client sent', async () => {
    const customer = await f.customer();
    const number = f.next('N');
    const placed = await order({ orderNumber: number });
    const updated = await f.ok<OrderBody>(
      update(`/test/orders/order-number=${number}`, placed, [
        { action: 'changeOrderState', orderState: 'Complete' },
        { action: 'changePaymentState', paymentState: 'Paid' },
        { action: 'changeShipmentState', shipmentState: 'Shipped' },
        { action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-1' },
        { action: 'setCustomerEmail', email: 'buyer@example.com' },
        { action: 'setCustomerId', customerId: customer },
        { action: 'setShippingAddress', address: { country: 'DE', city: 'Berlin' } },
        { action: 'setBillingAddress', address: { country: 'AT' } },
        { action: 'setLocale', locale: 'de-DE' },
      ]),
    );
    expect(updated).toMatchObject({
      version: placed.version + 1,
      orderState: 'Complete',
      paymentState: 'Paid',
      shipmentState: 'Shipped',
      purchaseOrderNumber: 'PO-1',
      customerEmail: 'buyer@example.com',
      customerId: customer,
      shippingAddress: { country: 'DE', city: 'Berlin' },
      billingAddress: { country: 'AT' },
      locale: 'de-DE',
    });
    expect(updated.lastModifiedBy).toBeDefined();
    // A failing last action leaves no trace; a stale version is 409; unknown actions and states are 400.
    await expectError(
      await update(`/test/orders/${placed.id}`, updated, [{ action: 'setPurchaseOrderNumber' }, { action: 'setCustomerId', customerId: 'no-such-customer' }]),
      400,
      'ReferencedResourceNotFound',
    );
    await expectError(await update(`/test/orders/${placed.id}`, placed, [{ action: 'changeOrderState', orderState: 'Open' }]), 409, 'ConcurrentModification', {
      currentVersion: updated.version,
    });
    await expectError(await update(`/test/orders/${placed.id}`, updated, [{ action: 'changeOrderState', orderState: 'Shipped' }]), 400, 'InvalidField');
    await expectError(
      await update(`/test/orders/${placed.id}`, updated, [
        { action: 'transitionLineItemState', lineItemId: 'x', quantity: 1, fromState: { id: 'a' }, toState: { id: 'b' } },
      ]),
      400,
      'InvalidInput',
    );
    const now = await f.ok<OrderBody>(api(server, admin, `/test/orders/${placed.id}`));
    expect(now).toEqual(updated);
    // Removing optional values: the partial update format.
    const cleared = await f.ok<OrderBody>(
      update(`/test/orders/${placed.id}`, now, [{ action: 'setPurchaseOrderNumber' }, { action: 'setShippingAddress' }, { action: 'setCustomerId' }]),
    );
    expect([cleared.purchaseOrderNumber, cleared.shippingAddress, cleared.customerId]).toEqual([undefined, undefined, undefined]);
  });

  test('of concurrent updates at one version exactly one wins; none is lost', async () => {
    const placed = await order();
    const states = ['Pending', 'Paid', 'Failed', 'BalanceDue', 'CreditOwed', 'Pending', 'Paid', 'Failed', 'BalanceDue', 'CreditOwed'];
    const answers = await Promise.all(
      states.map((paymentState) => update(`/test/orders/${placed.id}`, placed, [{ action: 'changePaymentState', paymentState }])),
    );
    expect(answers.map((r) => r.status).sort()).toEqual([200, ...Array(9).fill(409)]);
    const winner = (await Promise.all(answers.map(async (r) => (r.status === 200 ? ((await r.json()) as OrderBody) : undefined)))).find(Boolean)!;
    expect(await f.ok<OrderBody>(api(server, admin, `/test/orders/${placed.id}`))).toEqual(winner);
  });

  test('delete by id or by order number at the version; view_orders may read but not change or delete', async () => {
    const viewer = await clientToken(server, 'view_orders:test');
    const number = f.next('N');
    const [byId, byNumber] = [await order(), await order({ orderNumber: number })];
    expect((await f.ok<OrderBody>(api(server, viewer, `/test/orders/${byId.id}`))).id).toBe(byId.id);
    await expectError(
      await update(`/test/orders/${byId.id}`, byId, [{ action: 'changeOrderState', orderState: 'Complete' }], viewer),
      403,
      'insufficient_scope',
    );
    await expectError(await api(server, viewer, `/test/orders/${byId.id}?version=${byId.version}`, { method: 'DELETE' }), 403, 'insufficient_scope');
    await expectError(await api(server, admin, `/test/orders/${byId.id}?version=${byId.version + 1}`, { method: 'DELETE' }), 409, 'ConcurrentModification');
    expect((await f.ok<OrderBody>(api(server, admin, `/test/orders/${byId.id}?version=${byId.version}&dataErasure=true`, { method: 'DELETE' }))).id).toBe(
      byId.id,
    );
    expect((await f.ok<OrderBody>(api(server, admin, `/test/orders/order-number=${number}?version=${byNumber.version}`, { method: 'DELETE' }))).id).toBe(
      byNumber.id,
    );
    await expectError(await api(server, admin, `/test/orders/${byId.id}`), 404, 'ResourceNotFound');
    await expectError(await api(server, admin, `/test/orders/order-number=${number}`), 404, 'ResourceNotFound');
    // Its number is free again.
    await order({ orderNumber: number });
  });
});

describe('orders of a store', () => {
  test("in-store endpoints see, change and delete only the store's orders; setStore moves an order", async () => {
    const [here, there] = [await f.store(), await f.store()];
    const inStore = (storeKey: string, rest = '') => `/test/in-store/key=${storeKey}/orders${rest}`;
    const number = f.next('N');
    const local = await order({ orderNumber: number }, { store: { key: here } }, inStore(here));
    // Only a cart of the store is ordered here.
    const storeless = await cart();
    await expectError(await api(server, admin, inStore(here), { body: { cart: { id: storeless.id }, version: storeless.version } }), 404, 'ResourceNotFound');
    expect(local.store).toEqual({ typeId: 'store', key: here });
    const elsewhere = await order({}, { store: { key: there } });
    expect((await f.ok<OrderBody>(api(server, admin, inStore(here, `/order-number=${number}`)))).id).toBe(local.id);
    await expectError(await api(server, admin, inStore(here, `/${elsewhere.id}`)), 404, 'ResourceNotFound');
    expect((await api(server, admin, inStore(here, `/${elsewhere.id}`), { method: 'HEAD' })).status).toBe(404);
    await expectError(
      await update(inStore(here, `/${elsewhere.id}`), elsewhere, [{ action: 'changeOrderState', orderState: 'Complete' }]),
      404,
      'ResourceNotFound',
    );
    await expectError(await api(server, admin, inStore(here, `/${elsewhere.id}?version=${elsewhere.version}`), { method: 'DELETE' }), 404, 'ResourceNotFound');
    const page = await f.ok<{ results: OrderBody[] }>(api(server, admin, inStore(here)));
    expect(page.results.map((o) => o.id)).toEqual([local.id]);

    // A store-scoped token manages that store's orders.
    const storeManager = await clientToken(server, `manage_orders:test:${here}`);
    const confirmed = await f.ok<OrderBody>(
      update(inStore(here, `/${local.id}`), local, [{ action: 'changeOrderState', orderState: 'Confirmed' }], storeManager),
    );
    await expectError(
      await update(`/test/orders/${local.id}`, confirmed, [{ action: 'changeOrderState', orderState: 'Complete' }], storeManager),
      403,
      'insufficient_scope',
    );

    // setStore: the same store again, or removing a store the order does not have, is 400.
    await expectError(await update(`/test/orders/${local.id}`, confirmed, [{ action: 'setStore', store: { key: here } }]), 400, 'InvalidOperation');
    const moved = await f.ok<OrderBody>(update(`/test/orders/${local.id}`, confirmed, [{ action: 'setStore', store: { typeId: 'store', key: there } }]));
    expect(moved.store).toEqual({ typeId: 'store', key: there });
    await expectError(await api(server, admin, inStore(here, `/${local.id}`)), 404, 'ResourceNotFound');
    const unstored = await f.ok<OrderBody>(update(`/test/orders/${local.id}`, moved, [{ action: 'setStore' }]));
    expect(unstored.store).toBeUndefined();
    await expectError(await update(`/test/orders/${local.id}`, unstored, [{ action: 'setStore' }]), 400, 'InvalidOperation');
    await expectError(
      await update(`/test/orders/${local.id}`, unstored, [{ action: 'setStore', store: { key: 'no-such-store' } }]),
      400,
      'ReferencedResourceNotFound',
    );
    expect((await f.ok<OrderBody>(api(server, admin, inStore(there, `/${elsewhere.id}?version=${elsewhere.version}`), { method: 'DELETE' }))).id).toBe(
      elsewhere.id,
    );
  });
});

describe("a business unit's orders", () => {
  const asAssociate = (associateId: string, unitKey: string, rest = '') => `/test/as-associate/${associateId}/in-business-unit/key=${unitKey}/orders${rest}`;

  test('associates update their own orders with UpdateMyOrders and others’ with UpdateOthersOrders; they do not delete orders', async () => {
    const token = await clientToken(server, 'manage_orders:test view_orders:test');
    const mine = await f.role(['ViewMyOrders', 'UpdateMyOrders']);
    const all = await f.role(['ViewOthersOrders', 'UpdateMyOrders', 'UpdateOthersOrders']);
    const [buyer, manager] = [await f.customer(), await f.customer()];
    const unit = await f.unit({ associates: [associate(buyer, [mine]), associate(manager, [all])] });
    const number = f.next('N');
    const own = await order({ orderNumber: number }, { customerId: buyer, businessUnit: { key: unit.key } });
    const theirs = await order({}, { customerId: manager, businessUnit: { key: unit.key } });

    expect((await f.ok<OrderBody>(api(server, token, asAssociate(buyer, unit.key, `/order-number=${number}`)))).id).toBe(own.id);
    expect((await api(server, token, asAssociate(buyer, unit.key, `/${own.id}`), { method: 'HEAD' })).status).toBe(200);
    const updated = await f.ok<OrderBody>(
      update(asAssociate(buyer, unit.key, `/order-number=${number}`), own, [{ action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'PO-9' }], token),
    );
    expect(updated.lastModifiedBy).toMatchObject({ associate: { typeId: 'customer', id: buyer } });
    await expectError(
      await update(asAssociate(buyer, unit.key, `/${theirs.id}`), theirs, [{ action: 'setPurchaseOrderNumber', purchaseOrderNumber: 'x' }], token),
      403,
      'AssociateMissingPermission',
      {
        associateOnBehalf: { typeId: 'customer', id: manager },
      },
    );
    // Handing an order to another customer needs UpdateOthersOrders; the manager has it.
    await expectError(
      await update(asAssociate(buyer, unit.key, `/${own.id}`), updated, [{ action: 'setCustomerId', customerId: manager }], token),
      403,
      'AssociateMissingPermission',
    );
    const handed = await f.ok<OrderBody>(
      update(asAssociate(manager, unit.key, `/${own.id}`), updated, [{ action: 'setCustomerId', customerId: manager }], token),
    );
    expect(handed.customerId).toBe(manager);
    // Out of every unit: the merchant's to do.
    await expectError(await update(asAssociate(manager, unit.key, `/${own.id}`), handed, [{ action: 'setBusinessUnit' }], token), 400, 'InvalidOperation');
    // No delete for associates.
    expect((await api(server, token, asAssociate(manager, unit.key, `/${own.id}?version=${handed.version}`), { method: 'DELETE' })).status).toBe(405);
    expect((await f.ok<OrderBody>(api(server, admin, `/test/orders/${own.id}`))).version).toBe(handed.version);
  });

  test('setBusinessUnit on the general endpoint follows the rules of a cart’s unit; a unit is deleted once no order names it', async () => {
    const role = await f.role(['ViewMyOrders']);
    const customer = await f.customer();
    const [from, to, foreign] = [
      await f.unit({ associates: [associate(customer, [role])] }),
      await f.unit({ associates: [associate(customer, [role])] }),
      await f.unit({}),
    ];
    const placed = await order({}, { customerId: customer, businessUnit: { key: from.key } });
    await expectError(
      await update(`/test/orders/${placed.id}`, placed, [{ action: 'setBusinessUnit', businessUnit: { key: foreign.key } }]),
      400,
      'InvalidOperation',
    );
    await expectError(
      await update(`/test/orders/${placed.id}`, placed, [{ action: 'setBusinessUnit', businessUnit: { key: 'no-such-unit' } }]),
      400,
      'ReferencedResourceNotFound',
    );
    const moved = await f.ok<OrderBody>(
      update(`/test/orders/${placed.id}`, placed, [{ action: 'setBusinessUnit', businessUnit: { typeId: 'business-unit', id: to.id } }]),
    );
    expect(moved.businessUnit).toEqual({ typeId: 'business-unit', key: to.key });
    // A customer who is no associate of the order's unit cannot become its customer.
    await expectError(await update(`/test/orders/${placed.id}`, moved, [{ action: 'setCustomerId', customerId: await f.customer() }]), 400, 'InvalidOperation');
    const carts = await f.ok<{ results: { id: string; version: number }[] }>(
      api(server, admin, `/test/carts?where=${encodeURIComponent(`businessUnit(key="${from.key}")`)}`),
    );
    for (const c of carts.results) await f.ok(api(server, admin, `/test/carts/${c.id}?version=${c.version}`, { method: 'DELETE' }));
    const unit = await f.get(from.key);
    expect((await f.ok<{ key: string }>(api(server, admin, `/test/business-units/key=${from.key}?version=${unit.version}`, { method: 'DELETE' }))).key).toBe(
      from.key,
    );
    const removed = await f.ok<OrderBody>(update(`/test/orders/${placed.id}`, moved, [{ action: 'setBusinessUnit' }]));
    expect(removed.businessUnit).toBeUndefined();
  });
});
