import { CartReplicas } from './flows/cart-replicas.js';
import type { AppServices, RequestContext } from './context.js';
import { ApiClientService } from './domains/projects/api-client.service.js';
import { AsAssociateBusinessUnitService } from './domains/business-units/as-associate.service.js';
import { AssociateRoleService } from './domains/business-units/associate-role.service.js';
import { CustomerGroupService } from './domains/customers/customer-group.service.js';
import { BusinessUnitService } from './domains/business-units/business-unit.service.js';
import { CustomerService } from './domains/customers/customer.service.js';
import { ProjectService } from './domains/projects/project.service.js';
import { StoreService } from './domains/stores/store.service.js';
import { TypeService } from './domains/types/type.service.js';
import { CartService } from './domains/carts/cart.service.js';
import { cartMerge, cartSignIn } from './flows/cart-sign-in.js';
import { MyBusinessUnitService } from './domains/business-units/my-business-unit.service.js';
import { OrderService } from './domains/orders/order.service.js';
import { ProductTypeService } from './domains/catalog/product-type.service.js';
import { ProductService } from './domains/catalog/product.service.js';
import { ShoppingListService } from './domains/shopping-lists/shopping-list.service.js';
import { CartCalculator } from './domains/carts/cart-totals.js';
import { CartDiscountService } from './domains/discounts/cart-discount.service.js';
import { ProductDiscountService } from './domains/discounts/product-discount.service.js';
import { StandalonePriceService, standalonePricesOf } from './domains/catalog/standalone-price.service.js';
import { AttributeGroupService } from './domains/catalog/attribute-group.service.js';
import { ReviewService } from './domains/reviews/review.service.js';
import { DiscountGroupService } from './domains/discounts/discount-group.service.js';
import { RecurrencePolicyService } from './domains/recurrence-policies/recurrence-policy.service.js';
import { PaymentMethodService } from './domains/payments/payment-method.service.js';
import { DiscountCodeService } from './domains/discounts/discount-code.service.js';
import { ShippingMethodService } from './domains/shipping/shipping-method.service.js';
import { TaxCategoryService } from './domains/shipping/tax-category.service.js';
import { ZoneService } from './domains/shipping/zone.service.js';
import { typeUser, USES_TYPE_IN_ORDERS, USES_TYPE_IN_PAYMENTS, USES_TYPE_WITH_ADDRESS, USES_TYPE_WITH_ADDRESSES, USES_TYPE_WITH_ASSETS } from './domains/types/type-users.js';
import { ChannelService } from './domains/channels/channel.service.js';
import { referrer } from './resources/referrers.js';
import { CustomObjectService } from './domains/custom-objects/custom-object.service.js';
import { ProductProjectionService } from './domains/catalog/product-projection.service.js';
import { CategoryService } from './domains/catalog/category.service.js';
import { categoryRepository } from './domains/catalog/category-repository.js';
import { PaymentService } from './domains/payments/payment.service.js';
import { StateService } from './domains/states/state.service.js';
import { InventoryService, inventoryRepository } from './domains/catalog/inventory.service.js';
import { stateRepository } from './domains/states/states.js';
import { QuoteRequestService } from './domains/quotes/quote-request.service.js';
import { QuoteService } from './domains/quotes/quote.service.js';
import { StagedQuoteService } from './domains/quotes/staged-quote.service.js';
import { ApprovalFlowService } from './domains/approvals/approval-flow.service.js';
import { ApprovalRuleService } from './domains/approvals/approval-rule.service.js';

