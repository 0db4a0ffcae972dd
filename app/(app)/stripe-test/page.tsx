import type { Metadata } from 'next';
import { StripeTestView } from '@/components/billing/stripe-test-view';
import { PageHeader } from '@/components/shell/page-header';
import { PaymentDocumentGuard } from '@/components/security/payment-document-guard';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { providerSources } from '@/lib/web/security-headers';

export const metadata: Metadata = { title: 'Stripe Test' };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

export default async function StripeTestPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await guardPage(db, '/stripe-test'))) return null;
  const status = (await searchParams).redirect_status;
  return (
    <>
      <PaymentDocumentGuard isNeeded={providerSources().script.length > 0} />
      <PageHeader title="Stripe Test Payment" description="Create a 29 USD test payment." />
      <StripeTestView redirectStatus={(Array.isArray(status) ? status[0] : status) || null} />
    </>
  );
}
