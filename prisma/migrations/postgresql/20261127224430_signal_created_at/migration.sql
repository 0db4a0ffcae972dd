-- CreateIndex
CREATE INDEX "Signal_createdAt_idx" ON "Signal"("createdAt");
