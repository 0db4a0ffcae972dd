import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Report' };

export default async function ReportPage({ params }: { params: Promise<{ id: string }> }) {
  if (!(await guardPage('/reports/report'))) return null;
  const { id } = await params;
  return <PageHeader title="Intelligence Report" description={`Report ${id}`} />;
}
