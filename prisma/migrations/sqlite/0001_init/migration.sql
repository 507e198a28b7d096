-- CreateTable
CREATE TABLE "Project" (
    "key" TEXT NOT NULL PRIMARY KEY,
    "region" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ApiClient" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL DEFAULT 1,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "secretHash" TEXT NOT NULL,
    "lastUsedAt" TEXT,
    "accessTokenValiditySeconds" INTEGER,
    "refreshTokenValiditySeconds" INTEGER,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "OAuthToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "kind" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "grantId" TEXT,
    "uid" TEXT,
    "userCode" TEXT,
    "projectKey" TEXT,
    "clientId" TEXT,
    "anonymousId" TEXT,
    "expiresAt" TEXT,
    "consumedAt" TEXT,
    "lastUsedAt" TEXT
);

-- CreateTable
CREATE TABLE "RateLimitWindow" (
    "limiter" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "windowStart" TEXT NOT NULL,
    "expiresAt" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("limiter", "key", "windowStart")
);

-- CreateTable
CREATE TABLE "Store" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "AssociateRole" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Customer" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "emailLower" TEXT NOT NULL,
    "customerNumber" TEXT,
    "externalId" TEXT,
    "storeKeys" TEXT NOT NULL DEFAULT '',
    "passwordHash" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "CustomerEmail" (
    "projectKey" TEXT NOT NULL,
    "scopeKey" TEXT NOT NULL,
    "emailLower" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,

    PRIMARY KEY ("projectKey", "scopeKey", "emailLower"),
    CONSTRAINT "CustomerEmail_customerId_fkey" FOREIGN KEY ("customerId") REFERENCES "Customer" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CustomerGroup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "CustomType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "CustomerToken" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "valueHash" TEXT NOT NULL,
    "createdAt" TEXT NOT NULL,
    "expiresAt" TEXT NOT NULL
);

-- CreateTable
CREATE TABLE "BusinessUnit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "parentKey" TEXT,
    "topLevelKey" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "BusinessUnitAssociate" (
    "projectKey" TEXT NOT NULL,
    "unitId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,

    PRIMARY KEY ("unitId", "customerId")
);

-- CreateTable
CREATE TABLE "ProductType" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Product" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "productTypeId" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ProductSku" (
    "projectKey" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "productId" TEXT NOT NULL,

    PRIMARY KEY ("projectKey", "sku")
);

-- CreateTable
CREATE TABLE "Cart" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "customerId" TEXT,
    "anonymousId" TEXT,
    "cartState" TEXT NOT NULL,
    "storeKey" TEXT,
    "businessUnitKey" TEXT,
    "deleteAfter" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Order" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "customerId" TEXT,
    "anonymousId" TEXT,
    "cartId" TEXT,
    "storeKey" TEXT,
    "businessUnitKey" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "InventoryEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "supplyChannelId" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "State" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Payment" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "customerId" TEXT,
    "anonymousId" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "QuoteRequest" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "customerId" TEXT,
    "anonymousId" TEXT,
    "storeKey" TEXT,
    "businessUnitKey" TEXT,
    "cartId" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "StagedQuote" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "quoteRequestId" TEXT NOT NULL,
    "storeKey" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Quote" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "customerId" TEXT,
    "anonymousId" TEXT,
    "storeKey" TEXT,
    "businessUnitKey" TEXT,
    "stagedQuoteId" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ApprovalRule" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "businessUnitKey" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ApprovalFlow" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "businessUnitKey" TEXT NOT NULL,
    "orderId" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ShoppingList" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "customerId" TEXT,
    "anonymousId" TEXT,
    "businessUnitKey" TEXT,
    "storeKey" TEXT,
    "deleteAfter" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ShoppingListSlug" (
    "projectKey" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "shoppingListId" TEXT NOT NULL,

    PRIMARY KEY ("projectKey", "locale", "slug")
);

