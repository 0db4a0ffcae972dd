import type { Metadata } from 'next';
import { AnalyticsSummaryCards } from '@/components/analytics/analytics-summary-cards';
import { AnalyticsTabs } from '@/components/analytics/analytics-tabs';
import { ExportReportMenu } from '@/components/analytics/export-report-menu';
import { InlineDisclaimer } from '@/components/shared/disclaimer';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { getAnalyticsSummary } from '@/lib/reports/analytics';

export const metadata: Metadata = { title: 'Analytics' };
export const dynamic = 'force-dynamic';

export default async function AnalyticsPage() {
  if (!(await guardPage(db, '/analytics'))) return null;
  const summary = await getAnalyticsSummary(db);
  return (
    <div className="space-y-6">
      <PageHeader title="Advanced Treasury Analytics" description="Health, sector, risk and discovery analytics across tracked companies.">
        <ExportReportMenu />
      </PageHeader>
      <AnalyticsSummaryCards summary={summary} />
      <AnalyticsTabs />
      <InlineDisclaimer />
    </div>
  );
}
