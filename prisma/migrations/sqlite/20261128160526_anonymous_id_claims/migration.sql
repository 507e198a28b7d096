-- CreateTable
CREATE TABLE "AnonymousIdClaim" (
    "projectKey" TEXT NOT NULL,
    "anonymousId" TEXT NOT NULL,
    "claimedAt" TEXT NOT NULL,

    PRIMARY KEY ("projectKey", "anonymousId")
);
