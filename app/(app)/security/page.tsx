import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Security Settings' };

export default function SecurityPage() {
  return <PageHeader title="Security Settings" description="Two-factor authentication and backup codes." />;
}
