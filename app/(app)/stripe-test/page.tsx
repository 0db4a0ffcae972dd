import type { Metadata } from 'next';
import { StripeTestView } from '@/components/billing/stripe-test-view';
import { GuardedPage } from '@/components/shell/guarded-page';
import { type SearchParams, singleParam } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Stripe Test' };
export const dynamic = 'force-dynamic';

export default async function StripeTestPage({ searchParams }: { searchParams: SearchParams }) {
  const status = (await searchParams).redirect_status;
  return (
    <GuardedPage path="/stripe-test" title="Stripe Test Payment" description="Create a 29 USD test payment." isPaymentPage>
      <StripeTestView redirectStatus={singleParam(status)} />
    </GuardedPage>
  );
}
