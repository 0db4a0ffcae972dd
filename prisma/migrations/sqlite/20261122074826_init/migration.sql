-- CreateTable
CREATE TABLE "Company" (
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
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" DATETIME NOT NULL
);

-- CreateTable
CREATE TABLE "ClientErrorReport" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "referenceId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "stack" TEXT,
    "digest" TEXT,
    "url" TEXT,
    "userAgent" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "Company_btcHoldings_idx" ON "Company"("btcHoldings");

-- CreateIndex
CREATE UNIQUE INDEX "Company_ticker_exchange_key" ON "Company"("ticker", "exchange");

-- CreateIndex
CREATE INDEX "ClientErrorReport_referenceId_idx" ON "ClientErrorReport"("referenceId");
