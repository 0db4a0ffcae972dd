import type { Metadata } from 'next';
import { AffiliateTabs } from '@/components/affiliate/affiliate-tabs';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Affiliate Program' };
export const dynamic = 'force-dynamic';

export default async function AffiliatePage() {
  if (!(await guardPage(db, '/affiliate'))) return null;
  return (
    <>
      <PageHeader title="Affiliate Program" description="Referral links, influencer trials and your commissions." />
      <AffiliateTabs />
    </>
  );
}