/** The domain services, one instance each per process. Routes and resolvers reach them through this. */
export interface Services {
  projects: ProjectService;
  apiClients: ApiClientService;
  customers: CustomerService;
  stores: StoreService;
  associateRoles: AssociateRoleService;
  customerGroups: CustomerGroupService;
  types: TypeService;
  businessUnits: BusinessUnitService;
  asAssociateBusinessUnits: AsAssociateBusinessUnitService;
  myBusinessUnits: MyBusinessUnitService;
  productTypes: ProductTypeService;
  products: ProductService;
  carts: CartService;
  /** The manual cart merge (src/flows/cart-sign-in.ts). */
  mergeCart: ReturnType<typeof cartMerge>;
  cartReplicas: CartReplicas;
  orders: OrderService;
  shoppingLists: ShoppingListService;
  taxCategories: TaxCategoryService;
  zones: ZoneService;
  shippingMethods: ShippingMethodService;
  productDiscounts: ProductDiscountService;
  standalonePrices: StandalonePriceService;
  attributeGroups: AttributeGroupService;
  reviews: ReviewService;
  discountGroups: DiscountGroupService;
  recurrencePolicies: RecurrencePolicyService;
  paymentMethods: PaymentMethodService;
  cartDiscounts: CartDiscountService;
  discountCodes: DiscountCodeService;
  categories: CategoryService;
  channels: ChannelService;
  customObjects: CustomObjectService;
  productProjections: ProductProjectionService;
  payments: PaymentService;
  states: StateService;
  inventory: InventoryService;
  quoteRequests: QuoteRequestService;
  stagedQuotes: StagedQuoteService;
  quotes: QuoteService;
  approvalRules: ApprovalRuleService;
  approvalFlows: ApprovalFlowService;
}

