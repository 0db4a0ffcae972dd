import type { Metadata } from 'next';
import { SuggestionForm } from '@/components/feedback/suggestion-form';
import { SuggestionGuide } from '@/components/feedback/suggestion-guide';
import { PageHeader } from '@/components/shell/page-header';
import { guardPage } from '@/lib/auth/page-guard';
import { db } from '@/lib/db';

export const metadata: Metadata = { title: 'Feature Suggestions' };
export const dynamic = 'force-dynamic';

export default async function SuggestionsPage() {
  if (!(await guardPage(db, '/suggestions'))) return null;
  return (
    <>
      <PageHeader title="Feature Suggestions" description="Tell us what would make the platform more useful." />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <SuggestionForm />
        </div>
        <SuggestionGuide />
      </div>
    </>
  );
}
