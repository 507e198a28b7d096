import * as schemas from '../../generated/openapi/client/schemas.gen.js';
import { componentsFromSchemaModule, defineQueryableResource, fieldsFromJsonSchema, type QueryableResource } from '../query/index.js';

/**
 * The resources the query engine can query and expand references to, one per table. Field schemas
 * are derived from the OpenAPI contract, so what `where` and `sort` accept follows the API shape.
 * A new resource is declared here and added to `expandableResources`.
 */
const components = componentsFromSchemaModule(schemas);

export const storeResource = defineQueryableResource({
  table: 'Store',
  typeId: 'store',
  fields: fieldsFromJsonSchema(schemas.StoreSchema, components),
});

export const associateRoleResource = defineQueryableResource({
  table: 'AssociateRole',
  typeId: 'associate-role',
  fields: fieldsFromJsonSchema(schemas.AssociateRoleSchema, components),
});

export const businessUnitResource = defineQueryableResource({
  table: 'BusinessUnit',
  typeId: 'business-unit',
  fields: fieldsFromJsonSchema(schemas.BusinessUnitSchema, components),
  // The indexed mirror of parentUnit: a unit's children are found on it (the delete guard, the hierarchy).
  extraColumns: { 'parentUnit.key': { column: 'parentKey', type: 'string' } },
});

/**
 * API clients keep no version, key or lastModifiedAt in their representation; `lastUsedAt` is kept
 * only in its column (written at most daily without touching `data`), so it is queried there.
 */
export const apiClientResource = defineQueryableResource({
  table: 'ApiClient',
  typeId: 'api-client',
  fields: fieldsFromJsonSchema(schemas.ApiClientSchema, components),
  omitColumns: ['key', 'version', 'lastModifiedAt'],
  extraColumns: { lastUsedAt: { column: 'lastUsedAt', type: 'datetime' } },
});

/** Customers: `data` holds the API representation, whose `password` is already masked (the hash has its own column). */
export const customerResource = defineQueryableResource({
  table: 'Customer',
  typeId: 'customer',
  fields: fieldsFromJsonSchema(schemas.CustomerSchema, components),
});

export const customerGroupResource = defineQueryableResource({
  table: 'CustomerGroup',
  typeId: 'customer-group',
  fields: fieldsFromJsonSchema(schemas.CustomerGroupSchema, components),
});

/** Custom-field types: the platform's `type` resource, kept in the table CustomType. */
export const typeResource = defineQueryableResource({
  table: 'CustomType',
  typeId: 'type',
  fields: fieldsFromJsonSchema(schemas.TypeSchema, components),
});

export const productTypeResource = defineQueryableResource({
  table: 'ProductType',
  typeId: 'product-type',
  fields: fieldsFromJsonSchema(schemas.ProductTypeSchema, components),
});

export const productResource = defineQueryableResource({
  table: 'Product',
  typeId: 'product',
  fields: fieldsFromJsonSchema(schemas.ProductSchema, components),
  // A product type's delete guard (and any `productType(id = …)` predicate) uses its index.
  extraColumns: { 'productType.id': { column: 'productTypeId', type: 'string' } },
});

export const cartResource = defineQueryableResource({
  table: 'Cart',
  typeId: 'cart',
  fields: fieldsFromJsonSchema(schemas.CartSchema, components),
  // The associate cart endpoints filter on it; a `businessUnit(key = …)` predicate uses its index too.
  extraColumns: { 'businessUnit.key': { column: 'businessUnitKey', type: 'string' } },
});

/** Orders: a snapshot of an ordered cart. */
export const orderResource = defineQueryableResource({
  table: 'Order',
  typeId: 'order',
  fields: fieldsFromJsonSchema(schemas.OrderSchema, components),
  // Orders have no key on the platform: the key column holds the order number (unique in the project).
  omitColumns: ['key'],
  extraColumns: { orderNumber: { column: 'key', type: 'string' }, 'businessUnit.key': { column: 'businessUnitKey', type: 'string' } },
});

/** Inventory entries: the stock of a SKU per supply channel. */
export const inventoryResource = defineQueryableResource({
  table: 'InventoryEntry',
  typeId: 'inventory-entry',
  fields: fieldsFromJsonSchema(schemas.InventoryEntrySchema, components),
  extraColumns: { sku: { column: 'sku', type: 'string', notNull: true } },
});

/** States: the workflow states of orders and payments. */
export const stateResource = defineQueryableResource({
  table: 'State',
  typeId: 'state',
  fields: fieldsFromJsonSchema(schemas.StateSchema, components),
});

/** Payments: a customer's or anonymous session's, with the owner columns /me reads by. */
export const paymentResource = defineQueryableResource({
  table: 'Payment',
  typeId: 'payment',
  fields: fieldsFromJsonSchema(schemas.PaymentSchema, components),
  extraColumns: { 'customer.id': { column: 'customerId', type: 'string' } },
});

