import type { Metadata } from 'next';
import { InlineDisclaimer } from '@/components/shared/disclaimer';
import { PageHeader } from '@/components/shell/page-header';
import { SignalsView } from '@/components/signals/signals-view';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Signals' };
export const dynamic = 'force-dynamic';

export default async function SignalsPage() {
  if (!(await guardPage(db, '/signals'))) return null;
  return (
    <>
      <PageHeader title="Treasury Signal Detection" description="Signals from SEC filings, insider activity, pre-pump indicators and board meetings." />
      <SignalsView />
      <InlineDisclaimer className="mt-8" />
    </>
  );
}