-- CreateTable
CREATE TABLE "Category" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "parentId" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "CategorySlug" (
    "projectKey" TEXT NOT NULL,
    "locale" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "categoryId" TEXT NOT NULL,

    PRIMARY KEY ("projectKey", "locale", "slug")
);

-- CreateTable
CREATE TABLE "Channel" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "CustomObject" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "container" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ProductProjection" (
    "id" TEXT NOT NULL,
    "view" TEXT NOT NULL,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL,

    PRIMARY KEY ("id", "view")
);

-- CreateTable
CREATE TABLE "TaxCategory" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Zone" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ShippingMethod" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "defaultFlag" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "Review" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "uniquenessValue" TEXT,
    "targetId" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "DiscountGroup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "sortOrder" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "RecurrencePolicy" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "PaymentMethod" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "customerId" TEXT,
    "businessUnitKey" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "AttributeGroup" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "StandalonePrice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "sku" TEXT NOT NULL,
    "scope" TEXT NOT NULL,
    "activeSku" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "ProductDiscount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "sortOrder" TEXT NOT NULL,
    "activeSortOrder" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "CartDiscount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "sortOrder" TEXT NOT NULL,
    "activeSortOrder" TEXT,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "DiscountCode" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "code" TEXT NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "DiscountCodeApplication" (
    "projectKey" TEXT NOT NULL,
    "discountCodeId" TEXT NOT NULL,
    "customerId" TEXT NOT NULL,
    "count" INTEGER NOT NULL,

    PRIMARY KEY ("projectKey", "discountCodeId", "customerId")
);

-- CreateIndex
CREATE INDEX "ApiClient_projectKey_id_idx" ON "ApiClient"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ApiClient_projectKey_createdAt_idx" ON "ApiClient"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ApiClient_projectKey_lastModifiedAt_idx" ON "ApiClient"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "OAuthToken_grantId_idx" ON "OAuthToken"("grantId") WHERE "grantId" IS NOT NULL;

-- CreateIndex
CREATE INDEX "OAuthToken_clientId_idx" ON "OAuthToken"("clientId");

-- CreateIndex
CREATE INDEX "OAuthToken_uid_idx" ON "OAuthToken"("uid") WHERE "uid" IS NOT NULL;

-- CreateIndex
CREATE INDEX "OAuthToken_userCode_idx" ON "OAuthToken"("userCode") WHERE "userCode" IS NOT NULL;

-- CreateIndex
CREATE INDEX "OAuthToken_projectKey_kind_lastUsedAt_idx" ON "OAuthToken"("projectKey", "kind", "lastUsedAt") WHERE "kind" = 'RefreshToken';

-- CreateIndex
CREATE INDEX "OAuthToken_projectKey_anonymousId_idx" ON "OAuthToken"("projectKey", "anonymousId") WHERE "anonymousId" IS NOT NULL;

-- CreateIndex
CREATE INDEX "RateLimitWindow_expiresAt_idx" ON "RateLimitWindow"("expiresAt");

-- CreateIndex
CREATE INDEX "Store_projectKey_id_idx" ON "Store"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Store_projectKey_createdAt_idx" ON "Store"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Store_projectKey_lastModifiedAt_idx" ON "Store"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Store_projectKey_key_key" ON "Store"("projectKey", "key");

-- CreateIndex
CREATE INDEX "AssociateRole_projectKey_id_idx" ON "AssociateRole"("projectKey", "id");

-- CreateIndex
CREATE INDEX "AssociateRole_projectKey_createdAt_idx" ON "AssociateRole"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "AssociateRole_projectKey_lastModifiedAt_idx" ON "AssociateRole"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AssociateRole_projectKey_key_key" ON "AssociateRole"("projectKey", "key");

-- CreateIndex
CREATE INDEX "Customer_projectKey_id_idx" ON "Customer"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Customer_projectKey_emailLower_idx" ON "Customer"("projectKey", "emailLower");

-- CreateIndex
CREATE INDEX "Customer_projectKey_createdAt_idx" ON "Customer"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Customer_projectKey_lastModifiedAt_idx" ON "Customer"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_projectKey_key_key" ON "Customer"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Customer_projectKey_customerNumber_key" ON "Customer"("projectKey", "customerNumber");

