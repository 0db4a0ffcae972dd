import type { Metadata } from 'next';
import { GenerateReportDialog } from '@/components/reports/generate-report-dialog';
import { ReportStatsTiles } from '@/components/reports/report-stats-tiles';
import { ReportsBrowser } from '@/components/reports/reports-browser';
import { InlineDisclaimer } from '@/components/shared/disclaimer';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Reports' };

export default async function ReportsPage() {
  if (!(await guardPage(db, '/reports'))) return null;
  return (
    <div className="space-y-6">
      <PageHeader title="Intelligence Reports" description="Reports on treasury health, signals, risk and discoveries, covering the top 100 holders.">
        <GenerateReportDialog />
      </PageHeader>
      <ReportStatsTiles />
      <ReportsBrowser />
      <InlineDisclaimer />
    </div>
  );
}
