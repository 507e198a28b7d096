import { api } from '../support/auth.js';
import { expectError } from '../support/errors.js';
import { startTestServer, type TestServer } from '../support/test-server.js';
import { newCart, pricingShop, updatedCart, type Shop } from '../carts/pricing-fixtures.js';
import { ok } from '../carts/support.js';

/** An order's deliveries, parcels and returns (the fulfilment update actions), over HTTP. */
interface Item {
  id: string;
  quantity: number;
}
interface ParcelBody {
  id: string;
  key?: string;
  measurements?: Record<string, number>;
  trackingData?: Record<string, unknown>;
  items?: Item[];
}
interface DeliveryBody {
  id: string;
  key?: string;
  createdAt: string;
  items: Item[];
  parcels: ParcelBody[];
  address?: { country: string; city?: string };
}
interface ReturnItemBody {
  id: string;
  key?: string;
  type: string;
  quantity: number;
  lineItemId?: string;
  customLineItemId?: string;
  shipmentState: string;
  paymentState: string;
}
interface OrderBody {
  id: string;
  version: number;
  lineItems: Item[];
  customLineItems: Item[];
  shippingInfo?: { deliveries: DeliveryBody[] };
  returnInfo?: Array<{ items: ReturnItemBody[]; returnTrackingId?: string }>;
}

let server: TestServer;
let shop: Shop;

beforeAll(async () => {
  server = await startTestServer();
  shop = await pricingShop(server);
});
afterAll(() => server.close());

/** An order of 3 shirts and 2 mugs shipped to Germany with the standard method (and a custom line when asked). */
async function order(more: Record<string, unknown> = {}, shipped = true): Promise<OrderBody> {
  let cart = await newCart(
    server,
    shop,
    [
      [shop.shirt, 3],
      [shop.mug, 2],
    ],
    'DE',
    more,
  );
  if (shipped) cart = await updatedCart(server, shop, cart, [{ action: 'setShippingMethod', shippingMethod: { typeId: 'shipping-method', key: 'standard' } }]);
  return ok<OrderBody>(api(server, shop.token, '/test/orders', { body: { cart: { typeId: 'cart', id: cart.id }, version: cart.version } }), 201);
}

const update = (o: { id: string; version: number }, actions: unknown[]) =>
  api(server, shop.token, `/test/orders/${o.id}`, { body: { version: o.version, actions } });