-- CreateIndex
CREATE INDEX "CustomerEmail_customerId_idx" ON "CustomerEmail"("customerId");

-- CreateIndex
CREATE INDEX "CustomerGroup_projectKey_id_idx" ON "CustomerGroup"("projectKey", "id");

-- CreateIndex
CREATE INDEX "CustomerGroup_projectKey_createdAt_idx" ON "CustomerGroup"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "CustomerGroup_projectKey_lastModifiedAt_idx" ON "CustomerGroup"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerGroup_projectKey_key_key" ON "CustomerGroup"("projectKey", "key");

-- CreateIndex
CREATE INDEX "CustomType_projectKey_id_idx" ON "CustomType"("projectKey", "id");

-- CreateIndex
CREATE INDEX "CustomType_projectKey_createdAt_idx" ON "CustomType"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "CustomType_projectKey_lastModifiedAt_idx" ON "CustomType"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomType_projectKey_key_key" ON "CustomType"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "CustomerToken_valueHash_key" ON "CustomerToken"("valueHash");

-- CreateIndex
CREATE INDEX "CustomerToken_customerId_kind_idx" ON "CustomerToken"("customerId", "kind");

-- CreateIndex
CREATE INDEX "BusinessUnit_projectKey_id_idx" ON "BusinessUnit"("projectKey", "id");

-- CreateIndex
CREATE INDEX "BusinessUnit_projectKey_createdAt_idx" ON "BusinessUnit"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "BusinessUnit_projectKey_lastModifiedAt_idx" ON "BusinessUnit"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "BusinessUnit_projectKey_parentKey_idx" ON "BusinessUnit"("projectKey", "parentKey");

-- CreateIndex
CREATE UNIQUE INDEX "BusinessUnit_projectKey_key_key" ON "BusinessUnit"("projectKey", "key");

-- CreateIndex
CREATE INDEX "BusinessUnitAssociate_projectKey_customerId_idx" ON "BusinessUnitAssociate"("projectKey", "customerId");

-- CreateIndex
CREATE INDEX "ProductType_projectKey_id_idx" ON "ProductType"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ProductType_projectKey_createdAt_idx" ON "ProductType"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ProductType_projectKey_lastModifiedAt_idx" ON "ProductType"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductType_projectKey_key_key" ON "ProductType"("projectKey", "key");

-- CreateIndex
CREATE INDEX "Product_projectKey_id_idx" ON "Product"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Product_projectKey_createdAt_idx" ON "Product"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Product_projectKey_lastModifiedAt_idx" ON "Product"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "Product_projectKey_productTypeId_idx" ON "Product"("projectKey", "productTypeId");

-- CreateIndex
CREATE UNIQUE INDEX "Product_projectKey_key_key" ON "Product"("projectKey", "key");

-- CreateIndex
CREATE INDEX "ProductSku_productId_idx" ON "ProductSku"("productId");

-- CreateIndex
CREATE INDEX "Cart_projectKey_id_idx" ON "Cart"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Cart_projectKey_createdAt_idx" ON "Cart"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Cart_projectKey_lastModifiedAt_idx" ON "Cart"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "Cart_projectKey_customerId_cartState_idx" ON "Cart"("projectKey", "customerId", "cartState");

-- CreateIndex
CREATE INDEX "Cart_projectKey_anonymousId_idx" ON "Cart"("projectKey", "anonymousId");

-- CreateIndex
CREATE INDEX "Cart_projectKey_deleteAfter_idx" ON "Cart"("projectKey", "deleteAfter");

-- CreateIndex
CREATE INDEX "Cart_projectKey_storeKey_idx" ON "Cart"("projectKey", "storeKey");

