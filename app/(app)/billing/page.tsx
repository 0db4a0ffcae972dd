import type { Metadata } from 'next';
import { BillingView } from '@/components/billing/billing-view';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Billing' };
export const dynamic = 'force-dynamic';

export default async function BillingPage() {
  if (!(await guardPage('/billing'))) return null;
  return (
    <>
      <PageHeader title="Billing" description="Your subscription, plans and payment methods." />
      <BillingView />
    </>
  );
}
