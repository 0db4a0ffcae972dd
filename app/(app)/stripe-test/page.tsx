import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Stripe Test' };

export default function StripeTestPage() {
  return <PageHeader title="Stripe Test Payment" description="Create a 29 USD test payment." />;
}
