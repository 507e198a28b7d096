-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_CartDiscount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "projectKey" TEXT NOT NULL,
    "key" TEXT,
    "version" INTEGER NOT NULL,
    "createdAt" TEXT NOT NULL,
    "lastModifiedAt" TEXT NOT NULL,
    "sortOrder" TEXT,
    "activeSortOrder" TEXT,
    "data" JSONB NOT NULL
);
INSERT INTO "new_CartDiscount" ("activeSortOrder", "createdAt", "data", "id", "key", "lastModifiedAt", "projectKey", "sortOrder", "version") SELECT "activeSortOrder", "createdAt", "data", "id", "key", "lastModifiedAt", "projectKey", "sortOrder", "version" FROM "CartDiscount";
DROP TABLE "CartDiscount";
ALTER TABLE "new_CartDiscount" RENAME TO "CartDiscount";
CREATE INDEX "CartDiscount_projectKey_activeSortOrder_idx" ON "CartDiscount"("projectKey", "activeSortOrder") WHERE "activeSortOrder" IS NOT NULL;
CREATE INDEX "CartDiscount_projectKey_id_idx" ON "CartDiscount"("projectKey", "id");
CREATE INDEX "CartDiscount_projectKey_createdAt_idx" ON "CartDiscount"("projectKey", "createdAt");
CREATE INDEX "CartDiscount_projectKey_lastModifiedAt_idx" ON "CartDiscount"("projectKey", "lastModifiedAt");
CREATE UNIQUE INDEX "CartDiscount_projectKey_key_key" ON "CartDiscount"("projectKey", "key");
CREATE UNIQUE INDEX "CartDiscount_projectKey_sortOrder_key" ON "CartDiscount"("projectKey", "sortOrder");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
