import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Plans' };

export default function SubscriptionPage() {
  return <PageHeader title="Choose Your Plan" description="Plans for investors, analysts and treasury teams." />;
}
