import type { Metadata } from 'next';
import { SuggestionForm } from '@/components/feedback/suggestion-form';
import { SuggestionGuide } from '@/components/feedback/suggestion-guide';
import { GuardedPage } from '@/components/shell/guarded-page';

export const metadata: Metadata = { title: 'Feature Suggestions' };
export const dynamic = 'force-dynamic';

export default function SuggestionsPage() {
  return (
    <GuardedPage path="/suggestions" title="Feature Suggestions" description="Tell us what would make the platform more useful." aside={<SuggestionGuide />}>
      <SuggestionForm />
    </GuardedPage>
  );
}
