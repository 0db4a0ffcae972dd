import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Signals' };

export default function SignalsPage() {
  return <PageHeader title="Treasury Signal Detection" description="Signals from SEC filings, insider activity, pre-pump indicators and board meetings." />;
}
