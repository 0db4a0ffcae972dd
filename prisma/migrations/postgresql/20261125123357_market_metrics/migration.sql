-- AlterTable
ALTER TABLE "CompanyMetric" ADD COLUMN     "btcPer1000Shares" DOUBLE PRECISION,
ADD COLUMN     "btcYield30" DOUBLE PRECISION,
ADD COLUMN     "btcYield365" DOUBLE PRECISION,
ADD COLUMN     "btcYield90" DOUBLE PRECISION,
ADD COLUMN     "dilutedMNav" DOUBLE PRECISION,
ADD COLUMN     "evMNav" DOUBLE PRECISION,
ADD COLUMN     "leverage" DOUBLE PRECISION,
ADD COLUMN     "mNavAsOf" TIMESTAMP(3),
ADD COLUMN     "mNavHistory" TEXT,
ADD COLUMN     "marketCapUsd" DOUBLE PRECISION,
ADD COLUMN     "marketInputs" TEXT,
ADD COLUMN     "provisional" BOOLEAN,
ADD COLUMN     "shareVolatility" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "ShareSplit" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "after" TIMESTAMP(3) NOT NULL,
    "before" TIMESTAMP(3) NOT NULL,
    "ratio" DOUBLE PRECISION,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareSplit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ShareSplit_companyId_idx" ON "ShareSplit"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareSplit_companyId_after_before_key" ON "ShareSplit"("companyId", "after", "before");

-- AddForeignKey
ALTER TABLE "ShareSplit" ADD CONSTRAINT "ShareSplit_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
