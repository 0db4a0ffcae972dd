import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Reports' };

export default function ReportsPage() {
  return <PageHeader title="Intelligence Reports" description="Generated reports on treasury health, signals, risk and discoveries." />;
}