-- CreateIndex
CREATE INDEX "Cart_projectKey_businessUnitKey_customerId_idx" ON "Cart"("projectKey", "businessUnitKey", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "Cart_projectKey_key_key" ON "Cart"("projectKey", "key");

-- CreateIndex
CREATE INDEX "Order_projectKey_id_idx" ON "Order"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Order_projectKey_createdAt_idx" ON "Order"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Order_projectKey_lastModifiedAt_idx" ON "Order"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "Order_projectKey_customerId_idx" ON "Order"("projectKey", "customerId");

-- CreateIndex
CREATE INDEX "Order_projectKey_anonymousId_idx" ON "Order"("projectKey", "anonymousId");

-- CreateIndex
CREATE INDEX "Order_projectKey_storeKey_idx" ON "Order"("projectKey", "storeKey");

-- CreateIndex
CREATE INDEX "Order_projectKey_businessUnitKey_customerId_idx" ON "Order"("projectKey", "businessUnitKey", "customerId");

-- CreateIndex
CREATE UNIQUE INDEX "Order_projectKey_key_key" ON "Order"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Order_projectKey_cartId_key" ON "Order"("projectKey", "cartId");

-- CreateIndex
CREATE INDEX "InventoryEntry_projectKey_id_idx" ON "InventoryEntry"("projectKey", "id");

-- CreateIndex
CREATE INDEX "InventoryEntry_projectKey_createdAt_idx" ON "InventoryEntry"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "InventoryEntry_projectKey_lastModifiedAt_idx" ON "InventoryEntry"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryEntry_projectKey_key_key" ON "InventoryEntry"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "InventoryEntry_projectKey_sku_supplyChannelId_key" ON "InventoryEntry"("projectKey", "sku", "supplyChannelId");

-- CreateIndex
CREATE INDEX "State_projectKey_id_idx" ON "State"("projectKey", "id");

-- CreateIndex
CREATE INDEX "State_projectKey_createdAt_idx" ON "State"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "State_projectKey_lastModifiedAt_idx" ON "State"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "State_projectKey_key_key" ON "State"("projectKey", "key");

-- CreateIndex
CREATE INDEX "Payment_projectKey_id_idx" ON "Payment"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Payment_projectKey_createdAt_idx" ON "Payment"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Payment_projectKey_lastModifiedAt_idx" ON "Payment"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "Payment_projectKey_customerId_idx" ON "Payment"("projectKey", "customerId");

-- CreateIndex
CREATE INDEX "Payment_projectKey_anonymousId_idx" ON "Payment"("projectKey", "anonymousId");

-- CreateIndex
CREATE UNIQUE INDEX "Payment_projectKey_key_key" ON "Payment"("projectKey", "key");

-- CreateIndex
CREATE INDEX "QuoteRequest_projectKey_id_idx" ON "QuoteRequest"("projectKey", "id");

-- CreateIndex
CREATE INDEX "QuoteRequest_projectKey_createdAt_idx" ON "QuoteRequest"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "QuoteRequest_projectKey_lastModifiedAt_idx" ON "QuoteRequest"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "QuoteRequest_projectKey_customerId_idx" ON "QuoteRequest"("projectKey", "customerId");

-- CreateIndex
CREATE INDEX "QuoteRequest_projectKey_businessUnitKey_customerId_idx" ON "QuoteRequest"("projectKey", "businessUnitKey", "customerId");

-- CreateIndex
CREATE INDEX "QuoteRequest_projectKey_storeKey_idx" ON "QuoteRequest"("projectKey", "storeKey");

-- CreateIndex
CREATE UNIQUE INDEX "QuoteRequest_projectKey_key_key" ON "QuoteRequest"("projectKey", "key");

-- CreateIndex
CREATE INDEX "StagedQuote_projectKey_storeKey_idx" ON "StagedQuote"("projectKey", "storeKey");

-- CreateIndex
CREATE INDEX "StagedQuote_projectKey_id_idx" ON "StagedQuote"("projectKey", "id");

-- CreateIndex
CREATE INDEX "StagedQuote_projectKey_createdAt_idx" ON "StagedQuote"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "StagedQuote_projectKey_lastModifiedAt_idx" ON "StagedQuote"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "StagedQuote_projectKey_key_key" ON "StagedQuote"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "StagedQuote_projectKey_quoteRequestId_key" ON "StagedQuote"("projectKey", "quoteRequestId");

-- CreateIndex
CREATE INDEX "Quote_projectKey_id_idx" ON "Quote"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Quote_projectKey_createdAt_idx" ON "Quote"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Quote_projectKey_lastModifiedAt_idx" ON "Quote"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "Quote_projectKey_customerId_idx" ON "Quote"("projectKey", "customerId");

-- CreateIndex
CREATE INDEX "Quote_projectKey_businessUnitKey_customerId_idx" ON "Quote"("projectKey", "businessUnitKey", "customerId");

-- CreateIndex
CREATE INDEX "Quote_projectKey_stagedQuoteId_idx" ON "Quote"("projectKey", "stagedQuoteId");

-- CreateIndex
CREATE INDEX "Quote_projectKey_storeKey_idx" ON "Quote"("projectKey", "storeKey");

-- CreateIndex
CREATE UNIQUE INDEX "Quote_projectKey_key_key" ON "Quote"("projectKey", "key");

-- CreateIndex
CREATE INDEX "ApprovalRule_projectKey_id_idx" ON "ApprovalRule"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ApprovalRule_projectKey_createdAt_idx" ON "ApprovalRule"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ApprovalRule_projectKey_lastModifiedAt_idx" ON "ApprovalRule"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "ApprovalRule_projectKey_businessUnitKey_idx" ON "ApprovalRule"("projectKey", "businessUnitKey");

-- CreateIndex
CREATE UNIQUE INDEX "ApprovalRule_projectKey_key_key" ON "ApprovalRule"("projectKey", "key");

-- CreateIndex
CREATE INDEX "ApprovalFlow_projectKey_id_idx" ON "ApprovalFlow"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ApprovalFlow_projectKey_createdAt_idx" ON "ApprovalFlow"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ApprovalFlow_projectKey_lastModifiedAt_idx" ON "ApprovalFlow"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "ApprovalFlow_projectKey_businessUnitKey_idx" ON "ApprovalFlow"("projectKey", "businessUnitKey");

-- CreateIndex
CREATE UNIQUE INDEX "ApprovalFlow_projectKey_key_key" ON "ApprovalFlow"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "ApprovalFlow_projectKey_orderId_key" ON "ApprovalFlow"("projectKey", "orderId");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_id_idx" ON "ShoppingList"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_createdAt_idx" ON "ShoppingList"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_lastModifiedAt_idx" ON "ShoppingList"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_customerId_idx" ON "ShoppingList"("projectKey", "customerId");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_anonymousId_idx" ON "ShoppingList"("projectKey", "anonymousId");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_deleteAfter_idx" ON "ShoppingList"("projectKey", "deleteAfter");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_businessUnitKey_customerId_idx" ON "ShoppingList"("projectKey", "businessUnitKey", "customerId");

-- CreateIndex
CREATE INDEX "ShoppingList_projectKey_storeKey_idx" ON "ShoppingList"("projectKey", "storeKey");

-- CreateIndex
CREATE UNIQUE INDEX "ShoppingList_projectKey_key_key" ON "ShoppingList"("projectKey", "key");

-- CreateIndex
CREATE INDEX "ShoppingListSlug_shoppingListId_idx" ON "ShoppingListSlug"("shoppingListId");

-- CreateIndex
CREATE INDEX "Category_projectKey_parentId_idx" ON "Category"("projectKey", "parentId");

-- CreateIndex
CREATE INDEX "Category_projectKey_id_idx" ON "Category"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Category_projectKey_createdAt_idx" ON "Category"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Category_projectKey_lastModifiedAt_idx" ON "Category"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Category_projectKey_key_key" ON "Category"("projectKey", "key");

-- CreateIndex
CREATE INDEX "CategorySlug_categoryId_idx" ON "CategorySlug"("categoryId");

-- CreateIndex
CREATE INDEX "Channel_projectKey_id_idx" ON "Channel"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Channel_projectKey_createdAt_idx" ON "Channel"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Channel_projectKey_lastModifiedAt_idx" ON "Channel"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Channel_projectKey_key_key" ON "Channel"("projectKey", "key");

-- CreateIndex
CREATE INDEX "CustomObject_projectKey_id_idx" ON "CustomObject"("projectKey", "id");

-- CreateIndex
CREATE INDEX "CustomObject_projectKey_createdAt_idx" ON "CustomObject"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "CustomObject_projectKey_lastModifiedAt_idx" ON "CustomObject"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CustomObject_projectKey_container_key_key" ON "CustomObject"("projectKey", "container", "key");

-- CreateIndex
CREATE INDEX "ProductProjection_projectKey_view_createdAt_idx" ON "ProductProjection"("projectKey", "view", "createdAt");

-- CreateIndex
CREATE INDEX "ProductProjection_projectKey_view_lastModifiedAt_idx" ON "ProductProjection"("projectKey", "view", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductProjection_projectKey_view_key_key" ON "ProductProjection"("projectKey", "view", "key");

-- CreateIndex
CREATE INDEX "TaxCategory_projectKey_id_idx" ON "TaxCategory"("projectKey", "id");

-- CreateIndex
CREATE INDEX "TaxCategory_projectKey_createdAt_idx" ON "TaxCategory"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "TaxCategory_projectKey_lastModifiedAt_idx" ON "TaxCategory"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "TaxCategory_projectKey_key_key" ON "TaxCategory"("projectKey", "key");

-- CreateIndex
CREATE INDEX "Zone_projectKey_id_idx" ON "Zone"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Zone_projectKey_createdAt_idx" ON "Zone"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Zone_projectKey_lastModifiedAt_idx" ON "Zone"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Zone_projectKey_key_key" ON "Zone"("projectKey", "key");

-- CreateIndex
CREATE INDEX "ShippingMethod_projectKey_id_idx" ON "ShippingMethod"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ShippingMethod_projectKey_createdAt_idx" ON "ShippingMethod"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ShippingMethod_projectKey_lastModifiedAt_idx" ON "ShippingMethod"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ShippingMethod_projectKey_key_key" ON "ShippingMethod"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "ShippingMethod_projectKey_defaultFlag_key" ON "ShippingMethod"("projectKey", "defaultFlag");

-- CreateIndex
CREATE INDEX "Review_projectKey_targetId_idx" ON "Review"("projectKey", "targetId");

-- CreateIndex
CREATE INDEX "Review_projectKey_id_idx" ON "Review"("projectKey", "id");

-- CreateIndex
CREATE INDEX "Review_projectKey_createdAt_idx" ON "Review"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "Review_projectKey_lastModifiedAt_idx" ON "Review"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Review_projectKey_key_key" ON "Review"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "Review_projectKey_uniquenessValue_key" ON "Review"("projectKey", "uniquenessValue");

-- CreateIndex
CREATE INDEX "DiscountGroup_projectKey_id_idx" ON "DiscountGroup"("projectKey", "id");

-- CreateIndex
CREATE INDEX "DiscountGroup_projectKey_createdAt_idx" ON "DiscountGroup"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "DiscountGroup_projectKey_lastModifiedAt_idx" ON "DiscountGroup"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountGroup_projectKey_key_key" ON "DiscountGroup"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountGroup_projectKey_sortOrder_key" ON "DiscountGroup"("projectKey", "sortOrder");

-- CreateIndex
CREATE INDEX "RecurrencePolicy_projectKey_id_idx" ON "RecurrencePolicy"("projectKey", "id");

-- CreateIndex
CREATE INDEX "RecurrencePolicy_projectKey_createdAt_idx" ON "RecurrencePolicy"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "RecurrencePolicy_projectKey_lastModifiedAt_idx" ON "RecurrencePolicy"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "RecurrencePolicy_projectKey_key_key" ON "RecurrencePolicy"("projectKey", "key");

-- CreateIndex
CREATE INDEX "PaymentMethod_projectKey_customerId_idx" ON "PaymentMethod"("projectKey", "customerId");

-- CreateIndex
CREATE INDEX "PaymentMethod_projectKey_businessUnitKey_idx" ON "PaymentMethod"("projectKey", "businessUnitKey");

-- CreateIndex
CREATE INDEX "PaymentMethod_projectKey_id_idx" ON "PaymentMethod"("projectKey", "id");

-- CreateIndex
CREATE INDEX "PaymentMethod_projectKey_createdAt_idx" ON "PaymentMethod"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "PaymentMethod_projectKey_lastModifiedAt_idx" ON "PaymentMethod"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "PaymentMethod_projectKey_key_key" ON "PaymentMethod"("projectKey", "key");

-- CreateIndex
CREATE INDEX "AttributeGroup_projectKey_id_idx" ON "AttributeGroup"("projectKey", "id");

-- CreateIndex
CREATE INDEX "AttributeGroup_projectKey_createdAt_idx" ON "AttributeGroup"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "AttributeGroup_projectKey_lastModifiedAt_idx" ON "AttributeGroup"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "AttributeGroup_projectKey_key_key" ON "AttributeGroup"("projectKey", "key");

-- CreateIndex
CREATE INDEX "StandalonePrice_projectKey_activeSku_idx" ON "StandalonePrice"("projectKey", "activeSku");

-- CreateIndex
CREATE INDEX "StandalonePrice_projectKey_id_idx" ON "StandalonePrice"("projectKey", "id");

-- CreateIndex
CREATE INDEX "StandalonePrice_projectKey_createdAt_idx" ON "StandalonePrice"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "StandalonePrice_projectKey_lastModifiedAt_idx" ON "StandalonePrice"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "StandalonePrice_projectKey_key_key" ON "StandalonePrice"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "StandalonePrice_projectKey_sku_scope_key" ON "StandalonePrice"("projectKey", "sku", "scope");

-- CreateIndex
CREATE INDEX "ProductDiscount_projectKey_activeSortOrder_idx" ON "ProductDiscount"("projectKey", "activeSortOrder");

-- CreateIndex
CREATE INDEX "ProductDiscount_projectKey_id_idx" ON "ProductDiscount"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ProductDiscount_projectKey_createdAt_idx" ON "ProductDiscount"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ProductDiscount_projectKey_lastModifiedAt_idx" ON "ProductDiscount"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ProductDiscount_projectKey_key_key" ON "ProductDiscount"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "ProductDiscount_projectKey_sortOrder_key" ON "ProductDiscount"("projectKey", "sortOrder");

-- CreateIndex
CREATE INDEX "CartDiscount_projectKey_activeSortOrder_idx" ON "CartDiscount"("projectKey", "activeSortOrder") WHERE "activeSortOrder" IS NOT NULL;

-- CreateIndex
CREATE INDEX "CartDiscount_projectKey_id_idx" ON "CartDiscount"("projectKey", "id");

-- CreateIndex
CREATE INDEX "CartDiscount_projectKey_createdAt_idx" ON "CartDiscount"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "CartDiscount_projectKey_lastModifiedAt_idx" ON "CartDiscount"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "CartDiscount_projectKey_key_key" ON "CartDiscount"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "CartDiscount_projectKey_sortOrder_key" ON "CartDiscount"("projectKey", "sortOrder");

-- CreateIndex
CREATE INDEX "DiscountCode_projectKey_id_idx" ON "DiscountCode"("projectKey", "id");

-- CreateIndex
CREATE INDEX "DiscountCode_projectKey_createdAt_idx" ON "DiscountCode"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "DiscountCode_projectKey_lastModifiedAt_idx" ON "DiscountCode"("projectKey", "lastModifiedAt");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_projectKey_key_key" ON "DiscountCode"("projectKey", "key");

-- CreateIndex
CREATE UNIQUE INDEX "DiscountCode_projectKey_code_key" ON "DiscountCode"("projectKey", "code");
