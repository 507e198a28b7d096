import { DomainEvents } from './resources/domain-events.js';
import { ProductRepricing, SkuDiscounts } from './flows/product-repricing.js';
import { ShippingMethodsForCart } from './flows/shipping-methods-for-cart.js';
import { type CustomerEvents, CustomerGroupService, CustomerService } from './domains/customers/index.js';
import { type ApiClientEvents, type ProjectEvents, ApiClientService, ProjectService } from './domains/projects/index.js';
import {
  type ProductDiscountEvents,
  CartDiscountService,
  ProductDiscountService,
  DiscountGroupService,
  DiscountCodeService,
} from './domains/discounts/index.js';
import {
  PricedProducts,
  ProductTypeService,
  ProductService,
  StandalonePriceService,
  AttributeGroupService,
  ProductProjectionService,
  CategoryService,
  categoryRepository,
  InventoryService,
} from './domains/catalog/index.js';
import { CartReplicas } from './flows/cart-replicas.js';
import type { AppServices } from './context.js';
import { AsAssociateBusinessUnitService, AssociateRoleService, BusinessUnitService, MyBusinessUnitService } from './domains/business-units/index.js';
import { StoreService } from './domains/stores/index.js';
import {
  TypeService,
  typeUser,
  USES_TYPE_IN_ORDERS,
  USES_TYPE_IN_PAYMENTS,
  USES_TYPE_WITH_ADDRESS,
  USES_TYPE_WITH_ADDRESSES,
  USES_TYPE_WITH_ASSETS,
} from './domains/types/index.js';
import { CartService, CartCalculator } from './domains/carts/index.js';
import { cartMerge, cartSignIn } from './flows/cart-sign-in.js';
import { OrderService } from './domains/orders/index.js';
import { ShoppingListService } from './domains/shopping-lists/index.js';
import { ReviewService } from './domains/reviews/index.js';
import { RecurrencePolicyService } from './domains/recurrence-policies/index.js';
import { PaymentMethodService, PaymentService } from './domains/payments/index.js';
import { ShippingMethodService, TaxCategoryService, ZoneService } from './domains/shipping/index.js';
import { ChannelService } from './domains/channels/index.js';
import { REFERRERS } from './flows/references.js';
import { CustomObjectService } from './domains/custom-objects/index.js';
import { StateService } from './domains/states/index.js';
import { QuoteRequestService, QuoteService, StagedQuoteService } from './domains/quotes/index.js';
import { ApprovalFlowService, ApprovalRuleService } from './domains/approvals/index.js';

/** The domain services, one instance each per process. Routes and resolvers reach them through this. */
export interface Services {
  /** Reactions across domains: the OAuth module and the administration command line register theirs here. */
  events: DomainEvents<DomainEventMap>;
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
  shippingMethodsForCart: ShippingMethodsForCart;
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

/** Every event a domain announces, and so every reaction the registry can hold. */
export type DomainEventMap = CustomerEvents & ProjectEvents & ApiClientEvents & ProductDiscountEvents;

/**
 * Builds every domain service and flow, each from its constructor arguments, in dependency order; reactions
 * across domains are registered on the one events registry. The only place that knows them all.
 */
export function createServices(app: AppServices): Services {
  const events = new DomainEvents<DomainEventMap>();
  const stores = new StoreService();
  const associateRoles = new AssociateRoleService();
  const customerGroups = new CustomerGroupService();
  const businessUnits = new BusinessUnitService(REFERRERS['business-unit']);
  const taxCategories = new TaxCategoryService(REFERRERS['tax-category']);
  const zones = new ZoneService(REFERRERS.zone);
  const shippingMethods = new ShippingMethodService(taxCategories.repository, zones.repository);
  // Product discounts price the catalog: products read their sources at each write, and a discount's write
  // reprices every product and standalone price in its transaction.
  const productDiscounts = new ProductDiscountService(events);
  const products = new ProductService(productDiscounts);
  const skuDiscounts = new SkuDiscounts(products, productDiscounts);
  const standalonePrices = new StandalonePriceService(skuDiscounts);
  const repricing = new ProductRepricing(products, standalonePrices, productDiscounts, skuDiscounts);
  events.on('productDiscounts.changed', ({ tx }) => repricing.reprice(tx));
  const paymentMethods = new PaymentMethodService();
  const cartDiscounts = new CartDiscountService(REFERRERS['cart-discount']);
  const discountCodes = new DiscountCodeService(cartDiscounts.repository);
  const pricedProducts = new PricedProducts(products, standalonePrices);
  const cartSources = {
    products: pricedProducts,
    taxCategories: taxCategories.repository,
    zones: zones.repository,
    shippingMethods: shippingMethods.repository,
    cartDiscounts,
    discountCodes: discountCodes.repository,
    categories: categoryRepository,
  };
  const calculator = new CartCalculator(cartSources);
  const carts = new CartService({ ...cartSources, calculator, businessUnits: businessUnits.repository });
  const shippingMethodsForCart = new ShippingMethodsForCart(shippingMethods, carts, calculator);
  const approvalRules = new ApprovalRuleService(businessUnits.repository);
  const approvalFlows = new ApprovalFlowService(approvalRules, businessUnits.repository);
  const orders = new OrderService(carts, discountCodes.repository, approvalFlows);
  const cartReplicas = new CartReplicas(carts, orders.repository);
  const categories = new CategoryService([products]);
  const channels = new ChannelService(REFERRERS.channel);
  const shoppingLists = new ShoppingListService(pricedProducts, businessUnits.repository);
  const payments = new PaymentService();
  const inventory = new InventoryService();
  const quoteRequests = new QuoteRequestService(carts);
  const stagedQuotes = new StagedQuoteService(quoteRequests, carts);
  const quotes = new QuoteService(stagedQuotes, carts, orders);
  const states = new StateService(REFERRERS.state);
  const projects = new ProjectService(app, events);
  const asAssociateBusinessUnits = new AsAssociateBusinessUnitService(businessUnits);
  const signIn = cartSignIn(carts, orders, shoppingLists);
  const customers = new CustomerService(app, events, signIn);
  const mergeCart = cartMerge(customers, signIn);
  const reviews = new ReviewService({ products, customers: customers.repository });
  // A deleted customer stops being an associate anywhere, in the deletion's transaction.
  events.on('customer.deleting', ({ tx, customer }) => businessUnits.removeAssociateEverywhere(tx, customer.id));
  return {
    events,
    projects,
    apiClients: new ApiClientService(app, events),
    customers,
    stores,
    associateRoles,
    customerGroups,
    businessUnits,
    asAssociateBusinessUnits,
    myBusinessUnits: new MyBusinessUnitService(businessUnits, asAssociateBusinessUnits, projects, customers),
    productTypes: new ProductTypeService(REFERRERS['product-type']),
    products,
    carts,
    mergeCart,
    cartReplicas,
    orders,
    shoppingLists,
    taxCategories,
    zones,
    shippingMethods,
    shippingMethodsForCart,
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
