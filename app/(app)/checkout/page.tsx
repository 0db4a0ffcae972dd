import type { Metadata } from 'next';
import { CheckoutView } from '@/components/billing/checkout-view';
import { PageHeader } from '@/components/shell/page-header';
import { PaymentDocumentGuard } from '@/components/security/payment-document-guard';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { providerSources } from '@/lib/web/security-headers';

export const metadata: Metadata = { title: 'Checkout' };
export const dynamic = 'force-dynamic';

type SearchParams = Promise<Record<string, string | string[] | undefined>>;

function single(value: string | string[] | undefined): string | null {
  return (Array.isArray(value) ? value[0] : value) || null;
}

export default async function CheckoutPage({ searchParams }: { searchParams: SearchParams }) {
  if (!(await guardPage(db, '/checkout'))) return null;
  const query = await searchParams;
  return (
    <>
      <PaymentDocumentGuard isNeeded={providerSources().script.length > 0} />
      <PageHeader title="Checkout" description="Complete your subscription." />
      <CheckoutView
        clientSecret={single(query.client_secret)}
        subscriptionId={single(query.subscription_id)}
        planId={single(query.plan)}
        interval={single(query.interval)}
      />
    </>
  );
}
