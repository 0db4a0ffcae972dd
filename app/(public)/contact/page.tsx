import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Contact Us' };

export default function ContactPage() {
  return <PageHeader title="Contact Us" description="Support replies within 24 hours. Business hours are Mon-Fri 9AM-6PM EST." />;
}
