-- CreateTable
CREATE TABLE "EquityPrice" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "date" DATETIME NOT NULL,
    "close" REAL NOT NULL,
    "currency" TEXT NOT NULL,
    "closeUsd" REAL,
    "fxRate" REAL,
    "fxDate" DATETIME,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "EquityPrice_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "FxRate" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "currency" TEXT NOT NULL,
    "date" DATETIME NOT NULL,
    "usdPerUnit" REAL NOT NULL,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "CompanyFundamental" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "unit" TEXT NOT NULL,
    "currency" TEXT,
    "asOf" DATETIME NOT NULL,
    "filedAt" DATETIME,
    "form" TEXT,
    "accession" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CompanyFundamental_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "EquityPrice_companyId_date_idx" ON "EquityPrice"("companyId", "date");

-- CreateIndex
CREATE UNIQUE INDEX "EquityPrice_companyId_date_source_key" ON "EquityPrice"("companyId", "date", "source");

-- CreateIndex
CREATE INDEX "FxRate_currency_date_idx" ON "FxRate"("currency", "date");

-- CreateIndex
CREATE UNIQUE INDEX "FxRate_currency_date_source_key" ON "FxRate"("currency", "date", "source");

-- CreateIndex
CREATE INDEX "CompanyFundamental_companyId_field_asOf_idx" ON "CompanyFundamental"("companyId", "field", "asOf");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyFundamental_companyId_field_asOf_source_accession_key" ON "CompanyFundamental"("companyId", "field", "asOf", "source", "accession");
