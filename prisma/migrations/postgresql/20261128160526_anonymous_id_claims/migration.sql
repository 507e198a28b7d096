-- CreateTable
CREATE TABLE "AnonymousIdClaim" (
    "projectKey" TEXT COLLATE "C" NOT NULL,
    "anonymousId" TEXT COLLATE "C" NOT NULL,
    "claimedAt" TEXT COLLATE "C" NOT NULL,

    CONSTRAINT "AnonymousIdClaim_pkey" PRIMARY KEY ("projectKey","anonymousId")
);
