import type {
  Address,
  CartDiscount,
  DiscountedPrice,
  ProductDiscount,
  ProductDiscountValueAbsolute,
  ProductDiscountValueExternal,
  ProductDiscountValueRelative,
  CartDiscountCustomLineItemsTarget,
  CartDiscountLineItemsTarget,
  CartDiscountShippingCostTarget,
  CartDiscountTotalPriceTarget,
  CartDiscountValueAbsolute,
  CartDiscountValueFixed,
  CartDiscountValueRelative,
  CartValueTier,
  Category,
  Channel,
  CustomObject,
  DiscountCode,
  GeoJsonPoint,
  Location,
  ShippingMethod,
  ShippingRate,
  SubRate,
  TaxCategory,
  TaxRate,
  Zone,
  ZoneRate,
  Asset,
  AssetSource,
  Attribute,
  Cart,
  ClientLogging,
  CustomFieldEnumValue,
  CustomFieldLocalizedEnumValue,
  CustomFields,
  CustomLineItem,
  Delivery,
  Parcel,
  ReturnInfo,
  ReturnItem,
  ShippingInfo,
  TrackingData,
  FieldDefinition,
  FieldType,
  Image,
  LineItem,
  Order,
  Price,
  PriceTier,
  Product,
  ProductCatalogData,
  ProductData,
  ProductType,
  ProductVariant,
  SetElementFieldType,
  ShoppingList,
  ShoppingListLineItem,
  Store,
  TextLineItem,
  Type,
  TypedMoney,
} from '../../generated/openapi/client/types.gen.js';
import type { PagedQueryResult } from '../query/index.js';
import type { CustomerDocument } from '../domains/customers/index.js';

/*
 * What the GraphQL object types resolve from (codegen.yml `mappers`): the services' documents as
 * they are, with the GraphQL-only fields computed by the type resolvers.
 */
export type AddressModel = Address;
export type CustomerPage = PagedQueryResult<CustomerDocument>;
export type StoreModel = Store;
export type CustomFieldsModel = CustomFields;
export type InitiatorModel = ClientLogging;
export type TypeDefinitionModel = Type;
export type FieldDefinitionModel = FieldDefinition;
export type FieldTypeModel = FieldType | SetElementFieldType;
export type EnumValueModel = CustomFieldEnumValue;
export type LocalizedEnumValueModel = CustomFieldLocalizedEnumValue;
export interface CustomerGroupModel {
  id: string;
  version: number;
  key?: string;
  name: string;
  createdAt: string;
  lastModifiedAt: string;
}
/** `me`: everything under it is resolved from the request's token. */
export type MeModel = Record<string, never>;
/** `inStore(key)`: the store its fields are limited to. */
export interface InStoreModel {
  storeKey: string;
}
/** A cart as the carts module answers it (the HTTP API's representation). */
export type CartModel = Cart;
export type LineItemModel = LineItem;
export type CustomLineItemModel = CustomLineItem;
export type PriceModel = Price;
export type VariantModel = ProductVariant;
export type MoneyModel = TypedMoney;
export type ProductModel = Product;
export type ProductCatalogModel = ProductCatalogData;
export type ProductDataModel = ProductData;
export type ProductTypeModel = ProductType;
export type PriceTierModel = PriceTier;
export type ImageModel = Image;
export type AssetModel = Asset;
export type AssetSourceModel = AssetSource;
export type AttributeModel = Attribute;
export type ShoppingListModel = ShoppingList;
export type ShoppingListLineItemModel = ShoppingListLineItem;
export type TextLineItemModel = TextLineItem;
export type OrderModel = Order;
export type ShippingInfoModel = ShippingInfo;
export type DeliveryModel = Delivery;
export type ParcelModel = Parcel;
export type TrackingDataModel = TrackingData;
export type ReturnInfoModel = ReturnInfo;
export type ReturnItemModel = ReturnItem;
export type CategoryModel = Category;
export type TaxCategoryModel = TaxCategory;
export type TaxRateModel = TaxRate;
export type SubRateModel = SubRate;
export type ZoneModel = Zone;
export type LocationModel = Location;
export type ChannelModel = Channel;
export type PointModel = GeoJsonPoint;
export type ShippingMethodModel = ShippingMethod;
export type ZoneRateModel = ZoneRate;
export type ShippingRateModel = ShippingRate;
export type ShippingRateCartValuePriceTierModel = CartValueTier;
export type CartDiscountModel = CartDiscount;
export type RelativeDiscountValueModel = CartDiscountValueRelative | ProductDiscountValueRelative;
export type AbsoluteDiscountValueModel = CartDiscountValueAbsolute | ProductDiscountValueAbsolute;
export type ExternalDiscountValueModel = ProductDiscountValueExternal;
export type ProductDiscountModel = ProductDiscount;
export type DiscountedProductPriceValueModel = DiscountedPrice;
export type FixedPriceDiscountValueModel = CartDiscountValueFixed;
export type LineItemsTargetModel = CartDiscountLineItemsTarget;
export type CustomLineItemsTargetModel = CartDiscountCustomLineItemsTarget;
export type ShippingTargetModel = CartDiscountShippingCostTarget;
export type TotalPriceTargetModel = CartDiscountTotalPriceTarget;
export type DiscountCodeModel = DiscountCode;
export type CustomObjectModel = CustomObject;
