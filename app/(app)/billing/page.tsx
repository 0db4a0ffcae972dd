import type { Metadata } from 'next';
import { BillingView } from '@/components/billing/billing-view';
import { GuardedPage } from '@/components/shell/guarded-page';

export const metadata: Metadata = { title: 'Billing' };
export const dynamic = 'force-dynamic';

export default function BillingPage() {
  return (
    <GuardedPage path="/billing" title="Billing" description="Your subscription, plans and payment methods." isPaymentPage>
      <BillingView />
    </GuardedPage>
  );
}
