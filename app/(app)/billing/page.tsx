import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Billing' };

export default function BillingPage() {
  return <PageHeader title="Billing" description="Your subscription, plans and payment methods." />;
}
