import type { Metadata } from 'next';
import { CheckoutView } from '@/components/billing/checkout-view';
import { GuardedPage } from '@/components/shell/guarded-page';
import { type SearchParams, singleParam } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Checkout' };
export const dynamic = 'force-dynamic';

export default async function CheckoutPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  return (
    <GuardedPage path="/checkout" title="Checkout" description="Complete your subscription." isPaymentPage>
      <CheckoutView
        clientSecret={singleParam(query.client_secret)}
        subscriptionId={singleParam(query.subscription_id)}
        planId={singleParam(query.plan)}
        interval={singleParam(query.interval)}
      />
    </GuardedPage>
  );
}