/** Quote requests, staged quotes and quotes (B2B): with the owner, unit and store columns their views filter on. */
export const quoteRequestResource = defineQueryableResource({
  table: 'QuoteRequest',
  typeId: 'quote-request',
  fields: fieldsFromJsonSchema(schemas.QuoteRequestSchema, components),
  extraColumns: {
    'customer.id': { column: 'customerId', type: 'string' },
    'businessUnit.key': { column: 'businessUnitKey', type: 'string' },
    'store.key': { column: 'storeKey', type: 'string' },
  },
});

export const stagedQuoteResource = defineQueryableResource({
  table: 'StagedQuote',
  typeId: 'staged-quote',
  fields: fieldsFromJsonSchema(schemas.StagedQuoteSchema, components),
  extraColumns: { 'quoteRequest.id': { column: 'quoteRequestId', type: 'string', notNull: true }, 'store.key': { column: 'storeKey', type: 'string' } },
});

export const quoteResource = defineQueryableResource({
  table: 'Quote',
  typeId: 'quote',
  fields: fieldsFromJsonSchema(schemas.QuoteSchema, components),
  extraColumns: {
    'customer.id': { column: 'customerId', type: 'string' },
    'businessUnit.key': { column: 'businessUnitKey', type: 'string' },
    'store.key': { column: 'storeKey', type: 'string' },
    'stagedQuote.id': { column: 'stagedQuoteId', type: 'string', notNull: true },
  },
});

/** Approval rules and flows: a business unit's, filtered by its indexed key. */
export const approvalRuleResource = defineQueryableResource({
  table: 'ApprovalRule',
  typeId: 'approval-rule',
  fields: fieldsFromJsonSchema(schemas.ApprovalRuleSchema, components),
  extraColumns: { 'businessUnit.key': { column: 'businessUnitKey', type: 'string', notNull: true } },
});

export const approvalFlowResource = defineQueryableResource({
  table: 'ApprovalFlow',
  typeId: 'approval-flow',
  fields: fieldsFromJsonSchema(schemas.ApprovalFlowSchema, components),
  // Approval flows have no key.
  omitColumns: ['key'],
  extraColumns: {
    'businessUnit.key': { column: 'businessUnitKey', type: 'string', notNull: true },
    'order.id': { column: 'orderId', type: 'string', notNull: true },
  },
});

export const shoppingListResource = defineQueryableResource({
  table: 'ShoppingList',
  typeId: 'shopping-list',
  fields: fieldsFromJsonSchema(schemas.ShoppingListSchema, components),
  extraColumns: { 'businessUnit.key': { column: 'businessUnitKey', type: 'string' }, 'store.key': { column: 'storeKey', type: 'string' } },
});

export const taxCategoryResource = defineQueryableResource({
  table: 'TaxCategory',
  typeId: 'tax-category',
  fields: fieldsFromJsonSchema(schemas.TaxCategorySchema, components),
});

export const zoneResource = defineQueryableResource({
  table: 'Zone',
  typeId: 'zone',
  fields: fieldsFromJsonSchema(schemas.ZoneSchema, components),
});

export const shippingMethodResource = defineQueryableResource({
  table: 'ShippingMethod',
  typeId: 'shipping-method',
  fields: fieldsFromJsonSchema(schemas.ShippingMethodSchema, components),
});

export const reviewResource = defineQueryableResource({
  table: 'Review',
  typeId: 'review',
  fields: fieldsFromJsonSchema(schemas.ReviewSchema, components),
});

export const discountGroupResource = defineQueryableResource({
  table: 'DiscountGroup',
  typeId: 'discount-group',
  fields: fieldsFromJsonSchema(schemas.DiscountGroupSchema, components),
});

export const recurrencePolicyResource = defineQueryableResource({
  table: 'RecurrencePolicy',
  typeId: 'recurrence-policy',
  fields: fieldsFromJsonSchema(schemas.RecurrencePolicySchema, components),
});

export const paymentMethodResource = defineQueryableResource({
  table: 'PaymentMethod',
  typeId: 'payment-method',
  fields: fieldsFromJsonSchema(schemas.PaymentMethodSchema, components),
});

export const attributeGroupResource = defineQueryableResource({
  table: 'AttributeGroup',
  typeId: 'attribute-group',
  fields: fieldsFromJsonSchema(schemas.AttributeGroupSchema, components),
});

export const standalonePriceResource = defineQueryableResource({
  table: 'StandalonePrice',
  typeId: 'standalone-price',
  fields: fieldsFromJsonSchema(schemas.StandalonePriceSchema, components),
});

export const productDiscountResource = defineQueryableResource({
  table: 'ProductDiscount',
  typeId: 'product-discount',
  fields: fieldsFromJsonSchema(schemas.ProductDiscountSchema, components),
});

