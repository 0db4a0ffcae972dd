-- CreateTable
CREATE TABLE "CapitalInstrument" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "instrumentKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "issueDate" TEXT,
    "maturityDate" TEXT,
    "ratePct" REAL,
    "rateAsOf" DATETIME,
    "amount" REAL,
    "amountBasis" TEXT,
    "amountAsOf" DATETIME,
    "conversionRate" REAL,
    "conversionPrice" REAL,
    "conversionShares" REAL,
    "liquidationPrefPerShare" REAL,
    "sharesOutstanding" REAL,
    "sharesAsOf" DATETIME,
    "seniority" TEXT,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "rowKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CapitalInstrument_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "ShareCount" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "date" DATETIME NOT NULL,
    "basis" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "ShareCount_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CapitalEvent" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "filingDate" DATETIME,
    "accession" TEXT NOT NULL DEFAULT '',
    "periodStart" DATETIME,
    "periodEnd" DATETIME,
    "security" TEXT,
    "btcAcquired" REAL,
    "costUsd" REAL,
    "avgPriceUsd" REAL,
    "holdingsAfter" REAL,
    "holdingsAsOf" DATETIME,
    "cumulativeCostUsd" REAL,
    "cumulativeAvgPriceUsd" REAL,
    "sharesSold" REAL,
    "notionalUsd" REAL,
    "netProceedsUsd" REAL,
    "availableAfterUsd" REAL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "rowKey" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CapitalEvent_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateTable
CREATE TABLE "CompanyReportedFigure" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "companyId" TEXT NOT NULL,
    "date" DATETIME NOT NULL,
    "field" TEXT NOT NULL,
    "value" REAL NOT NULL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    CONSTRAINT "CompanyReportedFigure_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE UNIQUE INDEX "CapitalInstrument_rowKey_key" ON "CapitalInstrument"("rowKey");

-- CreateIndex
CREATE INDEX "CapitalInstrument_companyId_instrumentKey_idx" ON "CapitalInstrument"("companyId", "instrumentKey");

-- CreateIndex
CREATE INDEX "ShareCount_companyId_basis_date_idx" ON "ShareCount"("companyId", "basis", "date");

-- CreateIndex
CREATE UNIQUE INDEX "ShareCount_companyId_basis_date_source_key" ON "ShareCount"("companyId", "basis", "date", "source");

-- CreateIndex
CREATE UNIQUE INDEX "CapitalEvent_rowKey_key" ON "CapitalEvent"("rowKey");

-- CreateIndex
CREATE INDEX "CapitalEvent_companyId_eventType_periodEnd_idx" ON "CapitalEvent"("companyId", "eventType", "periodEnd");

-- CreateIndex
CREATE INDEX "CompanyReportedFigure_companyId_field_date_idx" ON "CompanyReportedFigure"("companyId", "field", "date");

-- CreateIndex
CREATE UNIQUE INDEX "CompanyReportedFigure_companyId_field_date_source_key" ON "CompanyReportedFigure"("companyId", "field", "date", "source");
