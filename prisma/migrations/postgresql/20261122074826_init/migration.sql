-- CreateSchema
CREATE SCHEMA IF NOT EXISTS "public";

-- CreateTable
CREATE TABLE "Company" (
    "id" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "ticker" TEXT NOT NULL,
    "exchange" TEXT NOT NULL,
    "country" TEXT,
    "countryBasis" TEXT,
    "sector" TEXT,
    "sectorDetail" TEXT,
    "secCik" TEXT,
    "btcHoldings" DOUBLE PRECISION NOT NULL,
    "holdingsAsOf" TIMESTAMP(3) NOT NULL,
    "sharesOutstanding" DOUBLE PRECISION,
    "avgCostUsd" DOUBLE PRECISION,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Company_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ClientErrorReport" (
    "id" TEXT NOT NULL,
    "referenceId" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "stack" TEXT,
    "digest" TEXT,
    "url" TEXT,
    "userAgent" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ClientErrorReport_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Company_btcHoldings_idx" ON "Company"("btcHoldings");

-- CreateIndex
CREATE UNIQUE INDEX "Company_ticker_exchange_key" ON "Company"("ticker", "exchange");

-- CreateIndex
CREATE INDEX "ClientErrorReport_referenceId_idx" ON "ClientErrorReport"("referenceId");