describe('deliveries and parcels', () => {
  test('a delivery of some items to an address, with parcels that carry measurements, tracking data and items', async () => {
    const placed = await order();
    const [shirts, mugs] = placed.lineItems;
    const withDelivery = await ok<OrderBody>(
      update(placed, [
        {
          action: 'addDelivery',
          deliveryKey: 'first',
          items: [{ id: shirts.id, quantity: 2 }],
          address: { country: 'DE', city: 'Berlin' },
          parcels: [{ key: 'box-1', measurements: { weightInGram: 800 }, items: [{ id: shirts.id, quantity: 2 }] }],
        },
      ]),
    );
    const [first] = withDelivery.shippingInfo!.deliveries;
    expect(first).toMatchObject({
      key: 'first',
      items: [{ id: shirts.id, quantity: 2 }],
      address: { country: 'DE', city: 'Berlin' },
      parcels: [{ key: 'box-1', measurements: { weightInGram: 800 } }],
    });
    expect(typeof first.id).toBe('string');

    const changed = await ok<OrderBody>(
      update(withDelivery, [
        { action: 'addParcelToDelivery', deliveryKey: 'first', parcelKey: 'box-2', trackingData: { trackingId: 'T-1', carrier: 'DHL' } },
        { action: 'setParcelMeasurements', parcelKey: 'box-2', measurements: { weightInGram: 300, heightInMillimeter: 100 } },
        { action: 'setParcelItems', parcelKey: 'box-2', items: [{ id: mugs.id, quantity: 1 }] },
        { action: 'setParcelTrackingData', parcelKey: 'box-1', trackingData: { trackingId: 'T-0', isReturn: false } },
        {
          action: 'setDeliveryItems',
          deliveryId: first.id,
          items: [
            { id: shirts.id, quantity: 2 },
            { id: mugs.id, quantity: 1 },
          ],
        },
        { action: 'setDeliveryAddress', deliveryId: first.id, address: { country: 'DE', city: 'Hamburg' } },
      ]),
    );
    const delivery = changed.shippingInfo!.deliveries[0];
    expect(delivery.items).toEqual([
      { id: shirts.id, quantity: 2 },
      { id: mugs.id, quantity: 1 },
    ]);
    expect(delivery.address).toMatchObject({ city: 'Hamburg' });
    expect(delivery.parcels.map((p) => [p.key, p.trackingData?.trackingId, p.measurements?.weightInGram ?? null, p.items?.length ?? 0])).toEqual([
      ['box-1', 'T-0', 800, 1],
      ['box-2', 'T-1', 300, 1],
    ]);

    const removed = await ok<OrderBody>(update(changed, [{ action: 'removeParcelFromDelivery', parcelKey: 'box-1' }]));
    expect(removed.shippingInfo!.deliveries[0].parcels.map((p) => p.key)).toEqual(['box-2']);
    const none = await ok<OrderBody>(update(removed, [{ action: 'removeDelivery', deliveryKey: 'first' }]));
    expect(none.shippingInfo!.deliveries).toEqual([]);
  });

  test('refused: unknown lines, more than a line holds, unknown deliveries and parcels, an order without shipping information; nothing of a refused update is kept', async () => {
    const placed = await order();
    const shirts = placed.lineItems[0];
    await expectError(await update(placed, [{ action: 'addDelivery', items: [{ id: 'no-such-line', quantity: 1 }] }]), 400, 'InvalidOperation');
    await expectError(await update(placed, [{ action: 'addDelivery', items: [{ id: shirts.id, quantity: 4 }] }]), 400, 'InvalidOperation');
    await expectError(await update(placed, [{ action: 'addDelivery', items: [{ id: shirts.id, quantity: 0 }] }]), 400, 'InvalidField');
    await expectError(await update(placed, [{ action: 'removeDelivery', deliveryKey: 'nothing' }]), 400, 'InvalidOperation');
    await expectError(await update(placed, [{ action: 'removeDelivery' }]), 400, 'InvalidInput');
    await expectError(await update(placed, [{ action: 'setParcelItems', parcelId: 'nothing', items: [] }]), 400, 'InvalidOperation');
    // The first action would add a delivery; the second fails: the order keeps neither.
    await expectError(
      await update(placed, [
        { action: 'addDelivery', items: [{ id: shirts.id, quantity: 1 }] },
        { action: 'setParcelTrackingData', parcelKey: 'nothing' },
      ]),
      400,
      'InvalidOperation',
    );
    const unchanged = await ok<OrderBody>(api(server, shop.token, `/test/orders/${placed.id}`));
    expect({ version: unchanged.version, deliveries: unchanged.shippingInfo!.deliveries }).toEqual({ version: placed.version, deliveries: [] });

    const unshipped = await order({}, false);
    await expectError(await update(unshipped, [{ action: 'addDelivery', items: [] }]), 400, 'InvalidOperation');
  });
});

