import type { Metadata } from 'next';
import { BillingView } from '@/components/billing/billing-view';
import { PageHeader } from '@/components/shell/page-header';
import { PaymentDocumentGuard } from '@/components/security/payment-document-guard';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';
import { providerSources } from '@/lib/web/security-headers';

export const metadata: Metadata = { title: 'Billing' };
export const dynamic = 'force-dynamic';

export default async function BillingPage() {
  if (!(await guardPage(db, '/billing'))) return null;
  return (
    <>
      <PaymentDocumentGuard isNeeded={providerSources().script.length > 0} />
      <PageHeader title="Billing" description="Your subscription, plans and payment methods." />
      <BillingView />
    </>
  );
}
