import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Feature Suggestions' };

export default function SuggestionsPage() {
  return <PageHeader title="Feature Suggestions" description="Tell us what would make the platform more useful." />;
}
