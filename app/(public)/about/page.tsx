import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'About' };

export default function AboutPage() {
  return <PageHeader title="About" description="Intelligence on the public companies that hold or adopt Bitcoin." />;
}
