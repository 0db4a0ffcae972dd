import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Data Sources' };

export default function DataSourcesPage() {
  return <PageHeader title="Data Sources" description="The sources behind every figure and signal, with coverage and update frequency." />;
}
