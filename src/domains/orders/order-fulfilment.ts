import type {
  Delivery,
  DeliveryItem,
  Order,
  OrderUpdateAction,
  Parcel,
  ParcelDraft,
  ReturnInfo,
  ReturnInfoDraft,
  ReturnItem,
  ShippingInfo,
} from '../../../generated/openapi/client/types.gen.js';
import { isoNow } from '../../shared/clock.js';
import type { RequestContext } from '../../context.js';
import { InvalidInputError, InvalidOperationError } from '../../errors/api-error.js';
import { newId } from '../../shared/ids.js';
import { customFieldsFromDraft, setCustomField, setCustomType } from '../types/index.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

type FulfilmentAction = Extract<
  OrderUpdateAction,
  {
    action:
      | 'addDelivery'
      | 'removeDelivery'
      | 'setDeliveryAddress'
      | 'setDeliveryItems'
      | 'addParcelToDelivery'
      | 'removeParcelFromDelivery'
      | 'setParcelMeasurements'
      | 'setParcelTrackingData'
      | 'setParcelItems'
      | 'addReturnInfo'
      | 'setReturnInfo'
      | 'setReturnShipmentState'
      | 'setReturnPaymentState'
      | 'setDeliveryCustomType'
      | 'setDeliveryCustomField'
      | 'setParcelCustomType'
      | 'setParcelCustomField'
      | 'setReturnItemCustomType'
      | 'setReturnItemCustomField';
  }
>;

/** The order's shipping information, where its deliveries live; an order without one ships nothing through this API. */
function shippingInfoOf(order: Order): ShippingInfo {
  if (!order.shippingInfo) throw new InvalidOperationError('The order has no shipping information: it has no deliveries.');
  return order.shippingInfo;
}

/** Delivery or parcel items must name lines of the order, each at most with the line's quantity. */
function checkedItems(order: Order, items: readonly DeliveryItem[] | undefined): DeliveryItem[] {
  const quantities = new Map<string, number>([...order.lineItems, ...order.customLineItems].map((line) => [line.id, line.quantity]));
  for (const item of items ?? []) {
    const quantity = quantities.get(item.id);
    if (quantity === undefined) throw new InvalidOperationError(`The order has no line item or custom line item with the id '${item.id}'.`);
    if (item.quantity > quantity)
      throw new InvalidOperationError(`The item '${item.id}' has the quantity ${quantity}: a delivery or parcel cannot hold ${item.quantity} of it.`);
  }
  return (items ?? []).map(({ id, quantity }) => ({ id, quantity }));
}

function delivery(order: Order, at: { deliveryId?: string; deliveryKey?: string }): Delivery {
  if (at.deliveryId === undefined && at.deliveryKey === undefined) throw new InvalidInputError('Either deliveryId or deliveryKey is required.');
  const found = shippingInfoOf(order).deliveries.find((d) => (at.deliveryId !== undefined ? d.id === at.deliveryId : d.key === at.deliveryKey));
  if (!found)
    throw new InvalidOperationError(`The order has no delivery with the ${at.deliveryId !== undefined ? `id '${at.deliveryId}'` : `key '${at.deliveryKey}'`}.`);
  return found;
}

function parcel(order: Order, at: { parcelId?: string; parcelKey?: string }): { delivery: Delivery; parcel: Parcel } {
  if (at.parcelId === undefined && at.parcelKey === undefined) throw new InvalidInputError('Either parcelId or parcelKey is required.');
  for (const d of shippingInfoOf(order).deliveries) {
    const found = d.parcels.find((p) => (at.parcelId !== undefined ? p.id === at.parcelId : p.key === at.parcelKey));
    if (found) return { delivery: d, parcel: found };
  }
  throw new InvalidOperationError(`The order has no parcel with the ${at.parcelId !== undefined ? `id '${at.parcelId}'` : `key '${at.parcelKey}'`}.`);
}

