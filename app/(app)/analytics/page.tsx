import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Analytics' };

export default async function AnalyticsPage() {
  if (!(await guardPage('/analytics'))) return null;
  return <PageHeader title="Advanced Treasury Analytics" description="Health, sector, risk and discovery analytics across tracked companies." />;
}
