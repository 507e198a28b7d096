import type { BusinessUnit, Order, OrderUpdateAction } from '../../../generated/openapi/client/types.gen.js';
import { InvalidOperationError, ReferencedResourceNotFoundError } from '../../errors/api-error.js';
import { resolveStores } from '../../resources/reference-resolvers.js';
import { readCustomer } from '../../resources/views/owner.js';
import { customFieldActions } from '../types/index.js';
import type { DocumentRepository } from '../../resources/document-repository.js';
import { assertStillBelongs, owningUnit } from '../business-units/index.js';
import { fulfilmentActions } from './order-fulfilment.js';
import { addPayment, removePayment } from '../payments/index.js';
import { transition } from '../states/index.js';
import { setOptional, type ActionHandlers } from '../../resources/update-actions.js';

/**
 * The order update actions on the order's own fields, its payments and (order-fulfilment.ts) its
 * deliveries, parcels and returns. An order is a snapshot: none of them reprices it (the platform's
 * documented behaviour for setCustomerId and setBusinessUnit).
 */
export function orderActions(units: () => DocumentRepository<BusinessUnit>): ActionHandlers<Order, OrderUpdateAction> {
  return {
    changeOrderState: (order, a) => void (order.orderState = a.orderState),
    changePaymentState: (order, a) => void (order.paymentState = a.paymentState),
    changeShipmentState: (order, a) => void (order.shipmentState = a.shipmentState),
    // Documented: "Once set, the value cannot be changed." Setting the same number again changes nothing.
    setOrderNumber: (order, a) => {
      if (order.orderNumber !== undefined && order.orderNumber !== a.orderNumber) {
        throw new InvalidOperationError(`The order already has the order number '${order.orderNumber}': once set, it cannot be changed.`);
      }
      setOptional(order, 'orderNumber', a.orderNumber);
    },
    setPurchaseOrderNumber: (order, a) => setOptional(order, 'purchaseOrderNumber', a.purchaseOrderNumber),
    setCustomerEmail: (order, a) => setOptional(order, 'customerEmail', a.email),
    setCustomerId: async (order, a, ctx) => {
      if (a.customerId !== undefined) {
        if (!(await readCustomer(ctx, a.customerId))) throw new ReferencedResourceNotFoundError('customer', { id: a.customerId });
        await assertStillBelongs(ctx, units(), order.businessUnit, { customerId: a.customerId }, 'order');
      }
      setOptional(order, 'customerId', a.customerId);
    },
    setShippingAddress: (order, a) => setOptional(order, 'shippingAddress', a.address),
    setBillingAddress: (order, a) => setOptional(order, 'billingAddress', a.address),
    setLocale: (order, a) => setOptional(order, 'locale', a.locale),
    // Documented: the same store again, or removing a store the order does not have, is a 400; no other check.
    setStore: async (order, a, ctx) => {
      const store = a.store ? (await resolveStores(ctx, [a.store], 'store'))[0] : undefined;
      if (store?.key === order.store?.key) {
        throw new InvalidOperationError(store ? `The order is already in the store '${store.key}'.` : 'The order is in no store: there is no store to remove.');
      }
      setOptional(order, 'store', store);
    },
    // The new unit follows a cart's rules (Active, the customer one of its associates, the store one of its stores).
    setBusinessUnit: async (order, a, ctx) => {
      setOptional(order, 'businessUnit', a.businessUnit ? await owningUnit(ctx, units(), a.businessUnit, order, 'order') : undefined);
    },
    transitionState: async (order, a, ctx) => void (order.state = await transition(ctx, order.state, a.state, 'OrderState', a.force)),
    addPayment: (order, a, ctx) => addPayment(ctx, order, a.payment, 'order'),
    removePayment: (order, a, ctx) => removePayment(ctx, order, a.payment, 'order'),
    ...customFieldActions('order'),
    ...fulfilmentActions,
  };
}
