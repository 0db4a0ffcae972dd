import type { Metadata } from 'next';
import { PaymentSuccessView } from '@/components/billing/payment-success-view';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Payment' };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function single(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) || null;
}

export default async function PaymentSuccessPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await guardPage(db, '/payment-success'))) return null;
  const query = await searchParams;
  return (
    <>
      <PageHeader title="Payment" description="Confirming your card payment." />
      <PaymentSuccessView paymentIntent={single(query.payment_intent)} redirectStatus={single(query.redirect_status)} />
    </>
  );
}
