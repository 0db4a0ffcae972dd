import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Affiliate Program' };

export default function AffiliatePage() {
  return <PageHeader title="Affiliate Program" description="Referral links, influencer trials and commissions." />;
}
