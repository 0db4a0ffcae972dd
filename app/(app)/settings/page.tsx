import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Account Settings' };

export default function SettingsPage() {
  return <PageHeader title="Account Settings" description="Your profile and password." />;
}
