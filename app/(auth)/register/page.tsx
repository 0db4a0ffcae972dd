import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Create account' };

export default function RegisterPage() {
  return <PageHeader title="Create account" description="Create your account." />;
}