describe('returns', () => {
  test('return items of line and custom lines, their states, and the quantity a line can be returned', async () => {
    const placed = await order({
      customLineItems: [
        { name: { en: 'Engraving' }, slug: 'engraving', money: { currencyCode: 'EUR', centAmount: 500 }, quantity: 1, taxCategory: { key: 'standard' } },
      ],
    });
    const [shirts] = placed.lineItems;
    const [engraving] = placed.customLineItems;
    const returned = await ok<OrderBody>(
      update(placed, [
        {
          action: 'addReturnInfo',
          returnTrackingId: 'R-1',
          items: [
            { key: 'r-shirts', quantity: 2, lineItemId: shirts.id, shipmentState: 'Advised', comment: 'too small' },
            { quantity: 1, customLineItemId: engraving.id, shipmentState: 'Advised' },
          ],
        },
      ]),
    );
    const [info] = returned.returnInfo!;
    expect(info.returnTrackingId).toBe('R-1');
    expect(info.items.map((i) => [i.type, i.quantity, i.shipmentState, i.paymentState])).toEqual([
      ['LineItemReturnItem', 2, 'Advised', 'NonRefundable'],
      ['CustomLineItemReturnItem', 1, 'Advised', 'NonRefundable'],
    ]);
    // 2 of 3 shirts are returned already.
    await expectError(
      await update(returned, [{ action: 'addReturnInfo', items: [{ quantity: 2, lineItemId: shirts.id, shipmentState: 'Advised' }] }]),
      400,
      'InvalidOperation',
    );
    await expectError(
      await update(returned, [{ action: 'addReturnInfo', items: [{ quantity: 1, lineItemId: engraving.id, shipmentState: 'Advised' }] }]),
      400,
      'InvalidOperation',
    );
    await expectError(await update(returned, [{ action: 'addReturnInfo', items: [{ quantity: 1, shipmentState: 'Advised' }] }]), 400, 'InvalidInput');
    await expectError(await update(returned, [{ action: 'setReturnShipmentState', returnItemKey: 'r-shirts', shipmentState: 'Lost' }]), 400, 'InvalidField');

    const received = await ok<OrderBody>(
      update(returned, [
        { action: 'setReturnShipmentState', returnItemKey: 'r-shirts', shipmentState: 'Returned' },
        { action: 'setReturnPaymentState', returnItemId: info.items[0].id, paymentState: 'Refunded' },
      ]),
    );
    expect(received.returnInfo![0].items[0]).toMatchObject({ shipmentState: 'Returned', paymentState: 'Refunded' });

    // A paid order's returns start refundable; setReturnInfo replaces all of them.
    const paid = await ok<OrderBody>(
      update(received, [
        { action: 'changePaymentState', paymentState: 'Paid' },
        { action: 'addReturnInfo', items: [{ quantity: 1, lineItemId: shirts.id, shipmentState: 'Advised' }] },
      ]),
    );
    expect(paid.returnInfo![1].items[0].paymentState).toBe('Initial');
    const replaced = await ok<OrderBody>(
      update(paid, [{ action: 'setReturnInfo', items: [{ items: [{ quantity: 3, lineItemId: shirts.id, shipmentState: 'BackInStock' }] }] }]),
    );
    expect(replaced.returnInfo!.map((r) => r.items.map((i) => [i.quantity, i.shipmentState]))).toEqual([[[3, 'BackInStock']]]);
    const cleared = await ok<OrderBody>(update(replaced, [{ action: 'setReturnInfo' }]));
    expect(cleared.returnInfo).toBeUndefined();
  });
});

describe('over GraphQL', () => {
  test("an order's deliveries, parcels with tracking data and returns", async () => {
    const placed = await order();
    const [shirts] = placed.lineItems;
    await ok<OrderBody>(
      update(placed, [
        {
          action: 'addDelivery',
          deliveryKey: 'd1',
          items: [{ id: shirts.id, quantity: 1 }],
          parcels: [{ key: 'p1', trackingData: { trackingId: 'TRACK-9', carrier: 'UPS' }, items: [{ id: shirts.id, quantity: 1 }] }],
        },
        { action: 'addReturnInfo', returnTrackingId: 'R-9', items: [{ quantity: 1, lineItemId: shirts.id, shipmentState: 'Advised' }] },
      ]),
    );
    const query = `{ order(id: "${placed.id}") {
      shippingInfo { shippingMethodName shippingMethodState deliveries { key items { id quantity } parcels { key trackingData { trackingId carrier isReturn } items { quantity } } } }
      returnInfo { returnTrackingId items { type quantity shipmentState paymentState ... on LineItemReturnItem { lineItemId } } }
      quoteRef { id }
    } }`;
    const body = await ok<{ data: { order: Record<string, unknown> }; errors?: unknown }>(api(server, shop.token, '/test/graphql', { body: { query } }));
    expect(body.errors).toBeUndefined();
    expect(body.data.order).toEqual({
      shippingInfo: {
        shippingMethodName: 'Standard',
        shippingMethodState: 'MatchesCart',
        deliveries: [
          {
            key: 'd1',
            items: [{ id: shirts.id, quantity: 1 }],
            parcels: [{ key: 'p1', trackingData: { trackingId: 'TRACK-9', carrier: 'UPS', isReturn: false }, items: [{ quantity: 1 }] }],
          },
        ],
      },
      returnInfo: [
        {
          returnTrackingId: 'R-9',
          items: [{ type: 'LineItemReturnItem', quantity: 1, shipmentState: 'Advised', paymentState: 'NonRefundable', lineItemId: shirts.id }],
        },
      ],
      quoteRef: null,
    });
  });
});

