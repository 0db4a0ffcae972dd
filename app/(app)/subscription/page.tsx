import type { Metadata } from 'next';
import { PlansView } from '@/components/billing/plans-view';
import { GuardedPage } from '@/components/shell/guarded-page';

export const metadata: Metadata = { title: 'Plans' };
export const dynamic = 'force-dynamic';

export default function SubscriptionPage() {
  return (
    <GuardedPage path="/subscription" title="Choose Your Plan" description="Plans for investors, analysts and treasury teams.">
      <PlansView />
    </GuardedPage>
  );
}
