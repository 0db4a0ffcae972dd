-- AlterTable
ALTER TABLE "CompanyMetric" ADD COLUMN "btcPer1000Shares" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "btcYield30" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "btcYield365" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "btcYield90" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "dilutedMNav" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "evMNav" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "leverage" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "mNavAsOf" DATETIME;
ALTER TABLE "CompanyMetric" ADD COLUMN "mNavHistory" TEXT;
ALTER TABLE "CompanyMetric" ADD COLUMN "marketCapUsd" REAL;
ALTER TABLE "CompanyMetric" ADD COLUMN "marketInputs" TEXT;
ALTER TABLE "CompanyMetric" ADD COLUMN "provisional" BOOLEAN;
ALTER TABLE "CompanyMetric" ADD COLUMN "shareVolatility" REAL;

-- CreateTable
CREATE TABLE "ShareSplit" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "after" DATETIME NOT NULL,
    "before" DATETIME NOT NULL,
    "ratio" REAL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShareSplit_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ShareSplit_companyId_idx" ON "ShareSplit"("companyId");

-- CreateIndex
CREATE UNIQUE INDEX "ShareSplit_companyId_after_before_key" ON "ShareSplit"("companyId", "after", "before");