describe('custom fields of deliveries, parcels and return items', () => {
  test('set in drafts and by actions; a Type in use there is not deleted, and a field removed from it loses its values there', async () => {
    const type = await ok<{ id: string; key: string; version: number }>(
      api(server, shop.token, '/test/types', {
        body: {
          key: `fulfilment-${Math.random().toString(36).slice(2)}`,
          name: { en: 'Fulfilment' },
          resourceTypeIds: ['order-delivery', 'order-parcel', 'order-return-item'],
          fieldDefinitions: [
            { name: 'gate', label: { en: 'Gate' }, required: false, type: { name: 'String' } },
            { name: 'fragile', label: { en: 'Fragile' }, required: false, type: { name: 'Boolean' } },
          ],
        },
      }),
      201,
    );
    const placed = await order();
    const [shirts] = placed.lineItems;
    const custom = (fields: Record<string, unknown>) => ({ type: { key: type.key }, fields });
    let current = await ok<OrderBody & { shippingInfo: { deliveries: Array<DeliveryBody & { custom?: { fields: Record<string, unknown> } }> } }>(
      update(placed, [
        {
          action: 'addDelivery',
          deliveryKey: 'dd',
          items: [{ id: shirts.id, quantity: 1 }],
          custom: custom({ gate: 'B' }),
          parcels: [{ key: 'pp', custom: custom({ fragile: true }) }],
        },
        { action: 'addReturnInfo', items: [{ key: 'rr', quantity: 1, lineItemId: shirts.id, shipmentState: 'Advised', custom: custom({ gate: 'R' }) }] },
        { action: 'setParcelCustomField', parcelKey: 'pp', name: 'gate', value: 'P' },
      ]),
    );
    const delivery = current.shippingInfo.deliveries[0];
    expect(delivery.custom?.fields).toEqual({ gate: 'B' });
    expect((delivery.parcels[0] as ParcelBody & { custom?: { fields: Record<string, unknown> } }).custom?.fields).toEqual({ fragile: true, gate: 'P' });
    await expectError(
      await update(current, [{ action: 'setDeliveryCustomField', deliveryKey: 'dd', name: 'fragile', value: 'not a boolean' }]),
      400,
      'InvalidField',
    );

    // In use by the order's sub-objects: not deleted.
    await expectError(await api(server, shop.token, `/test/types/${type.id}?version=${type.version}`, { method: 'DELETE' }), 400, 'ReferenceExists');
    // Removing the field definition removes its values from the delivery, the parcel and the return item.
    await ok(
      api(server, shop.token, `/test/types/${type.id}`, { body: { version: type.version, actions: [{ action: 'removeFieldDefinition', fieldName: 'gate' }] } }),
    );
    current = await ok(api(server, shop.token, `/test/orders/${placed.id}`));
    const after = current as unknown as {
      shippingInfo: { deliveries: Array<{ custom: { fields: object }; parcels: Array<{ custom: { fields: object } }> }> };
      returnInfo: Array<{ items: Array<{ custom: { fields: object } }> }>;
    };
    expect([
      after.shippingInfo.deliveries[0].custom.fields,
      after.shippingInfo.deliveries[0].parcels[0].custom.fields,
      after.returnInfo[0].items[0].custom.fields,
    ]).toEqual([{}, { fragile: true }, {}]);
    // And the type can go once no delivery, parcel or return item uses it.
    const cleared = await ok<OrderBody>(
      update(current, [
        { action: 'setDeliveryCustomType', deliveryKey: 'dd' },
        { action: 'setParcelCustomType', parcelKey: 'pp' },
        { action: 'setReturnItemCustomType', returnItemKey: 'rr' },
      ]),
    );
    expect(cleared.version).toBe(current.version + 1);
    const latest = await ok<{ version: number }>(api(server, shop.token, `/test/types/${type.id}`));
    expect((await api(server, shop.token, `/test/types/${type.id}?version=${latest.version}`, { method: 'DELETE' })).status).toBe(200);
  });
});
