-- CreateTable
CREATE TABLE "HoldingSnapshot" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "asset" TEXT NOT NULL DEFAULT 'BTC',
    "quantity" REAL NOT NULL,
    "asOf" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "filedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "HoldingSnapshot_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "HoldingChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "asset" TEXT NOT NULL DEFAULT 'BTC',
    "oldQuantity" REAL,
    "newQuantity" REAL NOT NULL,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "filedAt" DATETIME,
    "learnedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "note" TEXT,
    CONSTRAINT "HoldingChange_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "Signal" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sourceId" TEXT NOT NULL,
    "companyId" TEXT,
    "companyName" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "source" TEXT NOT NULL,
    "detectedAt" DATETIME NOT NULL,
    "confidence" INTEGER NOT NULL,
    "signalType" TEXT NOT NULL,
    "severity" TEXT NOT NULL,
    "filingUrl" TEXT,
    "currentPrice" REAL,
    "formType" TEXT,
    "filedAt" DATETIME,
    "details" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "Signal_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE SET NULL ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "InsiderTransaction" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "sourceId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "insiderName" TEXT NOT NULL,
    "insiderRole" TEXT,
    "transactionDate" DATETIME NOT NULL,
    "shares" REAL NOT NULL,
    "pricePerShare" REAL,
    "acquiredDisposed" TEXT NOT NULL,
    "filingUrl" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "InsiderTransaction_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "MarketPrice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "symbol" TEXT NOT NULL,
    "priceUsd" REAL NOT NULL,
    "volumeUsd" REAL,
    "marketCapUsd" REAL,
    "change24hPct" REAL,
    "at" DATETIME NOT NULL,
    "source" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "DataSource" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "key" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "category" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "coverage" INTEGER NOT NULL,
    "updateFrequency" TEXT NOT NULL,
    "description" TEXT NOT NULL,
    "priority" TEXT NOT NULL,
    "lastAttemptAt" DATETIME,
    "lastSuccessAt" DATETIME,
    "lastError" TEXT,
    "itemsIngested" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "RefreshLog" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT,
    "kind" TEXT NOT NULL,
    "source" TEXT,
    "status" TEXT NOT NULL,
    "message" TEXT,
    "itemsAdded" INTEGER NOT NULL DEFAULT 0,
    "startedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finishedAt" DATETIME
);

-- CreateTable
CREATE TABLE "Discovery" (
    "id" TEXT NOT NULL PRIMARY KEY,
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
    "detectedAt" DATETIME NOT NULL,
    "confirmedAt" DATETIME,
    "companyId" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "CompanyMetric" (
    "companyId" TEXT NOT NULL PRIMARY KEY,
    "healthGrade" TEXT NOT NULL,
    "aiRiskScore" REAL NOT NULL,
    "convictionScore" REAL NOT NULL,
    "governanceScore" REAL NOT NULL,
    "dryPowderScore" REAL NOT NULL,
    "premiumToNav" REAL,
    "bitcoinYield" REAL,
    "insiderTimingSignal" REAL NOT NULL,
    "volatilityExposure" REAL NOT NULL,
    "defaults" TEXT NOT NULL DEFAULT '',
    "computedAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CompanyMetric_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Company" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "name" TEXT NOT NULL,
    "ticker" TEXT NOT NULL,
    "exchange" TEXT NOT NULL,
    "country" TEXT,
    "countryBasis" TEXT,
    "sector" TEXT,
    "sectorDetail" TEXT,
    "secCik" TEXT,
    "btcHoldings" REAL NOT NULL,
    "holdingsAsOf" DATETIME NOT NULL,
    "sharesOutstanding" REAL,
    "avgCostUsd" REAL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "holdingsSourceUrl" TEXT,
    "holdingsFiledAt" DATETIME,
    "marketCapUsd" REAL,
    "sharePriceUsd" REAL,
    "sharePriceAt" DATETIME,
    "flagged" BOOLEAN NOT NULL DEFAULT false,
    "flagReason" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_Company" ("avgCostUsd", "btcHoldings", "country", "countryBasis", "createdAt", "exchange", "holdingsAsOf", "id", "name", "notes", "secCik", "sector", "sectorDetail", "sharesOutstanding", "source", "ticker", "updatedAt") SELECT "avgCostUsd", "btcHoldings", "country", "countryBasis", "createdAt", "exchange", "holdingsAsOf", "id", "name", "notes", "secCik", "sector", "sectorDetail", "sharesOutstanding", "source", "ticker", "updatedAt" FROM "Company";
DROP TABLE "Company";
ALTER TABLE "new_Company" RENAME TO "Company";
CREATE INDEX "Company_btcHoldings_idx" ON "Company"("btcHoldings");
CREATE INDEX "Company_secCik_idx" ON "Company"("secCik");
CREATE UNIQUE INDEX "Company_ticker_exchange_key" ON "Company"("ticker", "exchange");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

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
