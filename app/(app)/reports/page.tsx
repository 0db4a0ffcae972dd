import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Reports' };

export default async function ReportsPage() {
  if (!(await guardPage('/reports'))) return null;
  return <PageHeader title="Intelligence Reports" description="Generated reports on treasury health, signals, risk and discoveries." />;
}
