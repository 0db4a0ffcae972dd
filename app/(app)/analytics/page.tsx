import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Analytics' };

export default function AnalyticsPage() {
  return <PageHeader title="Advanced Treasury Analytics" description="Health, sector, risk and discovery analytics across tracked companies." />;
}
