import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Data Sources' };

export default async function DataSourcesPage() {
  if (!(await guardPage('/data-sources'))) return null;
  return <PageHeader title="Data Sources" description="The sources behind every figure and signal, with coverage and update frequency." />;
}
