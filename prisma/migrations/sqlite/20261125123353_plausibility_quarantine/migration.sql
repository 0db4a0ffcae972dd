-- Written by hand as plain ADD COLUMNs (the engine's diff rebuilt both tables for a defaulted
-- boolean, which would collide with other branches' migrations); the resulting columns are the same.
-- AlterTable
ALTER TABLE "Company" ADD COLUMN "flagCheck" TEXT;
ALTER TABLE "Company" ADD COLUMN "holdingsConfirmed" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "HoldingSnapshot" ADD COLUMN "quarantined" BOOLEAN NOT NULL DEFAULT false;
ALTER TABLE "HoldingSnapshot" ADD COLUMN "quarantineCheck" TEXT;
ALTER TABLE "HoldingSnapshot" ADD COLUMN "quarantineReason" TEXT;
