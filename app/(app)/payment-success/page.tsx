import type { Metadata } from 'next';
import { PaymentSuccessView } from '@/components/billing/payment-success-view';
import { GuardedPage } from '@/components/shell/guarded-page';
import { type SearchParams, singleParam } from '@/lib/web/search-params';

export const metadata: Metadata = { title: 'Payment' };
export const dynamic = 'force-dynamic';

export default async function PaymentSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  const query = await searchParams;
  return (
    <GuardedPage path="/payment-success" title="Payment" description="Confirming your card payment.">
      <PaymentSuccessView paymentIntent={singleParam(query.payment_intent)} redirectStatus={singleParam(query.redirect_status)} />
    </GuardedPage>
  );
}
