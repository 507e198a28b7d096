import { CartReplicas } from './flows/cart-replicas.js';

import type { AppServices, RequestContext } from './context.js';

import { ApiClientService } from './domains/projects/index.js';

import { AsAssociateBusinessUnitService } from './domains/business-units/index.js';

import { AssociateRoleService } from './domains/business-units/index.js';

import { CustomerGroupService } from './domains/customers/index.js';

import { BusinessUnitService } from './domains/business-units/index.js';

import { CustomerService } from './domains/customers/index.js';

import { ProjectService } from './domains/projects/index.js';

import { StoreService } from './domains/stores/index.js';

import { TypeService } from './domains/types/index.js';

import { CartService } from './domains/carts/index.js';

import { cartMerge, cartSignIn } from './flows/cart-sign-in.js';

import { MyBusinessUnitService } from './domains/business-units/index.js';

import { OrderService } from './domains/orders/index.js';

import { ProductTypeService } from './domains/catalog/index.js';

import { ProductService } from './domains/catalog/index.js';

import { ShoppingListService } from './domains/shopping-lists/index.js';

import { CartCalculator } from './domains/carts/index.js';

import { CartDiscountService } from './domains/discounts/index.js';

import { ProductDiscountService } from './domains/discounts/index.js';

import { StandalonePriceService, standalonePricesOf } from './domains/catalog/index.js';

import { AttributeGroupService } from './domains/catalog/index.js';

import { ReviewService } from './domains/reviews/index.js';

import { DiscountGroupService } from './domains/discounts/index.js';

import { RecurrencePolicyService } from './domains/recurrence-policies/index.js';

import { PaymentMethodService } from './domains/payments/index.js';

import { DiscountCodeService } from './domains/discounts/index.js';

import { ShippingMethodService } from './domains/shipping/index.js';

import { TaxCategoryService } from './domains/shipping/index.js';

import { ZoneService } from './domains/shipping/index.js';

import {
  typeUser,
  USES_TYPE_IN_ORDERS,
  USES_TYPE_IN_PAYMENTS,
  USES_TYPE_WITH_ADDRESS,
  USES_TYPE_WITH_ADDRESSES,
  USES_TYPE_WITH_ASSETS,
} from './domains/types/index.js';

import { ChannelService } from './domains/channels/index.js';

import { REFERRERS } from './flows/references.js';

import { CustomObjectService } from './domains/custom-objects/index.js';

import { ProductProjectionService } from './domains/catalog/index.js';

import { CategoryService } from './domains/catalog/index.js';

import { categoryRepository } from './domains/catalog/index.js';

import { PaymentService } from './domains/payments/index.js';

import { StateService } from './domains/states/index.js';

import { InventoryService } from './domains/catalog/index.js';
import { QuoteRequestService } from './domains/quotes/index.js';

import { QuoteService } from './domains/quotes/index.js';

import { StagedQuoteService } from './domains/quotes/index.js';

import { ApprovalFlowService } from './domains/approvals/index.js';

import { ApprovalRuleService } from './domains/approvals/index.js';

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
  const taxCategories = new TaxCategoryService(REFERRERS['tax-category']);
  const zones = new ZoneService(REFERRERS.zone);
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
  const cartDiscounts = new CartDiscountService(REFERRERS['cart-discount']);
  const discountCodes = new DiscountCodeService(cartDiscounts.repository);
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
  const channels = new ChannelService(REFERRERS.channel);
  const shoppingLists = new ShoppingListService(productLookup, businessUnits.repository);
  const payments = new PaymentService();
  const inventory = new InventoryService();
  const quoteRequests = new QuoteRequestService(carts);
  const stagedQuotes = new StagedQuoteService(quoteRequests, carts);
  const quotes = new QuoteService(stagedQuotes, carts, orders);
  const approvalRules = new ApprovalRuleService(() => businessUnits.repository);
  const approvalFlows = new ApprovalFlowService(approvalRules, () => businessUnits.repository);
  orders.approvals = approvalFlows;
  const states = new StateService(REFERRERS.state);
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
    discountGroups: new DiscountGroupService(cartDiscounts.repository, REFERRERS['discount-group']),
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