async function newParcel(ctx: RequestContext, order: Order, draft: ParcelDraft): Promise<Parcel> {
  const p: Parcel = { id: newId(), createdAt: isoNow(ctx.app.clock) };
  setOptional(p, 'key', draft.key);
  setOptional(p, 'measurements', draft.measurements);
  setOptional(p, 'trackingData', draft.trackingData);
  if (draft.items) p.items = checkedItems(order, draft.items);
  setOptional(p, 'custom', await customFieldsFromDraft(ctx, 'order-parcel', draft.custom));
  return p;
}

function returnItem(order: Order, at: { returnItemId?: string; returnItemKey?: string }): ReturnItem {
  if (at.returnItemId === undefined && at.returnItemKey === undefined) throw new InvalidInputError('Either returnItemId or returnItemKey is required.');
  for (const info of order.returnInfo ?? []) {
    const found = info.items.find((item) => (at.returnItemId !== undefined ? item.id === at.returnItemId : item.key === at.returnItemKey));
    if (found) return found;
  }
  throw new InvalidOperationError(
    `The order has no return item with the ${at.returnItemId !== undefined ? `id '${at.returnItemId}'` : `key '${at.returnItemKey}'`}.`,
  );
}

/**
 * New return information for the order, checked against what it already holds: each item names one
 * line of the order, and no line is returned more often than it was ordered. Return items start
 * Initial (refundable) when the order is paid, NonRefundable otherwise (documented in the contract).
 */
async function returnInfoFromDraft(ctx: RequestContext, order: Order, draft: ReturnInfoDraft): Promise<ReturnInfo> {
  const now = isoNow(ctx.app.clock);
  const paid = order.paymentState === 'Paid' || order.paymentState === 'CreditOwed';
  const lines = new Map<string, { quantity: number; custom: boolean }>([
    ...order.lineItems.map((line) => [line.id, { quantity: line.quantity, custom: false }] as const),
    ...order.customLineItems.map((line) => [line.id, { quantity: line.quantity, custom: true }] as const),
  ]);
  const returned = new Map<string, number>();
  for (const info of order.returnInfo ?? [])
    for (const item of info.items)
      returned.set(item.lineItemId ?? item.customLineItemId!, (returned.get(item.lineItemId ?? item.customLineItemId!) ?? 0) + item.quantity);
  const items: ReturnItem[] = [];
  for (const d of draft.items) {
    if ((d.lineItemId === undefined) === (d.customLineItemId === undefined))
      throw new InvalidInputError('A return item names exactly one of lineItemId and customLineItemId.');
    const lineId = (d.lineItemId ?? d.customLineItemId)!;
    const line = lines.get(lineId);
    if (!line || line.custom !== (d.customLineItemId !== undefined))
      throw new InvalidOperationError(`The order has no ${d.lineItemId !== undefined ? 'line item' : 'custom line item'} with the id '${lineId}'.`);
    const total = (returned.get(lineId) ?? 0) + d.quantity;
    if (total > line.quantity) throw new InvalidOperationError(`The line '${lineId}' has the quantity ${line.quantity}: ${total} of it cannot be returned.`);
    returned.set(lineId, total);
    const item: ReturnItem = {
      type: d.lineItemId !== undefined ? 'LineItemReturnItem' : 'CustomLineItemReturnItem',
      id: newId(),
      quantity: d.quantity,
      ...(d.lineItemId !== undefined ? { lineItemId: d.lineItemId } : { customLineItemId: d.customLineItemId }),
      shipmentState: d.shipmentState,
      paymentState: paid ? 'Initial' : 'NonRefundable',
      createdAt: now,
      lastModifiedAt: now,
    };
    setOptional(item, 'key', d.key);
    setOptional(item, 'comment', d.comment);
    setOptional(item, 'custom', await customFieldsFromDraft(ctx, 'order-return-item', d.custom));
    items.push(item);
  }
  const info: ReturnInfo = { items };
  setOptional(info, 'returnTrackingId', draft.returnTrackingId);
  setOptional(info, 'returnDate', draft.returnDate);
  return info;
}

