import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Stripe Test' };

export default async function StripeTestPage() {
  if (!(await guardPage('/stripe-test'))) return null;
  return <PageHeader title="Stripe Test Payment" description="Create a 29 USD test payment." />;
}
