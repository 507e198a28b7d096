-- CreateTable
CREATE TABLE "Project" (
    "key" TEXT NOT NULL PRIMARY KEY,
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

-- CreateIndex
CREATE INDEX "ApiClient_projectKey_id_idx" ON "ApiClient"("projectKey", "id");

-- CreateIndex
CREATE INDEX "ApiClient_projectKey_createdAt_idx" ON "ApiClient"("projectKey", "createdAt");

-- CreateIndex
CREATE INDEX "ApiClient_projectKey_lastModifiedAt_idx" ON "ApiClient"("projectKey", "lastModifiedAt");

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