export const cartDiscountResource = defineQueryableResource({
  table: 'CartDiscount',
  typeId: 'cart-discount',
  fields: fieldsFromJsonSchema(schemas.CartDiscountSchema, components),
});

export const discountCodeResource = defineQueryableResource({
  table: 'DiscountCode',
  typeId: 'discount-code',
  fields: fieldsFromJsonSchema(schemas.DiscountCodeSchema, components),
});

/** Categories: `parent.id` has a column, so a storefront's "children of X" query is an index lookup. */
export const categoryResource = defineQueryableResource({
  table: 'Category',
  typeId: 'category',
  fields: fieldsFromJsonSchema(schemas.CategorySchema, components),
  extraColumns: { 'parent.id': { column: 'parentId', type: 'string' } },
});

export const channelResource = defineQueryableResource({
  table: 'Channel',
  typeId: 'channel',
  fields: fieldsFromJsonSchema(schemas.ChannelSchema, components),
  extraColumns: { key: { column: 'key', type: 'string', notNull: true } },
});

/** Custom objects: `key` is unique within a container; `container` has its own column. */
export const customObjectResource = defineQueryableResource({
  table: 'CustomObject',
  typeId: 'key-value-document',
  fields: fieldsFromJsonSchema(schemas.CustomObjectSchema, components),
  extraColumns: { key: { column: 'key', type: 'string', notNull: true }, container: { column: 'container', type: 'string', notNull: true } },
});

/** Product projections: one row per product and view (`current`, `staged`); never a reference target. */
export const productProjectionResource = defineQueryableResource({
  table: 'ProductProjection',
  typeId: 'product-projection',
  fields: fieldsFromJsonSchema(schemas.ProductProjectionSchema, components),
});

/**
 * Every typeId a Reference can be expanded to, with the scope (besides manage_project) a caller
 * needs to see the referenced resource: expansion must not reveal what the caller cannot read.
 */
export const expandableResources: ReadonlyArray<{ resource: QueryableResource; viewScopes: readonly string[] }> = [
  { resource: storeResource, viewScopes: ['view_stores'] },
  { resource: associateRoleResource, viewScopes: ['view_associate_roles'] },
  { resource: customerResource, viewScopes: ['view_customers'] },
  { resource: customerGroupResource, viewScopes: ['view_customer_groups'] },
  { resource: typeResource, viewScopes: ['view_types'] },
  { resource: productTypeResource, viewScopes: ['view_products'] },
  { resource: productResource, viewScopes: ['view_products'] },
  { resource: cartResource, viewScopes: ['view_orders'] },
  { resource: orderResource, viewScopes: ['view_orders'] },
  { resource: shoppingListResource, viewScopes: ['view_shopping_lists'] },
  { resource: quoteRequestResource, viewScopes: ['view_quote_requests', 'view_staged_quotes', 'view_quotes'] },
  { resource: stagedQuoteResource, viewScopes: ['view_staged_quotes', 'view_quotes'] },
  { resource: quoteResource, viewScopes: ['view_quotes', 'view_orders'] },
  { resource: paymentResource, viewScopes: ['view_payments', 'view_orders'] },
  { resource: stateResource, viewScopes: ['view_states', 'view_orders', 'view_payments'] },
  // Units are referenced by id only from custom fields (Reference to business-unit); parentUnit and
  // topLevelUnit are KeyReferences, which the spec says are never expanded.
  { resource: businessUnitResource, viewScopes: ['view_business_units'] },
  { resource: taxCategoryResource, viewScopes: ['view_tax_categories', 'view_products'] },
  { resource: zoneResource, viewScopes: ['view_zones', 'view_orders'] },
  { resource: shippingMethodResource, viewScopes: ['view_shipping_methods', 'view_orders', 'manage_my_orders'] },
  { resource: productDiscountResource, viewScopes: ['view_products'] },
  { resource: reviewResource, viewScopes: ['view_reviews'] },
  { resource: discountGroupResource, viewScopes: ['view_discount_groups', 'view_cart_discounts'] },
  { resource: recurrencePolicyResource, viewScopes: ['view_recurrence_policies', 'view_orders'] },
  { resource: paymentMethodResource, viewScopes: ['view_payments', 'view_orders'] },
  { resource: attributeGroupResource, viewScopes: ['view_attribute_groups', 'view_products'] },
  { resource: standalonePriceResource, viewScopes: ['view_standalone_prices', 'view_products'] },
  { resource: cartDiscountResource, viewScopes: ['view_cart_discounts', 'view_orders'] },
  { resource: discountCodeResource, viewScopes: ['view_discount_codes', 'view_orders'] },
  { resource: categoryResource, viewScopes: ['view_categories', 'view_products'] },
  { resource: channelResource, viewScopes: ['view_channels', 'view_products'] },
  // The platform expands references to custom objects without their scopes (docs: "Custom Objects").
  { resource: customObjectResource, viewScopes: [] },
];
