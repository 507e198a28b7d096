import {
  businessUnitResource,
  cartDiscountResource,
  cartResource,
  discountCodeResource,
  inventoryResource,
  orderResource,
  paymentResource,
  productResource,
  quoteRequestResource,
  quoteResource,
  shippingMethodResource,
  shoppingListResource,
  stagedQuoteResource,
  stateResource,
  storeResource,
} from '../resources/queryable-resources.js';
import { referrer, type Referrer } from '../resources/referrers.js';

const pricedInChannel = '(masterVariant(prices(channel(id = :id))) or variants(prices(channel(id = :id))))';

/**
 * Who refers to whom: for each kind of resource whose delete the platform refuses while it is referenced
 * (400 ReferenceExists naming the referring type), the resources that can refer to it and the predicate
 * that finds them (`:id` is the referenced resource's id, `:key` its key). Every delete guard reads it; a new reference
 * between resources is one line here. Types, which also strip removed fields from their users, are wired
 * in composition.ts.
 */
export const REFERRERS = {
  'tax-category': [referrer(productResource, 'taxCategory(id = :id)'), referrer(shippingMethodResource, 'taxCategory(id = :id)')],
  zone: [referrer(shippingMethodResource, 'zoneRates(zone(id = :id))')],
  'product-type': [referrer(productResource, 'productType(id = :id)')],
  'cart-discount': [referrer(discountCodeResource, 'cartDiscounts(id = :id)')],
  'discount-group': [referrer(cartDiscountResource, 'discountGroup(id = :id)')],
  channel: [
    referrer(storeResource, 'distributionChannels(id = :id) or supplyChannels(id = :id)'),
    referrer(productResource, `masterData(current${pricedInChannel} or staged${pricedInChannel})`),
    referrer(inventoryResource, 'supplyChannel(id = :id)'),
  ],
  // A unit's children and the documents it owns keep its key: a unit created later with the same key
  // would take them over (and show them to its associates).
  'business-unit': [
    referrer(businessUnitResource, 'parentUnit(key = :key)'),
    referrer(cartResource, 'businessUnit(key = :key)'),
    referrer(orderResource, 'businessUnit(key = :key)'),
    referrer(shoppingListResource, 'businessUnit(key = :key)'),
  ],
  state: [
    referrer(productResource, 'state(id = :id)'),
    referrer(orderResource, 'state(id = :id)'),
    referrer(paymentResource, 'paymentStatus(state(id = :id))'),
    referrer(quoteRequestResource, 'state(id = :id)'),
    referrer(stagedQuoteResource, 'state(id = :id)'),
    referrer(quoteResource, 'state(id = :id)'),
    referrer(stateResource, 'transitions(id = :id)'),
  ],
} satisfies Record<string, readonly Referrer[]>;
