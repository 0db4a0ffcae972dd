-- CreateTable
CREATE TABLE "CapitalInstrument" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "instrumentKey" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "issueDate" TEXT,
    "maturityDate" TEXT,
    "ratePct" DOUBLE PRECISION,
    "rateAsOf" TIMESTAMP(3),
    "amount" DOUBLE PRECISION,
    "amountBasis" TEXT,
    "amountAsOf" TIMESTAMP(3),
    "conversionRate" DOUBLE PRECISION,
    "conversionPrice" DOUBLE PRECISION,
    "conversionShares" DOUBLE PRECISION,
    "liquidationPrefPerShare" DOUBLE PRECISION,
    "sharesOutstanding" DOUBLE PRECISION,
    "sharesAsOf" TIMESTAMP(3),
    "seniority" TEXT,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "rowKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CapitalInstrument_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ShareCount" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "basis" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ShareCount_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CapitalEvent" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "eventType" TEXT NOT NULL,
    "filingDate" TIMESTAMP(3),
    "accession" TEXT NOT NULL DEFAULT '',
    "periodStart" TIMESTAMP(3),
    "periodEnd" TIMESTAMP(3),
    "security" TEXT,
    "btcAcquired" DOUBLE PRECISION,
    "costUsd" DOUBLE PRECISION,
    "avgPriceUsd" DOUBLE PRECISION,
    "holdingsAfter" DOUBLE PRECISION,
    "holdingsAsOf" TIMESTAMP(3),
    "cumulativeCostUsd" DOUBLE PRECISION,
    "cumulativeAvgPriceUsd" DOUBLE PRECISION,
    "sharesSold" DOUBLE PRECISION,
    "notionalUsd" DOUBLE PRECISION,
    "netProceedsUsd" DOUBLE PRECISION,
    "availableAfterUsd" DOUBLE PRECISION,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "rowKey" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CapitalEvent_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyReportedFigure" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "field" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "source" TEXT NOT NULL,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyReportedFigure_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "CapitalInstrument" ADD CONSTRAINT "CapitalInstrument_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ShareCount" ADD CONSTRAINT "ShareCount_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CapitalEvent" ADD CONSTRAINT "CapitalEvent_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyReportedFigure" ADD CONSTRAINT "CompanyReportedFigure_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
