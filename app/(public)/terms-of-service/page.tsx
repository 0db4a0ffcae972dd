import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Terms of Service' };

export default function TermsOfServicePage() {
  return <PageHeader title="Terms of Service" description="Last updated August 10, 2025" />;
}
