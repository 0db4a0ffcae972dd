import type { Metadata } from 'next';
import { PlansView } from '@/components/billing/plans-view';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Plans' };
export const dynamic = 'force-dynamic';

export default async function SubscriptionPage() {
  if (!(await guardPage(db, '/subscription'))) return null;
  return (
    <>
      <PageHeader title="Choose Your Plan" description="Plans for investors, analysts and treasury teams." />
      <PlansView />
    </>
  );
}
