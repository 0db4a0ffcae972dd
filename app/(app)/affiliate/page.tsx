import type { Metadata } from 'next';
import { AffiliateTabs } from '@/components/affiliate/affiliate-tabs';
import { GuardedPage } from '@/components/shell/guarded-page';

export const metadata: Metadata = { title: 'Affiliate Program' };
export const dynamic = 'force-dynamic';

export default function AffiliatePage() {
  return (
    <GuardedPage path="/affiliate" title="Affiliate Program" description="Referral links, influencer trials and your commissions.">
      <AffiliateTabs />
    </GuardedPage>
  );
}
