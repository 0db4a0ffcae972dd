-- CreateTable
CREATE TABLE "IngestedFiling" (
    "accession" TEXT NOT NULL,
    "form" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "seenAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "IngestedFiling_pkey" PRIMARY KEY ("accession")
);

-- CreateIndex
CREATE INDEX "IngestedFiling_seenAt_idx" ON "IngestedFiling"("seenAt");
