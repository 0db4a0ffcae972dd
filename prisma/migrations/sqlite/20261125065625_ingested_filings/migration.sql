-- CreateTable
CREATE TABLE "IngestedFiling" (
    "accession" TEXT NOT NULL PRIMARY KEY,
    "form" TEXT NOT NULL,
    "outcome" TEXT NOT NULL,
    "seenAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateIndex
CREATE INDEX "IngestedFiling_seenAt_idx" ON "IngestedFiling"("seenAt");
