import type { Metadata } from 'next';
import { AffiliateTabs } from '@/components/affiliate/affiliate-tabs';
import { TrialNotice } from '@/components/affiliate/trial-notice';
import { PageHeader } from '@/components/shell/page-header';
import { isTrialFailure } from '@/lib/affiliate/schema';
import { guardPage } from '@/lib/auth/page-guard';

export const metadata: Metadata = { title: 'Affiliate Program' };
export const dynamic = 'force-dynamic';

export default async function AffiliatePage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  if (!(await guardPage('/affiliate'))) return null;
  const { trial } = await searchParams;
  const trialFailure = isTrialFailure(trial) ? trial : null;
  return (
    <>
      <PageHeader title="Affiliate Program" description="Referral links, influencer trials and your commissions." />
      {trialFailure && <TrialNotice reason={trialFailure} />}
      <AffiliateTabs initialTab={trialFailure ? 'influencer' : 'dashboard'} />
    </>
  );
}
