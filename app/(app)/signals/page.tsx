import type { Metadata } from 'next';
import { InlineDisclaimer } from '@/components/shared/disclaimer';
import { GuardedPage } from '@/components/shell/guarded-page';
import { SignalsView } from '@/components/signals/signals-view';

export const metadata: Metadata = { title: 'Signals' };
export const dynamic = 'force-dynamic';

export default function SignalsPage() {
  return (
    <GuardedPage path="/signals" title="Treasury Signal Detection" description="Signals from SEC filings, insider activity, pre-pump indicators and board meetings.">
      <SignalsView />
      <InlineDisclaimer className="mt-8" />
    </GuardedPage>
  );
}
