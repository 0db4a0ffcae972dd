-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "flagReason" TEXT,
ADD COLUMN     "flagged" BOOLEAN NOT NULL DEFAULT false,
ADD COLUMN     "holdingsFiledAt" TIMESTAMP(3),
ADD COLUMN     "holdingsSourceUrl" TEXT,
ADD COLUMN     "marketCapUsd" DOUBLE PRECISION,
ADD COLUMN     "sharePriceAt" TIMESTAMP(3),
ADD COLUMN     "sharePriceUsd" DOUBLE PRECISION;

-- CreateTable
CREATE TABLE "HoldingSnapshot" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "asset" TEXT NOT NULL DEFAULT 'BTC',
    "quantity" DOUBLE PRECISION NOT NULL,
    "asOf" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "filedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "HoldingSnapshot_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "HoldingChange" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "asset" TEXT NOT NULL DEFAULT 'BTC',
    "oldQuantity" DOUBLE PRECISION,
    "newQuantity" DOUBLE PRECISION NOT NULL,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "filedAt" TIMESTAMP(3),
    "learnedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "note" TEXT,

    CONSTRAINT "HoldingChange_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Signal" (
    "id" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "companyId" TEXT,
    "companyName" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "detectedAt" TIMESTAMP(3) NOT NULL,
    "confidence" INTEGER NOT NULL,
    "signalType" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "filingUrl" TEXT,
    "currentPrice" DOUBLE PRECISION,
    "formType" TEXT,
    "filedAt" TIMESTAMP(3),
    "details" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Signal_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "InsiderTransaction" (
    "id" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "insiderName" TEXT NOT NULL,
    "insiderRole" TEXT,
    "transactionDate" TIMESTAMP(3) NOT NULL,
    "shares" DOUBLE PRECISION NOT NULL,
    "pricePerShare" DOUBLE PRECISION,
    "acquiredDisposed" TEXT NOT NULL,
    "filingUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "InsiderTransaction_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "MarketPrice" (
    "id" TEXT NOT NULL,
    "symbol" TEXT NOT NULL,
    "priceUsd" DOUBLE PRECISION NOT NULL,
    "volumeUsd" DOUBLE PRECISION,
    "marketCapUsd" DOUBLE PRECISION,
    "change24hPct" DOUBLE PRECISION,
    "at" TIMESTAMP(3) NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MarketPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "DataSource" (
    "id" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "coverage" INTEGER NOT NULL,
    "updateFrequency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "priority" TEXT NOT NULL,
    "lastAttemptAt" TIMESTAMP(3),
    "lastSuccessAt" TIMESTAMP(3),
    "lastError" TEXT,
    "itemsIngested" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "DataSource_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "RefreshLog" (
    "id" TEXT NOT NULL,
    "userId" TEXT,
    "kind" TEXT NOT NULL,
    "source" TEXT,
    "status" TEXT NOT NULL,
    "message" TEXT,
    "itemsAdded" INTEGER NOT NULL DEFAULT 0,
    "startedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" TIMESTAMP(3),

    CONSTRAINT "RefreshLog_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Discovery" (
    "id" TEXT NOT NULL,
    "sourceId" TEXT NOT NULL,
    "companyName" TEXT NOT NULL,
    "ticker" TEXT,
    "secCik" TEXT,
    "status" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "priority" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "detectedAt" TIMESTAMP(3) NOT NULL,
    "confirmedAt" TIMESTAMP(3),
    "companyId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Discovery_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyMetric" (
    "companyId" TEXT NOT NULL,
    "healthGrade" TEXT NOT NULL,
    "aiRiskScore" DOUBLE PRECISION NOT NULL,
    "convictionScore" DOUBLE PRECISION NOT NULL,
    "governanceScore" DOUBLE PRECISION NOT NULL,
    "dryPowderScore" DOUBLE PRECISION NOT NULL,
    "premiumToNav" DOUBLE PRECISION,
    "bitcoinYield" DOUBLE PRECISION,
    "insiderTimingSignal" DOUBLE PRECISION NOT NULL,
    "volatilityExposure" DOUBLE PRECISION NOT NULL,
    "defaults" TEXT NOT NULL DEFAULT '',
    "computedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyMetric_pkey" PRIMARY KEY ("companyId")
);

-- CreateIndex
CREATE INDEX "HoldingSnapshot_asOf_idx" ON "HoldingSnapshot"("asOf");

-- CreateIndex
CREATE UNIQUE INDEX "HoldingSnapshot_companyId_asset_asOf_source_key" ON "HoldingSnapshot"("companyId", "asset", "asOf", "source");

-- CreateIndex
CREATE INDEX "HoldingChange_companyId_learnedAt_idx" ON "HoldingChange"("companyId", "learnedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Signal_sourceId_key" ON "Signal"("sourceId");

-- CreateIndex
CREATE INDEX "Signal_detectedAt_idx" ON "Signal"("detectedAt");

-- CreateIndex
CREATE INDEX "Signal_severity_detectedAt_idx" ON "Signal"("severity", "detectedAt");

-- CreateIndex
CREATE INDEX "Signal_signalType_detectedAt_idx" ON "Signal"("signalType", "detectedAt");

-- CreateIndex
CREATE INDEX "Signal_companyId_detectedAt_idx" ON "Signal"("companyId", "detectedAt");

-- CreateIndex
CREATE UNIQUE INDEX "InsiderTransaction_sourceId_key" ON "InsiderTransaction"("sourceId");

-- CreateIndex
CREATE INDEX "InsiderTransaction_companyId_transactionDate_idx" ON "InsiderTransaction"("companyId", "transactionDate");

-- CreateIndex
CREATE INDEX "MarketPrice_symbol_at_idx" ON "MarketPrice"("symbol", "at");

-- CreateIndex
CREATE UNIQUE INDEX "MarketPrice_symbol_at_key" ON "MarketPrice"("symbol", "at");

-- CreateIndex
CREATE UNIQUE INDEX "DataSource_key_key" ON "DataSource"("key");

-- CreateIndex
CREATE INDEX "RefreshLog_userId_startedAt_idx" ON "RefreshLog"("userId", "startedAt");

-- CreateIndex
CREATE INDEX "RefreshLog_startedAt_idx" ON "RefreshLog"("startedAt");

-- CreateIndex
CREATE UNIQUE INDEX "Discovery_sourceId_key" ON "Discovery"("sourceId");

-- CreateIndex
CREATE INDEX "Discovery_status_detectedAt_idx" ON "Discovery"("status", "detectedAt");

-- CreateIndex
CREATE INDEX "CompanyMetric_aiRiskScore_idx" ON "CompanyMetric"("aiRiskScore");

-- CreateIndex
CREATE INDEX "CompanyMetric_healthGrade_idx" ON "CompanyMetric"("healthGrade");

-- CreateIndex
CREATE INDEX "Company_secCik_idx" ON "Company"("secCik");

-- AddForeignKey
ALTER TABLE "HoldingSnapshot" ADD CONSTRAINT "HoldingSnapshot_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HoldingChange" ADD CONSTRAINT "HoldingChange_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Signal" ADD CONSTRAINT "Signal_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "InsiderTransaction" ADD CONSTRAINT "InsiderTransaction_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyMetric" ADD CONSTRAINT "CompanyMetric_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