/** The order's deliveries, parcels and returns, with their custom fields: the fulfilment update actions. */
export const fulfilmentActions: ActionHandlers<Order, FulfilmentAction> = {
  addDelivery: async (order, a, ctx) => {
    const d: Delivery = { id: newId(), createdAt: isoNow(ctx.app.clock), items: checkedItems(order, a.items), parcels: [] };
    setOptional(d, 'key', a.deliveryKey);
    setOptional(d, 'address', a.address);
    for (const p of a.parcels ?? []) d.parcels.push(await newParcel(ctx, order, p));
    setOptional(d, 'custom', await customFieldsFromDraft(ctx, 'order-delivery', a.custom));
    shippingInfoOf(order).deliveries.push(d);
  },
  removeDelivery: (order, a) => {
    const info = shippingInfoOf(order);
    const d = delivery(order, a);
    info.deliveries = info.deliveries.filter((other) => other !== d);
  },
  setDeliveryAddress: (order, a) => setOptional(delivery(order, a), 'address', a.address),
  setDeliveryItems: (order, a) => void (delivery(order, a).items = checkedItems(order, a.items)),
  addParcelToDelivery: async (order, a, ctx) => {
    const { deliveryId, deliveryKey, parcelKey, ...draft } = a;
    delivery(order, { deliveryId, deliveryKey }).parcels.push(await newParcel(ctx, order, { ...draft, key: parcelKey }));
  },
  removeParcelFromDelivery: (order, a) => {
    const found = parcel(order, a);
    found.delivery.parcels = found.delivery.parcels.filter((p) => p !== found.parcel);
  },
  setParcelMeasurements: (order, a) => setOptional(parcel(order, a).parcel, 'measurements', a.measurements),
  setParcelTrackingData: (order, a) => setOptional(parcel(order, a).parcel, 'trackingData', a.trackingData),
  setParcelItems: (order, a) => void (parcel(order, a).parcel.items = checkedItems(order, a.items)),
  addReturnInfo: async (order, a, ctx) => {
    const info = await returnInfoFromDraft(ctx, order, {
      items: a.items,
      ...(a.returnTrackingId !== undefined ? { returnTrackingId: a.returnTrackingId } : {}),
      ...(a.returnDate !== undefined ? { returnDate: a.returnDate } : {}),
    });
    order.returnInfo = [...(order.returnInfo ?? []), info];
  },
  setReturnInfo: async (order, a, ctx) => {
    const infos: ReturnInfo[] = [];
    // Each draft is checked against the ones before it, so the quantities add up over all of them.
    for (const draft of a.items ?? []) infos.push(await returnInfoFromDraft(ctx, { ...order, returnInfo: infos }, draft));
    setOptional(order, 'returnInfo', infos.length > 0 ? infos : undefined);
  },
  setReturnShipmentState: (order, a, ctx) => {
    const item = returnItem(order, a);
    item.shipmentState = a.shipmentState;
    item.lastModifiedAt = isoNow(ctx.app.clock);
  },
  setReturnPaymentState: (order, a, ctx) => {
    const item = returnItem(order, a);
    item.paymentState = a.paymentState;
    item.lastModifiedAt = isoNow(ctx.app.clock);
  },
  setDeliveryCustomType: (order, a, ctx) => setCustomType(ctx, 'order-delivery', delivery(order, a), a.type, a.fields),
  setDeliveryCustomField: (order, a, ctx) => setCustomField(ctx, delivery(order, a), a.name, a.value),
  setParcelCustomType: (order, a, ctx) => setCustomType(ctx, 'order-parcel', parcel(order, a).parcel, a.type, a.fields),
  setParcelCustomField: (order, a, ctx) => setCustomField(ctx, parcel(order, a).parcel, a.name, a.value),
  setReturnItemCustomType: (order, a, ctx) => setCustomType(ctx, 'order-return-item', returnItem(order, a), a.type, a.fields),
  setReturnItemCustomField: (order, a, ctx) => setCustomField(ctx, returnItem(order, a), a.name, a.value),
};
