import type { Metadata } from 'next';
import { PageHeader } from '@/components/shell/page-header';

export const metadata: Metadata = { title: 'Sign in' };

export default function LoginPage() {
  return <PageHeader title="Sign in" description="Sign in to your account." />;
}
