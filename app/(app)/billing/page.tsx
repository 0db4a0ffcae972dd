import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Billing' };

export default async function BillingPage() {
  if (!(await guardPage('/billing'))) return null;
  return <PageHeader title="Billing" description="Your subscription, plans and payment methods." />;
}
