-- AlterTable
ALTER TABLE "CartDiscount" ALTER COLUMN "sortOrder" DROP NOT NULL;
