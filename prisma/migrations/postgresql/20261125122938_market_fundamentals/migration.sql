-- CreateTable
CREATE TABLE "EquityPrice" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "close" DOUBLE PRECISION NOT NULL,
    "currency" TEXT NOT NULL,
    "closeUsd" DOUBLE PRECISION,
    "fxRate" DOUBLE PRECISION,
    "fxDate" TIMESTAMP(3),
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EquityPrice_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "FxRate" (
    "id" TEXT NOT NULL,
    "currency" TEXT NOT NULL,
    "date" TIMESTAMP(3) NOT NULL,
    "usdPerUnit" DOUBLE PRECISION NOT NULL,
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "FxRate_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CompanyFundamental" (
    "id" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" DOUBLE PRECISION NOT NULL,
    "unit" TEXT NOT NULL,
    "currency" TEXT,
    "asOf" TIMESTAMP(3) NOT NULL,
    "filedAt" TIMESTAMP(3),
    "form" TEXT,
    "accession" TEXT NOT NULL DEFAULT '',
    "source" TEXT NOT NULL,
    "sourceUrl" TEXT,
    "notes" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "CompanyFundamental_pkey" PRIMARY KEY ("id")
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

-- AddForeignKey
ALTER TABLE "EquityPrice" ADD CONSTRAINT "EquityPrice_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CompanyFundamental" ADD CONSTRAINT "CompanyFundamental_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "Company"("id") ON DELETE CASCADE ON UPDATE CASCADE;