export function createServices(app: AppServices): Services {
  const customers = new CustomerService(app);
  const stores = new StoreService();
  const associateRoles = new AssociateRoleService();
  const customerGroups = new CustomerGroupService();
  const businessUnits = new BusinessUnitService();
  const products = new ProductService();
  const taxCategories = new TaxCategoryService();
  const zones = new ZoneService();
  const shippingMethods = new ShippingMethodService(taxCategories.repository, zones.repository);
  const productDiscounts = new ProductDiscountService();
  const standalonePrices = new StandalonePriceService();
  const paymentMethods = new PaymentMethodService();
  const reviews = new ReviewService(() => ({
    products: products.repository,
    customers: customers.repository,
    updateProductStatistics: (ctx, productId, statistics) => products.updateReviewStatistics(ctx, productId, statistics),
  }));
  products.discountSources = (ctx, product) => productDiscounts.sourcesFor(ctx, product);
  standalonePrices.discountFacts = async (ctx, sku) => productDiscounts.skuFacts(ctx, sku, await products.findBySku(ctx, sku));
  // After a discount's write, every price is recomputed with the active discounts read once.
  productDiscounts.repriceProducts = async (ctx) => {
    const active = await productDiscounts.active(ctx);
    await products.repriceAll(ctx, (tx, product) => productDiscounts.sourcesFor(tx, product, active));
    await standalonePrices.repriceAll(ctx, async (tx, sku) => productDiscounts.skuFacts(tx, sku, await products.findBySku(tx, sku), active));
  };
  const cartDiscounts = new CartDiscountService();
  const discountCodes = new DiscountCodeService(cartDiscounts.repository);
  // Who refers to whom: a referenced tax category, zone or cart discount is not deleted.
  taxCategories.referrers = [referrer(products.repository, 'taxCategory(id = :id)'), referrer(shippingMethods.repository, 'taxCategory(id = :id)')];
  zones.referrers = [referrer(shippingMethods.repository, 'zoneRates(zone(id = :id))')];
  cartDiscounts.referrers = [referrer(discountCodes.repository, 'cartDiscounts(id = :id)')];
  // Products as carts see them: a product in the Standalone price mode with its SKUs' active standalone prices.
  const priced = standalonePricesOf(standalonePrices);
  const productLookup = {
    byId: async (ctx: RequestContext, id: string) => priced.one(ctx, await products.repository.find(ctx, { id })),
    byIds: async (ctx: RequestContext, ids: readonly string[]) => priced.many(ctx, await products.repository.findMany(ctx, ids)),
    bySku: async (ctx: RequestContext, sku: string) => priced.one(ctx, await products.findBySku(ctx, sku)),
  };
  const repositories = {
    products: productLookup,
    taxCategories: taxCategories.repository,
    zones: zones.repository,
    shippingMethods: shippingMethods.repository,
    activeCartDiscounts: (ctx: RequestContext) => cartDiscounts.active(ctx),
    discountCodes: discountCodes.repository,
    categories: categoryRepository,
  };
  const calculator = new CartCalculator(repositories);
  const carts = new CartService({ ...repositories, calculator, businessUnits: businessUnits.repository });
  shippingMethods.carts = { find: (ctx, id) => carts.repository.find(ctx, { id }), facts: (ctx, cart) => calculator.facts(ctx, cart) };
  const orders = new OrderService(carts, discountCodes.repository);
  const cartReplicas = new CartReplicas(carts, () => orders.repository);
  const categories = new CategoryService([products]);
  const pricedInChannel = '(masterVariant(prices(channel(id = :channelId))) or variants(prices(channel(id = :channelId))))';
  const channels = new ChannelService([
    referrer(stores.repository, 'distributionChannels(id = :channelId) or supplyChannels(id = :channelId)'),
    referrer(products.repository, `masterData(current${pricedInChannel} or staged${pricedInChannel})`),
    referrer(inventoryRepository, 'supplyChannel(id = :channelId)'),
  ]);
  const shoppingLists = new ShoppingListService(productLookup, businessUnits.repository);
  const payments = new PaymentService();
  const inventory = new InventoryService();
  const quoteRequests = new QuoteRequestService(carts);
  const stagedQuotes = new StagedQuoteService(quoteRequests, carts);
  const quotes = new QuoteService(stagedQuotes, carts, orders);
  const approvalRules = new ApprovalRuleService(() => businessUnits.repository);
  const approvalFlows = new ApprovalFlowService(approvalRules, () => businessUnits.repository);
  orders.approvals = approvalFlows;
  const states = new StateService([
    referrer(orders.repository, 'state(id = :stateId)'),
    referrer(payments.repository, 'paymentStatus(state(id = :stateId))'),
    referrer(quoteRequests.repository, 'state(id = :stateId)'),
    referrer(stagedQuotes.repository, 'state(id = :stateId)'),
    referrer(quotes.repository, 'state(id = :stateId)'),
    referrer(stateRepository, 'transitions(id = :stateId)'),
  ]);
  const projects = new ProjectService(app);
  const asAssociateBusinessUnits = new AsAssociateBusinessUnitService(businessUnits);
  const signIn = cartSignIn(carts, orders, shoppingLists);
  customers.cartSignIn = signIn;
  const mergeCart = cartMerge(customers, signIn);
  customers.deleting.add((tx, customer) => businessUnits.removeAssociateEverywhere(tx, customer.id));
  return {
    projects,
    apiClients: new ApiClientService(app),
    customers,
    stores,
    associateRoles,
    customerGroups,
    businessUnits,
    asAssociateBusinessUnits,
    myBusinessUnits: new MyBusinessUnitService(businessUnits, asAssociateBusinessUnits, projects, customers),
    productTypes: new ProductTypeService(),
    products,
    carts,
    mergeCart,
    cartReplicas,
    orders,
    shoppingLists,
    taxCategories,
    zones,
    shippingMethods,
    productDiscounts,
    standalonePrices,
    attributeGroups: new AttributeGroupService(),
    reviews,
    discountGroups: new DiscountGroupService(cartDiscounts.repository),
    recurrencePolicies: new RecurrencePolicyService(),
    paymentMethods,
    cartDiscounts,
    discountCodes,
    categories,
    channels,
    customObjects: new CustomObjectService(),
    productProjections: new ProductProjectionService(),
    payments,
    states,
    inventory,
    quoteRequests,
    stagedQuotes,
    quotes,
    approvalRules,
    approvalFlows,
    // Every resource that accepts `custom`: a Type they use cannot be deleted, and a field definition removed from it loses its values there.
    types: new TypeService([
      typeUser(stores.repository),
      typeUser(associateRoles.repository),
      typeUser(customerGroups.repository),
      typeUser(customers.repository, USES_TYPE_WITH_ADDRESSES),
      typeUser(businessUnits.repository, USES_TYPE_WITH_ADDRESSES),
      typeUser(orders.repository, USES_TYPE_IN_ORDERS),
      typeUser(payments.repository, USES_TYPE_IN_PAYMENTS),
      typeUser(inventory.repository),
      typeUser(quoteRequests.repository),
      typeUser(stagedQuotes.repository),
      typeUser(quotes.repository),
      typeUser(approvalRules.repository),
      typeUser(approvalFlows.repository),
      typeUser(shoppingLists.repository),
      typeUser(shippingMethods.repository),
      typeUser(cartDiscounts.repository),
      typeUser(standalonePrices.repository),
      typeUser(reviews.repository),
      typeUser(paymentMethods.repository),
      typeUser(discountCodes.repository),
      typeUser(categories.repository, USES_TYPE_WITH_ASSETS),
      typeUser(channels.repository, USES_TYPE_WITH_ADDRESS),
    ]),
  };
}
