-- AlterTable
ALTER TABLE "Company" ADD COLUMN     "flagCheck" TEXT,
ADD COLUMN     "holdingsConfirmed" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "HoldingSnapshot" ADD COLUMN     "quarantineCheck" TEXT,
ADD COLUMN     "quarantineReason" TEXT,
ADD COLUMN     "quarantined" BOOLEAN NOT NULL DEFAULT false;
